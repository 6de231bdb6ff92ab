import * as fc from 'fast-check';
import type { JsonValue } from '../harness/protocol/canonicalJson.js';
import { requestText } from '../harness/protocol/requestText.js';
import { defect } from './_internals/defect.js';
import { defectTarget } from './_internals/defectTarget.js';
import { requestObject } from './_internals/requestObject.js';
import { show } from './_internals/show.js';
import { smallJson } from './_internals/smallJson.js';
import type { RequestDefect } from './RequestDefect.js';

/**
 * REQ-OBSERVE-NO-PAYLOAD: an observe (argv and JSON) carrying a payload —
 * the binding's own payload (an adapter treating it as a submit admits it),
 * `null`, or another small value.
 */
export function observeWithPayloadDefect(): fc.Arbitrary<RequestDefect> {
  const carried = fc.oneof(
    { weight: 3, arbitrary: fc.constant({ own: true as const }) },
    { weight: 1, arbitrary: fc.constant({ own: false as const, json: null }) },
    { weight: 2, arbitrary: smallJson().map((json: JsonValue) => ({ own: false as const, json })) },
  );
  return fc.record({ carried, target: defectTarget() }).map(({ carried: payload, target }) =>
    defect({
      clauseId: 'REQ-OBSERVE-NO-PAYLOAD',
      argvAction: 'observe',
      target,
      what: `observe carrying ${payload.own ? "the binding's own payload" : `payload ${show(payload.json)}`}`,
      build: (base) => {
        const request = requestObject('observe', base);
        request.payload = payload.own ? base.payload : payload.json;
        return { text: requestText(request), followUps: [base.binding] };
      },
    }),
  );
}
