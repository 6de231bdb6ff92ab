import * as fc from 'fast-check';
import type { JsonValue } from '../harness/protocol/canonicalJson.js';
import { requestText } from '../harness/protocol/requestText.js';
import { argvAction } from './_internals/argvAction.js';
import { defect } from './_internals/defect.js';
import { defectTarget } from './_internals/defectTarget.js';
import { requestObject } from './_internals/requestObject.js';
import { setOwn } from './_internals/setOwn.js';
import { show } from './_internals/show.js';
import { smallJson } from './_internals/smallJson.js';
import type { Action } from '../harness/protocol/types.js';
import type { DefectTarget, RequestDefect } from './RequestDefect.js';

/** The request's own field names; `payload` is judged by the action, never as unknown. */
const REQUEST_FIELDS: readonly string[] = ['contract', 'action', 'binding', 'payload'];

/** Commands the protocol does not have, case variants of real fields, outcome fields, prototype names. */
const SUSPECT_NAMES: readonly string[] = [
  'retry', 'resume', 'cancel', 'force', 'recover',
  'Payload', 'Binding', 'Contract', 'Action', 'payload ',
  'state', 'revision', 'acceptanceRef', 'operationId', 'requestDigest', 'authorityId',
  '__proto__', 'constructor', '',
];

/**
 * REQ-CLOSED: a well-formed request plus one to three unknown top-level
 * fields (`retry`, `resume`, near misses of real fields, random names) with
 * arbitrary values.
 */
export function unknownFieldDefect(): fc.Arbitrary<RequestDefect> {
  const name = fc.oneof(fc.constantFrom(...SUSPECT_NAMES), fc.string({ maxLength: 16 })).filter((key) => !REQUEST_FIELDS.includes(key));
  const fields = fc.uniqueArray(fc.tuple(name, smallJson()), { minLength: 1, maxLength: 3, selector: ([key]) => key });
  return fc.record({ fields, action: argvAction(), target: defectTarget() }).map(({ fields: extra, action, target }) => unknownFieldCase(extra, action, target));
}

/**
 * The must-try cases of REQ-CLOSED, run first whatever the seed: the commands
 * the protocol does not have (`retry` on a fresh submit, `resume` on an admitted observe).
 */
export function unknownFieldExamples(): RequestDefect[] {
  return [unknownFieldCase([['retry', true]], 'submit', 'fresh'), unknownFieldCase([['resume', true]], 'observe', 'admitted')];
}

function unknownFieldCase(extra: readonly (readonly [string, JsonValue])[], action: Action, target: DefectTarget): RequestDefect {
  return defect({
    clauseId: 'REQ-CLOSED',
    argvAction: action,
    target,
    what: `${action} with unknown top-level ${extra.map(([key, value]) => `${show(key)}: ${show(value)}`).join(', ')}`,
    build: (base) => {
      const request = requestObject(action, base);
      for (const [key, value] of extra) setOwn(request, key, value as JsonValue);
      return { text: requestText(request), followUps: [base.binding] };
    },
  });
}
