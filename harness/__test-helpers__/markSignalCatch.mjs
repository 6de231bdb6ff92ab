// Preloaded (node --import) by the interrupted-run tests into the CLI: creates the file named by
// ADAPTER_QUALIFY_TEST_CATCH_MARKER once the process first listens for SIGTERM, so that a test can send
// the signal at a known moment of the start-up (Node's own handlers make /proc's SigCgt useless for that).
import { writeFileSync } from 'node:fs';

const marker = process.env.ADAPTER_QUALIFY_TEST_CATCH_MARKER;
const on = process.on;
process.on = function onAndMark(event, listener) {
  const result = on.call(this, event, listener);
  if (marker !== undefined && event === 'SIGTERM') writeFileSync(marker, '');
  return result;
};
