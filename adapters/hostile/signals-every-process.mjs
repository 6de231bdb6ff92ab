// argv: <SIGNAL> then the call's own arguments. Ignores SIGNAL (when it can) and sends it to every process it can see but itself
// (its ancestors first: launcher, keeper, spawner, tracer, the suite when it is visible; PID 1 too), the way a
// buggy or hostile cleanup does, then answers as the reference adapter does.
import { readdirSync, readFileSync } from 'node:fs';

const signal = process.argv[2];
process.argv.splice(2, 1);
// What it sends it does not take itself: a signal forwarded back to the call must not end it.
if (signal !== 'SIGSTOP' && signal !== 'SIGKILL') process.on(signal, () => undefined);

function parentOf(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1].split(' ')[1]);
  } catch {
    return 0;
  }
}

const ancestors = [];
for (let pid = process.ppid; pid > 1 && !ancestors.includes(pid); pid = parentOf(pid)) ancestors.push(pid);
const others = readdirSync('/proc')
  .filter((entry) => /^\d+$/.test(entry))
  .map(Number)
  .filter((pid) => pid !== process.pid && !ancestors.includes(pid));
for (const pid of [...ancestors, ...others]) {
  try {
    process.kill(pid, signal);
  } catch {
    // not ours to signal, or gone
  }
}
const { runReference } = await import('./_reference.mjs');
await runReference((text) => text);
