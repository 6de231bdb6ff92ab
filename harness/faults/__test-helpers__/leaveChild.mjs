// Starts a detached child that writes <file> a little later, answers, and exits
// at once: the child outlives the call. argv: <file> [<go>]: with <go>, the child
// writes only once the file <go> exists (the test says when), else after 300 ms.
import { spawn } from 'node:child_process';

const [file, go] = process.argv.slice(2).map((path) => JSON.stringify(path));
const write = `require('node:fs').writeFileSync(${file}, 'late')`;
const body = go === undefined ? `setTimeout(() => ${write}, 300)` : `const timer = setInterval(() => { if (require('node:fs').existsSync(${go})) { clearInterval(timer); ${write}; } }, 20)`;
const child = spawn(process.execPath, ['-e', body], { detached: true, stdio: 'ignore' });
child.unref();
process.stdout.write('done\n');
