import * as fc from 'fast-check';
import { expect } from 'vitest';
import type { JsonValue } from '../../harness/protocol/canonicalJson.js';
import { bindingFor, observeRequest, requestText } from '../../harness/protocol/requests.js';
import { IDENTITY_PATTERN } from '../../harness/protocol/types.js';
import { validateRequestText } from '../../harness/protocol/validateRequest.js';
import type { PayloadFamily } from '../../harness/options/runOptions.js';
import { payload } from '../payload.js';
import type { DefectBase, RequestDefect } from '../RequestDefect.js';
import { measurePayload, type PayloadMeasure } from '../../harness/protocol/measurePayload.js';

/** What the oracle check varies besides the defect. */
export interface CheckDefectsOptions {
  readonly numRuns?: number;
  readonly family?: PayloadFamily;
}

/** A base as the suite builds it: a valid payload bound under a random authority. */
export function baseArbitrary(family: PayloadFamily = { kind: 'any-json' }): fc.Arbitrary<(operationIdLength: number | null) => DefectBase> {
  return fc
    .record({ payload: payload(family), operationId: fc.stringMatching(IDENTITY_PATTERN), authorityId: fc.stringMatching(IDENTITY_PATTERN) })
    .map(({ payload: value, operationId, authorityId }) => (operationIdLength: number | null) => {
      const id = operationIdLength === null ? operationId : operationId.slice(0, operationIdLength).padEnd(operationIdLength, 'x');
      return { binding: bindingFor({ operationId: id, authorityId, payload: value }), payload: value as JsonValue, authorityId };
    });
}

/**
 * Asserts, for many generated cases, that the host oracle reports the
 * defect's clause and nothing outside `{clauseId, ...alsoCrosses}`, that every
 * follow-up is a well-formed binding, and that building is deterministic.
 */
export function checkDefects(arbitrary: fc.Arbitrary<RequestDefect>, options: CheckDefectsOptions = {}): void {
  fc.assert(
    fc.property(arbitrary, baseArbitrary(options.family), (defect, baseFor) => {
      const base = baseFor(defect.operationIdLength);
      const built = defect.build(base);
      const reported = validateRequestText(built.text, { argvAction: defect.argvAction, authorityId: base.authorityId }).map((found) => found.clauseId);
      const context = `${defect.describe()}\n${built.text.slice(0, 400)}`;
      expect(reported, context).toContain(defect.clauseId);
      expect(
        [...new Set(reported)].filter((id) => id !== defect.clauseId && !defect.alsoCrosses.includes(id)),
        context,
      ).toEqual([]);
      expect(built.followUps.length).toBeGreaterThan(0);
      for (const binding of built.followUps) {
        expect(validateRequestText(requestText(observeRequest(binding)), { argvAction: 'observe', authorityId: base.authorityId }), context).toEqual([]);
      }
      expect(defect.blame).toContain(defect.clauseId);
      expect(defect.describe().length).toBeGreaterThan(0);
      expect(defect.build(base).text).toBe(built.text);
    }),
    { numRuns: options.numRuns ?? 200 },
  );
}

/** Measures of the payloads that sampled cases of `arbitrary` send (bound defects carry their own payload). */
export function sentPayloadMeasures(arbitrary: fc.Arbitrary<RequestDefect>, numRuns = 10): PayloadMeasure[] {
  const base = { binding: bindingFor({ operationId: 'op-1', authorityId: 'ledger-a1', payload: null }), payload: null, authorityId: 'ledger-a1' };
  return fc.sample(arbitrary, numRuns).map((defect) => measurePayload((JSON.parse(defect.build(base).text) as { payload: unknown }).payload));
}
