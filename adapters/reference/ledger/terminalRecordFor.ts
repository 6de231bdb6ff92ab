import { digestText } from '../../../harness/protocol/digest.js';
import type { AdmissionRecord, TerminalRecord } from './OperationView.js';

/**
 * The fake provider's result for an admission. Deterministic, and non-ASCII
 * on purpose (`✓`, `—`): its UTF-8 length differs from its UTF-16 length, so a
 * host or adapter that counts code units is caught.
 *
 * @param admission - the admitted operation
 */
export function terminalRecordFor(admission: AdmissionRecord): TerminalRecord {
  const { operationId, requestDigest } = admission.binding;
  const text = `completed ✓ ${operationId} — ${requestDigest.slice('sha256:'.length, 'sha256:'.length + 12)}`;
  return {
    revision: 2,
    outcome: 'completed',
    result: { text, digest: digestText(text), length: Buffer.byteLength(text, 'utf8') },
  };
}
