// Answers as the reference adapter does, each outcome padded with trailing
// whitespace (still one valid JSON text) to exactly the default output bound, 1 MiB.
import { runReference } from './_reference.mjs';

const BOUND = 1_048_576;
await runReference((text) => {
  const trimmed = text.trimEnd();
  return trimmed + ' '.repeat(Math.max(0, BOUND - Buffer.byteLength(trimmed) - 1)) + '\n';
});
