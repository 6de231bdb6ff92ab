// Prints a valid-looking outcome and exits 0 at once, while a child it started
// keeps stdout and stderr open for 700 ms more: the host sees EOF long after the
// exit, as it does when a busy machine delays reading the pipe.
import { spawn } from 'node:child_process';
spawn(process.execPath, ['-e', 'setTimeout(() => {}, 700)'], { stdio: ['ignore', 'inherit', 'inherit'] }).unref();
process.stdout.write(JSON.stringify({ contract: 'algal.coding-operation.v1', state: 'unknown', reason: 'missing' }), () => process.exit(0));
