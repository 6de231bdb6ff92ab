import * as fc from 'fast-check';
import { requestText } from '../harness/protocol/requestText.js';
import { defect } from './_internals/defect.js';
import { defectTarget } from './_internals/defectTarget.js';
import { requestObject } from './_internals/requestObject.js';
import type { RequestDefect } from './RequestDefect.js';

/**
 * REQ-ACTION-ARGV: a complete, valid request of one action sent under the
 * other argv action — argv `observe` with a JSON submit carrying its payload
 * (the dangerous one: an adapter trusting the JSON admits it), and argv
 * `submit` with a JSON observe.
 */
export function actionArgvDefect(): fc.Arbitrary<RequestDefect> {
  return fc.record({ jsonSubmit: fc.boolean(), target: defectTarget() }).map(({ jsonSubmit, target }) =>
    defect({
      clauseId: 'REQ-ACTION-ARGV',
      argvAction: jsonSubmit ? 'observe' : 'submit',
      target,
      what: jsonSubmit ? 'a valid JSON submit with its payload' : 'a valid JSON observe',
      build: (base) => ({ text: requestText(requestObject(jsonSubmit ? 'submit' : 'observe', base)), followUps: [base.binding] }),
    }),
  );
}
