// Spawns a grandchild (same process group) that inherits stdout/stderr and sleeps 30 s,
// writes its pid to the file named by the first argument, prints a valid-looking
// outcome and exits 0 while the grandchild still holds stdout open.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
const pidFile = process.argv[2];
const grandchild = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: ['ignore', 'inherit', 'inherit'] });
if (pidFile !== undefined && pidFile !== 'submit' && pidFile !== 'observe') writeFileSync(pidFile, String(grandchild.pid));
grandchild.unref();
process.stdout.write(JSON.stringify({ contract: 'algal.coding-operation.v1', state: 'unknown', reason: 'missing' }), () => process.exit(0));
