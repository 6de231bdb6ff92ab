import { requestText } from '../../harness/protocol/requestText.js';
import { REQUEST_CONTRACT, type Binding } from '../../harness/protocol/types.js';

/**
 * The canonical text of a submit of `binding` whose payload is the raw
 * `payloadText`, for payloads JSON values cannot carry (`1e400`) or that are
 * cheaper to serialize once. `payload` sorts last among the request's keys,
 * so the text stays canonical.
 * @internal
 */
export function submitTextWith(binding: Binding, payloadText: string): string {
  const envelope = requestText({ contract: REQUEST_CONTRACT, action: 'submit', binding });
  return `${envelope.slice(0, -1)},"payload":${payloadText}}`;
}
