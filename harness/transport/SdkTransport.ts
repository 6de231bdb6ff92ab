import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { ClauseId } from '../clauses.js';
import { canonicalJson, type JsonValue } from '../protocol/canonicalJson.js';
import type { Action, CodingOperationRequest } from '../protocol/types.js';
import { violation, type Violation } from '../violation.js';
import type { CallRecord, TransportUncertainty } from './callRecord.js';
import { type OperationCall, type OperationTransport, type TransportResult, TransportMismatchError, type CallBounds } from './OperationTransport.js';
import { validateMaxOutputBytes, validateTimeoutMs } from './bounds.js';
import { deepFreeze, firstDifference, jsonValueProblem, mutationAttempt } from './sdkValues.js';

/** The argument of an SDK's `submit` / `observe`, the protocol's in-process form of a request. `observe` never gets `payload`. */
export interface SdkCallArgument {
  readonly binding: CodingOperationRequest['binding'];
  readonly payload?: JsonValue;
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
}

/** The two functions of an SDK, as found on the module (not yet checked: SDK-SHAPE). */
export interface SdkSurface {
  readonly submit: unknown;
  readonly observe: unknown;
}

/** The module, once imported: its surface, or why it could not be loaded. */
export type LoadedSdk = { readonly ok: true; readonly surface: SdkSurface } | { readonly ok: false; readonly detail: string };

/** Imports a module by absolute path; injectable so tests can hand in fake modules. */
export type SdkModuleLoader = (modulePath: string) => Promise<unknown>;

const importModule: SdkModuleLoader = async (modulePath) => import(pathToFileURL(modulePath).href);

type Settlement =
  { readonly kind: 'resolved'; readonly value: unknown } | { readonly kind: 'rejected'; readonly error: unknown } | { readonly kind: 'timeout' } | { readonly kind: 'canceled' };

/** The parts of a record fixed before the SDK is called. */
interface CallIdentity {
  readonly callId: string;
  readonly action: Action;
  readonly argv: readonly string[];
  readonly requestText: string;
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
}

/**
 * The SDK transport (the protocol's in-process seam): calls an in-process module's
 * `submit({binding, payload, signal, timeoutMs, maxOutputBytes})` /
 * `observe({binding, signal, timeoutMs, maxOutputBytes})` and turns what the
 * promise does into the same `CallRecord` a process gives, so the OUT and SEM
 * checks are unchanged:
 *
 * - resolved to a string: that is the "stdout" text (capped at the output bound; longer is `output-overflow`);
 * - resolved to any other JSON value: its canonical JSON is the text; a non-JSON value is `sdk-invalid-value` (OUT-JSON);
 * - rejected, or threw: `sdk-rejected`, a refusal;
 * - not settled by the deadline: the signal is aborted and the call is a `timeout`;
 * - the caller's signal aborted: before the call, `pre-aborted` (the SDK is not called); during it, `canceled`.
 *
 * The request is deep-frozen before the call and compared after it (SDK-NO-MUTATION);
 * a non-promise return or a synchronous throw breaks SDK-SHAPE. Takes structured requests only.
 * @public
 */
export class SdkTransport implements OperationTransport {
  readonly kind = 'sdk' as const;
  readonly acceptsRawText = false;
  /** Absolute path of the module. */
  readonly modulePath: string;
  readonly #loaded: Promise<LoadedSdk>;

  /**
   * Starts importing the module (once; every call awaits the same import).
   * @param modulePath - absolute path of the module
   * @param load - imports the module. @defaultValue a dynamic `import()` of the file URL
   */
  constructor(modulePath: string, load: SdkModuleLoader = importModule) {
    this.modulePath = modulePath;
    this.#loaded = load(modulePath).then(
      (namespace): LoadedSdk => ({ ok: true, surface: sdkSurface(namespace) }),
      (error: unknown): LoadedSdk => ({ ok: false, detail: `the SDK module ${modulePath} could not be loaded: ${describeRejection(error)}` }),
    );
  }

  /** The module's `submit` and `observe`, as exported (named exports, or a default export object holding them). */
  async surface(): Promise<LoadedSdk> {
    return this.#loaded;
  }

  /** Calls the SDK with `input.request`. */
  async call(input: OperationCall, bounds: CallBounds): Promise<TransportResult> {
    const { request } = input;
    if (request === null) {
      throw new TransportMismatchError('sdk', 'the SDK seam takes structured requests; raw request text cannot be sent through it');
    }
    const identity: CallIdentity = {
      callId: randomUUID(),
      action: request.action,
      argv: [`sdk:${this.modulePath}`, request.action],
      requestText: input.requestText,
      timeoutMs: validateTimeoutMs(bounds.timeoutMs),
      maxOutputBytes: validateMaxOutputBytes(bounds.maxOutputBytes),
    };
    const startedAt = Date.now();
    if (bounds.signal?.aborted === true) {
      return noCall(identity, startedAt, 'pre-aborted', 'the signal was aborted before dispatch; the SDK was not called');
    }
    const loaded = await this.#loaded;
    if (!loaded.ok) return noCall(identity, startedAt, 'spawn-failure', loaded.detail);
    const method: unknown = loaded.surface[request.action];
    if (typeof method !== 'function') {
      const message = `the SDK module exports no ${request.action} function (got ${typeof method})`;
      return { ...noCall(identity, startedAt, 'spawn-failure', message), checked: ['SDK-SHAPE'], violations: [violation('SDK-SHAPE', message)] };
    }
    return callSdk(identity, request, method as (argument: SdkCallArgument) => unknown, bounds, startedAt);
  }
}

async function callSdk(
  identity: CallIdentity,
  request: CodingOperationRequest,
  method: (argument: SdkCallArgument) => unknown,
  bounds: CallBounds,
  startedAt: number,
): Promise<TransportResult> {
  const controller = new AbortController();
  // The SDK's own copy: frozen, so a strict-mode write throws; the pristine text is what it must still equal afterwards.
  const sent = deepFreeze(JSON.parse(canonicalJson(requestParts(request))) as { binding: SdkCallArgument['binding']; payload?: JsonValue });
  const pristine = canonicalJson(sent);
  const argument: SdkCallArgument = Object.freeze({ ...sent, signal: controller.signal, timeoutMs: identity.timeoutMs, maxOutputBytes: identity.maxOutputBytes });
  // SDK-OBSERVE-NO-PAYLOAD is first our own obligation.
  if (request.action === 'observe' && 'payload' in argument) throw new TransportMismatchError('sdk', 'an observe argument carried a payload');
  const violations: Violation[] = [];
  let returned: PromiseLike<unknown>;
  try {
    const value = method(argument);
    if (isThenable(value)) returned = value;
    else {
      violations.push(violation('SDK-SHAPE', `${request.action} returned ${describeValue(value)} instead of a promise`));
      returned = Promise.resolve(value);
    }
  } catch (error) {
    violations.push(violation('SDK-SHAPE', `${request.action} threw synchronously instead of returning a rejected promise: ${describeRejection(error)}`));
    returned = Promise.reject(error);
  }
  const settlement = await settle(returned, identity.timeoutMs, bounds.signal);
  const endedAt = Date.now();
  if (settlement.kind === 'timeout' || settlement.kind === 'canceled') {
    controller.abort(settlement.kind === 'timeout' ? new DOMException('the deadline expired', 'TimeoutError') : bounds.signal?.reason);
    const detail = settlement.kind === 'timeout' ? `the promise did not settle within ${identity.timeoutMs} ms; its signal was aborted` : 'the caller aborted the call';
    return {
      record: recordOf(identity, { startedAt, endedAt, exitCode: null, timedOut: settlement.kind === 'timeout', text: '', uncertainty: settlement.kind, detail }),
      checked: ['SDK-SHAPE'],
      violations,
    };
  }
  const checked: ClauseId[] = ['SDK-SHAPE', 'SDK-NO-MUTATION'];
  violations.push(...mutationViolations(settlement, argument, sent, pristine));
  if (settlement.kind === 'rejected') {
    const detail = `the promise rejected: ${describeRejection(settlement.error)}`;
    return { record: recordOf(identity, { startedAt, endedAt, exitCode: null, timedOut: false, text: '', uncertainty: 'sdk-rejected', detail }), checked, violations };
  }
  if (typeof settlement.value !== 'string') {
    const problem = jsonValueProblem(settlement.value);
    if (problem !== null) {
      checked.push('OUT-JSON');
      violations.push(violation('OUT-JSON', `${request.action} resolved to a value that is neither a string nor JSON: ${problem}`, { instancePath: '' }));
      return { record: recordOf(identity, { startedAt, endedAt, exitCode: 0, timedOut: false, text: '', uncertainty: 'sdk-invalid-value', detail: problem }), checked, violations };
    }
  }
  const text = typeof settlement.value === 'string' ? settlement.value : canonicalJson(settlement.value);
  return { record: recordOf(identity, { startedAt, endedAt, exitCode: 0, timedOut: false, text, uncertainty: null }), checked, violations };
}

/** What the SDK is given of the request: the binding, and the payload for a submit only (SDK-OBSERVE-NO-PAYLOAD). */
function requestParts(request: CodingOperationRequest): { binding: CodingOperationRequest['binding']; payload?: JsonValue } {
  return request.action === 'submit' ? { binding: request.binding, payload: request.payload } : { binding: request.binding };
}

function mutationViolations(settlement: Settlement, argument: SdkCallArgument, sent: object, pristine: string): Violation[] {
  const found: Violation[] = [];
  if (settlement.kind === 'rejected') {
    const attempt = mutationAttempt(settlement.error, argument);
    if (attempt !== null) {
      const where = attempt.paths.length === 0 ? 'the request' : attempt.paths.join(' or ');
      found.push(
        violation('SDK-NO-MUTATION', `the SDK tried to change the frozen request at ${where}: ${attempt.message}`, {
          ...(attempt.paths[0] === undefined ? {} : { instancePath: attempt.paths[0] }),
          details: { paths: attempt.paths },
        }),
      );
    }
  }
  const now = canonicalJson(sent);
  if (now !== pristine) {
    const path = firstDifference(JSON.parse(pristine), JSON.parse(now)) ?? '';
    found.push(violation('SDK-NO-MUTATION', `the request changed during the call at ${path === '' ? 'its root' : path}`, { instancePath: path }));
  }
  return found;
}

function settle(returned: PromiseLike<unknown>, timeoutMs: number, signal: AbortSignal | undefined): Promise<Settlement> {
  return new Promise<Settlement>((resolve) => {
    let finished = false;
    const finish = (settlement: Settlement): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(settlement);
    };
    const onAbort = (): void => finish({ kind: 'canceled' });
    const timer = setTimeout(() => finish({ kind: 'timeout' }), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    // Promise.resolve adopts any thenable, and turns a throwing `then` into a rejection.
    Promise.resolve(returned).then(
      (value) => finish({ kind: 'resolved', value }),
      (error: unknown) => finish({ kind: 'rejected', error }),
    );
  });
}

interface RecordParts {
  readonly startedAt: number;
  readonly endedAt: number;
  readonly exitCode: number | null;
  readonly timedOut: boolean;
  readonly text: string;
  readonly uncertainty: TransportUncertainty | null;
  readonly detail?: string;
}

function recordOf(identity: CallIdentity, parts: RecordParts): CallRecord {
  const bytes = Buffer.from(parts.text, 'utf8');
  const overflow = bytes.length > identity.maxOutputBytes;
  const uncertainty = parts.uncertainty ?? (overflow ? 'output-overflow' : null);
  return {
    ...identity,
    startedAt: parts.startedAt,
    endedAt: parts.endedAt,
    exitCode: parts.exitCode,
    signal: null,
    timedOut: parts.timedOut,
    stdout: overflow ? bytes.subarray(0, identity.maxOutputBytes).toString('utf8') : parts.text.replace(LONE_SURROGATES, '\uFFFD'),
    stdoutBytes: Math.min(bytes.length, identity.maxOutputBytes + 1),
    stdoutTruncated: overflow,
    // A JavaScript string with a lone surrogate has no UTF-8 form.
    stdoutInvalidUtf8: LONE_SURROGATE.test(parts.text),
    stderrTail: '',
    stderrTruncated: false,
    stderrBytes: 0,
    uncertainty,
    ...(parts.detail === undefined ? {} : { uncertaintyDetail: parts.detail }),
  };
}

const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const LONE_SURROGATES = /[\uD800-\uDFFF]/gu;

function noCall(identity: CallIdentity, at: number, uncertainty: TransportUncertainty, detail: string): TransportResult {
  const record = recordOf(identity, { startedAt: at, endedAt: Date.now(), exitCode: null, timedOut: false, text: '', uncertainty, detail });
  return { record, checked: [], violations: [] };
}

/** Named exports, or a default export object holding `submit`/`observe` ("a module exporting an object"); methods stay bound to their holder. */
function sdkSurface(namespace: unknown): SdkSurface {
  const module = (namespace ?? {}) as Record<string, unknown>;
  const fallback = module['default'];
  const named = typeof module['submit'] === 'function' || typeof module['observe'] === 'function';
  const holder = !named && (typeof fallback === 'object' || typeof fallback === 'function') && fallback !== null ? (fallback as Record<string, unknown>) : module;
  const bound = (value: unknown): unknown => (typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(holder) : value);
  return { submit: bound(holder['submit']), observe: bound(holder['observe']) };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

function describeRejection(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.replace(/[\r\n]+/g, ' ');
  return describeValue(error);
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.slice(0, 80))}`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}
