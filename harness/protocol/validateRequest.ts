import type { ClauseId } from '../clauses.js';
import { violation, type Violation } from '../violation.js';
import { excerpt, isJsonObject, jsonPointer, jsonType } from './jsonValues.js';
import { digestCanonical, isDigest } from './digest.js';
import { isIdentity, limits, ACTIONS, REQUEST_CONTRACT, type Action } from './types.js';
import { measurePayload, type PayloadMeasure } from './measurePayload.js';
import { describeError } from '../UsageError.js';

/** What the host knows besides the request text. */
export interface RequestValidationContext {
  /** The action given on argv (WIRE-ARGV). */
  readonly argvAction: Action;
  /** The adapter's configured authority; when given, REQ-AUTHORITY is checked too. */
  readonly authorityId?: string;
}

/**
 * The protocol's reference host parser as an oracle: every REQ clause a request
 * breaks (an empty list means a well-formed request). The suite uses it to prove
 * that each generated malformed request breaks exactly the clause it claims.
 *
 * Mapping, chosen so that each defect names one clause:
 * - a non-object request, or a missing `contract`/`action`/`binding` → REQ-REQUIRED;
 * - a missing `payload` on submit → REQ-SUBMIT-PAYLOAD only; a `payload` on observe → REQ-OBSERVE-NO-PAYLOAD only (never REQ-CLOSED);
 * - which of those applies follows the JSON `action` when it is `submit`/`observe`, else the argv action;
 * - an invalid `action` value → REQ-ACTION-VALUE only; REQ-ACTION-ARGV only when a valid JSON action differs from argv;
 * - a binding that is not an object, or lacks or adds a field → REQ-BINDING-CLOSED (one record per field);
 * - a present but malformed identity / digest → REQ-IDENTITY / REQ-DIGEST-FORMAT;
 * - REQ-AUTHORITY only for a well-formed `authorityId` differing from `context.authorityId`;
 * - REQ-PAYLOAD-DIGEST only when `requestDigest` is a well-formed digest and the payload is finite;
 * - payload bounds (REQ-BOUND-*) are judged on submit payloads only; REQ-BOUND-BYTES reports aggregate
 *   and canonical bytes separately, and such a payload also crosses REQ-BOUND-REQUEST;
 * - REQ-BOUND-REQUEST counts the canonical request's UTF-8 bytes.
 *
 * @param request - the request value as parsed (or as built by a generator)
 * @param context - argv action and, optionally, the configured authority
 * @throws TypeError when the value holds something JSON cannot carry (undefined, function): a generator fault
 */
export function validateRequest(request: unknown, context: RequestValidationContext): Violation[] {
  return checkRequest(request, context, measurePayload(request).canonicalBytes);
}

/**
 * The suite asked the request oracle about a text that is not JSON at all: no
 * REQ clause describes such a case, so it is a fault of the generator.
 */
export class RequestTextParseError extends Error {
  override readonly name = 'RequestTextParseError' as const;
  /** The first characters of the text. */
  readonly textExcerpt: string;

  /**
   * @param text - the text that failed to parse
   * @param cause - JSON.parse's error
   */
  constructor(text: string, cause: unknown) {
    super(`request text is not JSON: ${describeError(cause)}`, { cause });
    this.textExcerpt = text.slice(0, 200);
  }
}

/** What the request oracle found in a request text, with the request as parsed from it. */
export interface RequestTextJudgement {
  /** The request as parsed from the text (`1e400` in it is Infinity). */
  readonly request: unknown;
  /** Every REQ clause it breaks; empty for a well-formed request. */
  readonly violations: Violation[];
}

/**
 * `validateRequest` for a request given as the exact text sent on stdin, for
 * cases JSON values cannot represent: `1e400` parses to Infinity and is judged
 * REQ-BOUND-FINITE. REQ-BOUND-REQUEST is judged on the text's UTF-8 byte length
 * (the suite sends canonical texts, so this is the canonical request's size).
 *
 * @param text - the request text
 * @param context - argv action and, optionally, the configured authority
 * @throws RequestTextParseError when the text is not JSON
 */
export function validateRequestText(text: string, context: RequestValidationContext): Violation[] {
  return judgeRequestText(text, context).violations;
}

/**
 * `validateRequestText`, also handing back the request it parsed (a reader of
 * recorded calls judges the answer against the binding of the exact text sent).
 *
 * @param text - the request text
 * @param context - argv action and, optionally, the configured authority
 * @throws RequestTextParseError when the text is not JSON
 */
export function judgeRequestText(text: string, context: RequestValidationContext): RequestTextJudgement {
  let request: unknown;
  try {
    request = JSON.parse(text);
  } catch (error) {
    throw new RequestTextParseError(text, error);
  }
  return { request, violations: checkRequest(request, context, Buffer.byteLength(text, 'utf8')) };
}

// `payload` is judged by the action (REQ-SUBMIT-PAYLOAD / REQ-OBSERVE-NO-PAYLOAD), never by REQ-CLOSED.
const REQUEST_FIELDS: readonly string[] = ['contract', 'action', 'binding', 'payload'];
const BINDING_FIELDS = ['operationId', 'authorityId', 'requestDigest'] as const;

/**
 * The reference host parser's judgement of one request; see `validateRequest`
 * for the clause mapping.
 *
 * @param request - the parsed request
 * @param context - argv action and, optionally, the configured authority
 * @param requestBytes - UTF-8 bytes of the request as sent (REQ-BOUND-REQUEST)
 */
function checkRequest(request: unknown, context: RequestValidationContext, requestBytes: number): Violation[] {
  const found: Violation[] = [];
  if (requestBytes > limits.maxRequestBytes) {
    found.push(
      violation('REQ-BOUND-REQUEST', `request is ${requestBytes} bytes, over ${limits.maxRequestBytes}`, {
        instancePath: '',
        details: { bytes: requestBytes, limit: limits.maxRequestBytes },
      }),
    );
  }
  if (!isJsonObject(request)) {
    // A non-object carries none of the displayed fields.
    found.push(violation('REQ-REQUIRED', 'request is not a JSON object', { instancePath: '', details: { type: jsonType(request) } }));
    return found;
  }

  const action = effectiveAction(request, context.argvAction);
  checkContract(request, found);
  checkAction(request, context.argvAction, found);
  for (const key of Object.keys(request)) {
    if (REQUEST_FIELDS.includes(key)) continue;
    found.push(violation('REQ-CLOSED', `unknown top-level field ${JSON.stringify(key)}`, { instancePath: jsonPointer(key) }));
  }
  checkBinding(request, context, found);
  if (action === 'observe') {
    if (Object.hasOwn(request, 'payload')) {
      found.push(violation('REQ-OBSERVE-NO-PAYLOAD', 'observe request carries a payload', { instancePath: '/payload' }));
    }
  } else if (!Object.hasOwn(request, 'payload')) {
    found.push(violation('REQ-SUBMIT-PAYLOAD', 'submit request has no payload', { instancePath: '' }));
  } else {
    checkPayload(request.payload, request.binding, found);
  }
  return found;
}

/** The JSON `action` when it is a valid one, else the argv action: it decides which fields are required. */
function effectiveAction(request: Record<string, unknown>, argvAction: Action): Action {
  const action = request.action;
  return ACTIONS.includes(action as Action) ? (action as Action) : argvAction;
}

function checkContract(request: Record<string, unknown>, found: Violation[]): void {
  if (!Object.hasOwn(request, 'contract')) {
    found.push(violation('REQ-REQUIRED', 'request has no contract', { instancePath: '' }));
  } else if (request.contract !== REQUEST_CONTRACT) {
    found.push(violation('REQ-CONTRACT', 'contract is not the request contract', { instancePath: '/contract', details: { value: excerpt(request.contract) } }));
  }
}

function checkAction(request: Record<string, unknown>, argvAction: Action, found: Violation[]): void {
  if (!Object.hasOwn(request, 'action')) {
    found.push(violation('REQ-REQUIRED', 'request has no action', { instancePath: '' }));
  } else if (!ACTIONS.includes(request.action as Action)) {
    found.push(violation('REQ-ACTION-VALUE', 'action is neither submit nor observe', { instancePath: '/action', details: { value: excerpt(request.action) } }));
  } else if (request.action !== argvAction) {
    found.push(
      violation('REQ-ACTION-ARGV', `JSON action ${String(request.action)} differs from argv action ${argvAction}`, {
        instancePath: '/action',
        details: { json: request.action, argv: argvAction },
      }),
    );
  }
}

function checkBinding(request: Record<string, unknown>, context: RequestValidationContext, found: Violation[]): void {
  if (!Object.hasOwn(request, 'binding')) {
    found.push(violation('REQ-REQUIRED', 'request has no binding', { instancePath: '' }));
    return;
  }
  const binding = request.binding;
  if (!isJsonObject(binding)) {
    found.push(violation('REQ-BINDING-CLOSED', 'binding is not a JSON object', { instancePath: '/binding', details: { type: jsonType(binding) } }));
    return;
  }
  for (const field of BINDING_FIELDS) {
    if (!Object.hasOwn(binding, field)) {
      found.push(violation('REQ-BINDING-CLOSED', `binding has no ${field}`, { instancePath: '/binding' }));
    }
  }
  for (const key of Object.keys(binding)) {
    if (!(BINDING_FIELDS as readonly string[]).includes(key)) {
      found.push(violation('REQ-BINDING-CLOSED', `unknown binding field ${JSON.stringify(key)}`, { instancePath: jsonPointer('binding', key) }));
    }
  }
  for (const field of ['operationId', 'authorityId'] as const) {
    if (Object.hasOwn(binding, field) && !isIdentity(binding[field])) {
      found.push(violation('REQ-IDENTITY', `${field} is not an identity`, { instancePath: jsonPointer('binding', field), details: { value: excerpt(binding[field]) } }));
    }
  }
  if (Object.hasOwn(binding, 'requestDigest') && !isDigest(binding.requestDigest)) {
    found.push(violation('REQ-DIGEST-FORMAT', 'requestDigest is not a digest', { instancePath: '/binding/requestDigest', details: { value: excerpt(binding.requestDigest) } }));
  }
  const authorityId = binding.authorityId;
  if (context.authorityId !== undefined && isIdentity(authorityId) && authorityId !== context.authorityId) {
    found.push(
      violation('REQ-AUTHORITY', `authorityId ${authorityId} is not the configured ${context.authorityId}`, {
        instancePath: '/binding/authorityId',
        details: { value: authorityId, configured: context.authorityId },
      }),
    );
  }
}

const BOUND_CHECKS: readonly {
  readonly clauseId: ClauseId;
  readonly what: string;
  readonly measured: (measure: PayloadMeasure) => number;
  readonly limit: number;
}[] = [
  { clauseId: 'REQ-BOUND-DEPTH', what: 'depth', measured: (m) => m.depth, limit: limits.maxDepth },
  { clauseId: 'REQ-BOUND-VALUES', what: 'visited values', measured: (m) => m.values, limit: limits.maxValues },
  { clauseId: 'REQ-BOUND-ARRAY', what: 'array entries', measured: (m) => m.maxArrayEntries, limit: limits.maxArrayEntries },
  { clauseId: 'REQ-BOUND-OBJECT', what: 'object entries', measured: (m) => m.maxObjectEntries, limit: limits.maxObjectEntries },
  { clauseId: 'REQ-BOUND-KEY', what: 'key bytes', measured: (m) => m.maxKeyBytes, limit: limits.maxKeyBytes },
  { clauseId: 'REQ-BOUND-BYTES', what: 'aggregate string and key bytes', measured: (m) => m.aggregateBytes, limit: limits.maxPayloadBytes },
  { clauseId: 'REQ-BOUND-BYTES', what: 'canonical payload bytes', measured: (m) => m.canonicalBytes, limit: limits.maxPayloadBytes },
];

function checkPayload(payload: unknown, binding: unknown, found: Violation[]): void {
  const measure = measurePayload(payload);
  for (const check of BOUND_CHECKS) {
    const measured = check.measured(measure);
    if (measured > check.limit) {
      found.push(
        violation(check.clauseId, `payload ${check.what} ${measured} over ${check.limit}`, {
          instancePath: '/payload',
          details: { measured, limit: check.limit },
        }),
      );
    }
  }
  if (measure.nonFinite) {
    found.push(violation('REQ-BOUND-FINITE', 'payload holds a non-finite number', { instancePath: '/payload' }));
    // No canonical form, hence no digest to compare.
    return;
  }
  const requestDigest = isJsonObject(binding) ? binding.requestDigest : undefined;
  if (isDigest(requestDigest)) {
    const actual = digestCanonical(payload);
    if (actual !== requestDigest) {
      found.push(
        violation('REQ-PAYLOAD-DIGEST', 'digestCanonical(payload) differs from requestDigest', {
          instancePath: '/binding/requestDigest',
          details: { requestDigest, payloadDigest: actual },
        }),
      );
    }
  }
}
