import { digestText } from '../../harness/protocol/digest.js';
import type { RawRequest, RequestCheck, RequestChecks } from './AdapterBehavior.js';
import { checkPayloadBounds } from './checkPayloadBounds.js';
import { Refusal } from './Refusal.js';

const REQUEST_CONTRACT = 'algal.coding-operation-request.v1';
const TOP_LEVEL_FIELDS = new Set(['contract', 'action', 'binding', 'payload']);
const REQUIRED_FIELDS = ['contract', 'action', 'binding'] as const;
const BINDING_FIELDS = ['operationId', 'authorityId', 'requestDigest'] as const;

function has(object: object, field: string): boolean {
  return Object.hasOwn(object, field);
}

function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The binding, once `checks.binding` has passed. */
function bindingOf(request: RawRequest): Readonly<Record<(typeof BINDING_FIELDS)[number], string>> {
  return request.binding as Readonly<Record<(typeof BINDING_FIELDS)[number], string>>;
}

const closed: RequestCheck = (request) => {
  const unknown = Object.keys(request).filter((field) => !TOP_LEVEL_FIELDS.has(field));
  if (unknown.length > 0) throw new Refusal(`REQ-CLOSED: unknown field ${JSON.stringify(unknown[0])}`);
  return request;
};

const required: RequestCheck = (request) => {
  const missing = REQUIRED_FIELDS.find((field) => !has(request, field));
  if (missing !== undefined) throw new Refusal(`REQ-REQUIRED: missing field ${missing}`);
  return request;
};

const contract: RequestCheck = (request) => {
  if (request.contract !== REQUEST_CONTRACT) throw new Refusal('REQ-CONTRACT: unsupported contract');
  return request;
};

const actionValue: RequestCheck = (request) => {
  if (request.action !== 'submit' && request.action !== 'observe') throw new Refusal('REQ-ACTION-VALUE: unknown action');
  return request;
};

const actionArgv: RequestCheck = (request, { argvAction }) => {
  // The host chose the action in argv; a request must not redirect it.
  if (request.action !== argvAction) throw new Refusal(`REQ-ACTION-ARGV: argv says ${argvAction}, request says ${String(request.action)}`);
  return request;
};

const binding: RequestCheck = (request, { behavior }) => {
  const value = request.binding;
  if (!isPlainObject(value)) throw new Refusal('REQ-BINDING-CLOSED: binding is not an object');
  const fields = Object.keys(value);
  if (fields.length !== BINDING_FIELDS.length || !BINDING_FIELDS.every((field) => has(value, field))) {
    throw new Refusal('REQ-BINDING-CLOSED: binding must have exactly operationId, authorityId, requestDigest');
  }
  if (!behavior.isIdentity(value.operationId)) throw new Refusal('REQ-IDENTITY: operationId is not an identity');
  if (!behavior.isIdentity(value.authorityId)) throw new Refusal('REQ-IDENTITY: authorityId is not an identity');
  if (!behavior.isDigest(value.requestDigest)) throw new Refusal('REQ-DIGEST-FORMAT: requestDigest is not a digest');
  return request;
};

const payloadPresence: RequestCheck = (request) => {
  if (request.action === 'submit' && !has(request, 'payload')) throw new Refusal('REQ-SUBMIT-PAYLOAD: submit needs a payload');
  // Lookup must never need a task body, so an observe carrying one is malformed.
  if (request.action === 'observe' && has(request, 'payload')) throw new Refusal('REQ-OBSERVE-NO-PAYLOAD: observe carries a payload');
  return request;
};

const payloadBounds: RequestCheck = (request, { behavior }) => {
  if (has(request, 'payload')) checkPayloadBounds(request.payload, behavior);
  return request;
};

const requestSize: RequestCheck = (request, { behavior }) => {
  const bytes = Buffer.byteLength(behavior.canonical(request), 'utf8');
  if (bytes > behavior.limits.maxRequestBytes) throw new Refusal(`REQ-BOUND-REQUEST: canonical request is ${bytes} bytes`);
  return request;
};

const payloadDigest: RequestCheck = (request, { behavior }) => {
  if (request.action !== 'submit') return request;
  // The digest covers the payload only, never the envelope.
  if (digestText(behavior.canonical(request.payload)) !== bindingOf(request).requestDigest) {
    throw new Refusal('REQ-PAYLOAD-DIGEST: requestDigest does not match the payload');
  }
  return request;
};

const authority: RequestCheck = (request, { authorityId }) => {
  if (authorityId !== null && bindingOf(request).authorityId !== authorityId) {
    throw new Refusal(`REQ-AUTHORITY: this adapter is authority ${authorityId}`);
  }
  return request;
};

/** The reference adapter's request checks, one per concern. */
export const requestChecks: RequestChecks = Object.freeze({
  closed,
  required,
  contract,
  actionValue,
  actionArgv,
  binding,
  payloadPresence,
  payloadBounds,
  requestSize,
  payloadDigest,
  authority,
});
