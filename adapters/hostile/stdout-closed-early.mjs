// Closes stdout at once without writing, then runs on (writing to stderr) for 30 s.
import { closeSync } from 'node:fs';
closeSync(1);
const timer = setInterval(() => process.stderr.write('still running\n'), 200);
setTimeout(() => clearInterval(timer), 30_000);
