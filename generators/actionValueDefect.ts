import * as fc from 'fast-check';
import type { JsonValue } from '../harness/protocol/canonicalJson.js';
import { requestText } from '../harness/protocol/requestText.js';
import { ACTIONS, type Action } from '../harness/protocol/types.js';
import { argvAction } from './_internals/argvAction.js';
import { defect } from './_internals/defect.js';
import { defectTarget } from './_internals/defectTarget.js';
import { requestObject } from './_internals/requestObject.js';
import { show } from './_internals/show.js';
import { smallJson } from './_internals/smallJson.js';
import type { RequestDefect } from './RequestDefect.js';

/** Commands the protocol does not have, and spellings of the two it has. */
const NON_ACTIONS: readonly string[] = [
  'retry', 'resume', 'cancel', 'status', 'recover', 'reset',
  'Submit', 'SUBMIT', 'Observe', 'OBSERVE', '', ' submit', 'submit ', 'observe\n', 'sub', 'submit\u0000',
];

/**
 * REQ-ACTION-VALUE: a request whose JSON `action` is neither `submit` nor
 * `observe` (other commands, case and padding variants, random values). The
 * payload follows the argv action. Such a request necessarily also differs
 * from the argv action (REQ-ACTION-ARGV), which is listed in `alsoCrosses`.
 */
export function actionValueDefect(): fc.Arbitrary<RequestDefect> {
  const value: fc.Arbitrary<JsonValue> = fc.oneof(
    fc.constantFrom(...NON_ACTIONS),
    fc.string({ maxLength: 20 }).filter((text) => !ACTIONS.includes(text as Action)),
    smallJson().filter((json) => !ACTIONS.includes(json as Action)),
  );
  return fc.record({ value, action: argvAction(), target: defectTarget() }).map(({ value: jsonAction, action, target }) =>
    defect({
      clauseId: 'REQ-ACTION-VALUE',
      alsoCrosses: ['REQ-ACTION-ARGV'],
      argvAction: action,
      target,
      what: `JSON action ${show(jsonAction)}`,
      build: (base) => {
        const request = requestObject(action, base);
        request.action = jsonAction;
        return { text: requestText(request), followUps: [base.binding] };
      },
    }),
  );
}
