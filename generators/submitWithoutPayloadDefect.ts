import * as fc from 'fast-check';
import { requestText } from '../harness/protocol/requestText.js';
import { defect } from './_internals/defect.js';
import { defectTarget } from './_internals/defectTarget.js';
import { requestObject } from './_internals/requestObject.js';
import type { RequestDefect } from './RequestDefect.js';

/**
 * REQ-SUBMIT-PAYLOAD: a submit (argv and JSON) with everything but its
 * payload. On an admitted binding, an adapter that replays the admission
 * without looking for the payload answers with it.
 */
export function submitWithoutPayloadDefect(): fc.Arbitrary<RequestDefect> {
  return defectTarget().map((target) =>
    defect({
      clauseId: 'REQ-SUBMIT-PAYLOAD',
      argvAction: 'submit',
      target,
      what: 'submit without payload',
      build: (base) => {
        const request = requestObject('submit', base);
        delete request.payload;
        return { text: requestText(request), followUps: [base.binding] };
      },
    }),
  );
}
