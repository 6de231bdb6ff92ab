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
import type { Action } from '../harness/protocol/types.js';
import type { DefectTarget, RequestDefect } from './RequestDefect.js';

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
  return fc.record({ value, action: argvAction(), target: defectTarget() }).map(({ value: contract, action, target }) => contractCase(contract, action, target));
}

/**
 * The must-try cases of REQ-CONTRACT, run first whatever the seed: the outcome contract on a fresh submit and another version on an admitted observe.
 */
export function contractExamples(): RequestDefect[] {
  return [contractCase('algal.coding-operation.v1', 'submit', 'fresh'), contractCase('algal.coding-operation-request.v2', 'observe', 'admitted')];
}

function contractCase(contract: JsonValue, action: Action, target: DefectTarget): RequestDefect {
  return defect({
    clauseId: 'REQ-CONTRACT',
    argvAction: action,
    target,
    what: `${action} with contract ${show(contract)}`,
    build: (base) => {
      const request = requestObject(action, base);
      request.contract = contract;
      return { text: requestText(request), followUps: [base.binding] };
    },
  });
}
