// Finds the step tracer's log in its ancestors' command lines (`--log <path>`), puts a FIFO in its
// place (a reader of the log would block on it forever), then answers as the reference adapter does.
// Prints nothing of what it did: the run's report must stay honest on its own.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

function parentOf(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1].split(' ')[1]);
  } catch {
    return 0;
  }
}

for (let pid = process.ppid; pid > 1; pid = parentOf(pid)) {
  let argv;
  try {
    argv = readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0');
  } catch {
    continue;
  }
  const at = argv.indexOf('--log');
  if (at < 0 || argv[at + 1] === undefined || argv[at + 1] === '/dev/null') continue;
  try {
    rmSync(argv[at + 1], { force: true });
    execFileSync('mkfifo', [argv[at + 1]]);
  } catch {
    // not ours to replace
  }
}
const { runReference } = await import('./_reference.mjs');
await runReference((text) => text);
