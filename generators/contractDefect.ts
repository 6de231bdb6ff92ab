import * as fc from 'fast-check';
import type { JsonValue } from '../harness/protocol/canonicalJson.js';
import { requestText } from '../harness/protocol/requestText.js';
import { OUTCOME_CONTRACT, REQUEST_CONTRACT } from '../harness/protocol/types.js';
import { argvAction } from './_internals/argvAction.js';
import { defect } from './_internals/defect.js';
import { defectTarget } from './_internals/defectTarget.js';
import { requestObject } from './_internals/requestObject.js';
import { show } from './_internals/show.js';
import { smallJson } from './_internals/smallJson.js';
import type { RequestDefect } from './RequestDefect.js';

/** Strings an adapter comparing loosely (prefix, case, trim, version) could take for the contract. */
const NEAR_MISSES: readonly string[] = [
  OUTCOME_CONTRACT,
  'algal.coding-operation-request.v2',
  'algal.coding-operation-request.v0',
  'algal.coding-operation-request.v1.1',
  'algal.coding-operation-request.V1',
  REQUEST_CONTRACT.toUpperCase(),
  'algal.coding-operation-request',
  'algal.coding_operation_request.v1',
  `${REQUEST_CONTRACT} `,
  ` ${REQUEST_CONTRACT}`,
  `${REQUEST_CONTRACT}\n`,
  `${REQUEST_CONTRACT}\u0000`,
  '',
];

/**
 * REQ-CONTRACT: a request whose `contract` is any other value — near misses of
 * the request contract (the outcome contract, other versions, case, padding),
 * random strings and non-strings.
 */
export function contractDefect(): fc.Arbitrary<RequestDefect> {
  const value: fc.Arbitrary<JsonValue> = fc.oneof(
    fc.constantFrom(...NEAR_MISSES),
    fc.string({ maxLength: 40 }).filter((text) => text !== REQUEST_CONTRACT),
    smallJson().filter((json) => json !== REQUEST_CONTRACT),
    fc.constant<JsonValue>([REQUEST_CONTRACT]),
  );
  return fc.record({ value, action: argvAction(), target: defectTarget() }).map(({ value: contract, action, target }) =>
    defect({
      clauseId: 'REQ-CONTRACT',
      argvAction: action,
      target,
      what: `${action} with contract ${show(contract)}`,
      build: (base) => {
        const request = requestObject(action, base);
        request.contract = contract;
        return { text: requestText(request), followUps: [base.binding] };
      },
    }),
  );
}
