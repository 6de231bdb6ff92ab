import * as fc from 'fast-check';
import { bindingFor } from '../../harness/protocol/bindingFor.js';
import { measurePayload, type PayloadMeasure } from '../../harness/protocol/measurePayload.js';
import type { RequestDefect } from '../RequestDefect.js';

/** Measures of the payloads that sampled cases of `arbitrary` send (bound defects carry their own payload). */
export function sentPayloadMeasures(arbitrary: fc.Arbitrary<RequestDefect>, numRuns = 10): PayloadMeasure[] {
  const base = { binding: bindingFor({ operationId: 'op-1', authorityId: 'ledger-a1', payload: null }), payload: null, authorityId: 'ledger-a1' };
  return fc.sample(arbitrary, numRuns).map((defect) => measurePayload((JSON.parse(defect.build(base).text) as { payload: unknown }).payload));
}
