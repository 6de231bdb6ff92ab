import * as fc from 'fast-check';
import type { JsonValue } from '../harness/protocol/canonicalJson.js';
import { requestText } from '../harness/protocol/requests.js';
import { ACTIONS, OUTCOME_CONTRACT, REQUEST_CONTRACT, type Action } from '../harness/protocol/types.js';
import { argvAction, defect, defectTarget, requestObject, show, type DefectTarget, type RequestDefect } from './RequestDefect.js';
import { setOwn, smallJson } from './shapes.js';

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

/** Commands the protocol does not have, and spellings of the two it has. */
const NON_ACTIONS: readonly string[] = [
  'retry',
  'resume',
  'cancel',
  'status',
  'recover',
  'reset',
  'Submit',
  'SUBMIT',
  'Observe',
  'OBSERVE',
  '',
  ' submit',
  'submit ',
  'observe\n',
  'sub',
  'submit\u0000',
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

/** The request's own field names; `payload` is judged by the action, never as unknown. */
const REQUEST_FIELDS: readonly string[] = ['contract', 'action', 'binding', 'payload'];

/** Commands the protocol does not have, case variants of real fields, outcome fields, prototype names. */
const SUSPECT_NAMES: readonly string[] = [
  'retry',
  'resume',
  'cancel',
  'force',
  'recover',
  'Payload',
  'Binding',
  'Contract',
  'Action',
  'payload ',
  'state',
  'revision',
  'acceptanceRef',
  'operationId',
  'requestDigest',
  'authorityId',
  '__proto__',
  'constructor',
  '',
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

/** Fields every request must carry (the payload's presence is REQ-SUBMIT-PAYLOAD's). */
const REQUIRED_FIELDS = ['contract', 'action', 'binding'] as const;

/** Ways to send the whole request as something that is not an object. */
const WRAPPINGS = ['array', 'string', 'null'] as const;
type Wrapping = (typeof WRAPPINGS)[number];

/** What is wrong with the request. */
type Change = { readonly kind: 'deleted'; readonly fields: readonly (typeof REQUIRED_FIELDS)[number][] } | { readonly kind: 'wrapped'; readonly wrapping: Wrapping };

/**
 * REQ-REQUIRED: a well-formed request with one or more of `contract`, `action`,
 * `binding` deleted, or the whole request sent as a non-object (wrapped in an
 * array, double-encoded as a JSON string, or `null`).
 */
export function missingFieldDefect(): fc.Arbitrary<RequestDefect> {
  const deleted = fc.subarray([...REQUIRED_FIELDS], { minLength: 1 }).map((fields) => ({ kind: 'deleted' as const, fields }));
  const wrapped = fc.constantFrom(...WRAPPINGS).map((wrapping) => ({ kind: 'wrapped' as const, wrapping }));
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
