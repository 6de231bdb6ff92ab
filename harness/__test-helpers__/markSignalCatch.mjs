// Preloaded (node --import) by the interrupted-run tests into the CLI: creates the file named by
// ADAPTER_QUALIFY_TEST_CATCH_MARKER once the process first listens for SIGTERM, so that a test can send
// the signal at a known moment of the start-up (Node's own handlers make /proc's SigCgt useless for that).
// With ADAPTER_QUALIFY_TEST_SIGNAL_AT_VITEST set to a signal, the process sends itself that signal the moment
// vitest adds its own SIGTERM listener (its start-up, before any reporter hook), and creates the marker then.
import { writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const marker = process.env.ADAPTER_QUALIFY_TEST_CATCH_MARKER;
const atVitest = process.env.ADAPTER_QUALIFY_TEST_SIGNAL_AT_VITEST;
let sent = false;
const on = process.on;
process.on = function onAndMark(event, listener) {
  const result = on.call(this, event, listener);
  if (marker === undefined || event !== 'SIGTERM' || !isMainThread) return result;
  if (atVitest === undefined) writeFileSync(marker, '');
  else if (!sent && /[\\/]vitest[\\/]/.test(new Error().stack ?? '')) {
    sent = true;
    writeFileSync(marker, String(Date.now()));
    process.kill(process.pid, atVitest);
  }
  return result;
};
