// Answers like the reference adapter but keeps only state, operationId and authorityId of
// each outcome: no contract, requestDigest, revision or state field. A clause judging a field
// it never writes has no case, so it must not PASS.
import { runReference } from './_reference.mjs';

await runReference((text) => {
  const { state, operationId, authorityId } = JSON.parse(text);
  return `${JSON.stringify({ state, operationId, authorityId })}\n`;
});
