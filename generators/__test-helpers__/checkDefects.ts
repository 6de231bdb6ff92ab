import * as fc from 'fast-check';
import { expect } from 'vitest';
import type { JsonValue } from '../../harness/protocol/canonicalJson.js';
import { bindingFor } from '../../harness/protocol/bindingFor.js';
import { IDENTITY_PATTERN } from '../../harness/protocol/identity.js';
import { observeRequest } from '../../harness/protocol/observeRequest.js';
import { requestText } from '../../harness/protocol/requestText.js';
import { validateRequestText } from '../../harness/protocol/validateRequestText.js';
import type { PayloadFamily } from '../../harness/runOptions.js';
import { payload } from '../payload.js';
import type { DefectBase, RequestDefect } from '../RequestDefect.js';

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
      expect([...new Set(reported)].filter((id) => id !== defect.clauseId && !defect.alsoCrosses.includes(id)), context).toEqual([]);
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
