import * as fc from 'fast-check';
import { requestText } from '../harness/protocol/requestText.js';
import { argvAction } from './_internals/argvAction.js';
import { defect } from './_internals/defect.js';
import { defectTarget } from './_internals/defectTarget.js';
import { requestObject } from './_internals/requestObject.js';
import type { Action } from '../harness/protocol/types.js';
import type { DefectTarget, RequestDefect } from './RequestDefect.js';

/** Fields every request must carry (the payload's presence is REQ-SUBMIT-PAYLOAD's). */
const REQUIRED_FIELDS = ['contract', 'action', 'binding'] as const;

/** Ways to send the whole request as something that is not an object. */
type Wrapping = 'array' | 'string' | 'null';

/** What is wrong with the request. */
type Change =
  | { readonly kind: 'deleted'; readonly fields: readonly (typeof REQUIRED_FIELDS)[number][] }
  | { readonly kind: 'wrapped'; readonly wrapping: Wrapping };

/**
 * REQ-REQUIRED: a well-formed request with one or more of `contract`, `action`,
 * `binding` deleted, or the whole request sent as a non-object (wrapped in an
 * array, double-encoded as a JSON string, or `null`).
 */
export function missingFieldDefect(): fc.Arbitrary<RequestDefect> {
  const deleted = fc.subarray([...REQUIRED_FIELDS], { minLength: 1 }).map((fields) => ({ kind: 'deleted' as const, fields }));
  const wrapped = fc.constantFrom<Wrapping>('array', 'string', 'null').map((wrapping) => ({ kind: 'wrapped' as const, wrapping }));
  return fc.record({ change: fc.oneof(deleted, wrapped), action: argvAction(), target: defectTarget() }).map(({ change, action, target }) => missingFieldCase(change, action, target));
}

/**
 * The must-try cases of REQ-REQUIRED, run first whatever the seed: a fresh
 * submit without `contract`, and one without `action` (an adapter that fills
 * in defaults admits both).
 */
export function missingFieldExamples(): RequestDefect[] {
  return [missingFieldCase({ kind: 'deleted', fields: ['contract'] }, 'submit', 'fresh'), missingFieldCase({ kind: 'deleted', fields: ['action'] }, 'submit', 'fresh')];
}

function missingFieldCase(change: Change, action: Action, target: DefectTarget): RequestDefect {
  return defect({
    clauseId: 'REQ-REQUIRED',
    argvAction: action,
    target,
    what: change.kind === 'deleted' ? `${action} without ${change.fields.join(', ')}` : `${action} request sent as ${change.wrapping === 'null' ? 'null' : `a JSON ${change.wrapping}`}`,
    build: (base) => {
      const request = requestObject(action, base);
      if (change.kind === 'deleted') {
        for (const field of change.fields) delete request[field];
        return { text: requestText(request), followUps: [base.binding] };
      }
      const sent = change.wrapping === 'array' ? [request] : change.wrapping === 'string' ? requestText(request) : null;
      return { text: requestText(sent), followUps: [base.binding] };
    },
  });
}
