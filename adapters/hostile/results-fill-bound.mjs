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
  let text = outcome.result.text;
  // The length field's digits move with the size: settle in a few rounds.
  for (let round = 0; round < 4; round += 1) {
    const size = Buffer.byteLength(canonicalJson(withText(outcome, text))) + 1;
    text += 'x'.repeat(Math.max(0, BOUND - size));
  }
  return `${canonicalJson(withText(outcome, text))}\n`;
});
