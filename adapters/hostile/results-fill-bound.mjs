// Answers as the reference adapter does, but a terminal result's text is padded
// (deterministically, digest and length kept consistent) so the whole outcome line
// is exactly the default output bound, 1 MiB.
import { fileURLToPath } from 'node:url';
import { runReference } from './_reference.mjs';

const BOUND = 1_048_576;
const { canonicalJson } = await import(fileURLToPath(new URL('../../dist/harness/protocol/canonicalJson.js', import.meta.url)));
const { digestText } = await import(fileURLToPath(new URL('../../dist/harness/protocol/digest.js', import.meta.url)));

function withText(outcome, text) {
  return { ...outcome, result: { text, digest: digestText(text), length: Buffer.byteLength(text) } };
}

await runReference((line) => {
  const outcome = JSON.parse(line);
  if (outcome.state !== 'terminal') return line;
  const base = outcome.result.text;
  // The length field's digits move with the size: settle the pad in a few rounds, either way.
  let pad = 0;
  for (let round = 0; round < 6; round += 1) {
    const size = Buffer.byteLength(canonicalJson(withText(outcome, base + 'x'.repeat(pad)))) + 1;
    pad = Math.max(0, pad + BOUND - size);
  }
  return `${canonicalJson(withText(outcome, base + 'x'.repeat(pad)))}\n`;
});
