// Prints a valid-looking outcome, then kills itself with SIGKILL (a signal the host did not send).
import { writeSync } from 'node:fs';
writeSync(1, JSON.stringify({ contract: 'algal.coding-operation.v1', state: 'unknown', reason: 'missing' }));
process.kill(process.pid, 'SIGKILL');
