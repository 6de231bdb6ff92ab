// Starts a detached child that writes <file> a little later, answers, and exits
// at once: the child outlives the call. argv: <file>.
import { spawn } from 'node:child_process';

const child = spawn(process.execPath, ['-e', `setTimeout(() => require('node:fs').writeFileSync(${JSON.stringify(process.argv[2])}, 'late'), 300)`], {
  detached: true,
  stdio: 'ignore',
});
child.unref();
process.stdout.write('done\n');
