import { createHash } from 'node:crypto';

// An independent, spec-literal encoding of algal's host rules as the catalog
// (`harness/clauses.ts`: canonical JSON, the CFG, REQ, OUT and SEM families) states them. It shares no code with the
// suite's oracle on purpose: the agreement test runs both over the same
// corpora, and any difference is a bug in one of them. Plain and direct
// rather than fast; recursion is fine on the small corpora it judges.

const IDENTITY = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,159}$/;
const DIGEST = /^sha256:[0-9a-f]{64}$/;
const MIB = 1_048_576;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

function onlyKeys(value: Record<string, unknown>, allowed: readonly string[]): boolean {
  return Object.keys(value).every((key) => allowed.includes(key));
}

function isIdentity(value: unknown): boolean {
  return typeof value === 'string' && IDENTITY.test(value);
}

function isDigest(value: unknown): boolean {
  return typeof value === 'string' && DIGEST.test(value);
}

function isIntegerIn(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** The host's canonical JSON: `JSON.stringify` of a copy whose keys were inserted in `sort()` order. */
export function hostCanonical(value: unknown): string {
  const sortedCopy = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(sortedCopy);
    if (!isRecord(item)) return item;
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const key of Object.keys(item).sort()) out[key] = sortedCopy(item[key]);
    return out;
  };
  return JSON.stringify(sortedCopy(value));
}

/** The host's `digestText`: `sha256:` and the hex SHA-256 of the UTF-8 text. */
export function hostDigestText(text: string): string {
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}

/** The REQ bounds, counted the host's way: whether a payload stays inside every bound. */
function payloadInBounds(payload: unknown): boolean {
  let values = 0;
  let bytes = 0;
  const fits = (item: unknown, depth: number): boolean => {
    values += 1;
    if (depth > 16 || values > 16_384) return false;
    if (item === null || typeof item === 'boolean') return true;
    if (typeof item === 'number') return Number.isFinite(item);
    if (typeof item === 'string') {
      bytes += utf8Bytes(item);
      return bytes <= MIB;
    }
    if (Array.isArray(item)) return item.length <= 256 && item.every((child) => fits(child, depth + 1));
    if (!isRecord(item)) return false;
    const entries = Object.entries(item);
    if (entries.length > 64) return false;
    return entries.every(([key, child]) => {
      if (utf8Bytes(key) > 256) return false;
      bytes += utf8Bytes(key);
      return bytes <= MIB && fits(child, depth + 1);
    });
  };
  return fits(payload, 0) && utf8Bytes(hostCanonical(payload)) <= MIB;
}

/**
 * The REQ rules: whether an adapter must admit-or-answer this request (true) or refuse it
 * (false), as algal's host parser decides, plus the argv rule (REQ-ACTION-ARGV).
 * The configured authority (REQ-AUTHORITY, a SHOULD) is not judged.
 *
 * @param request - the request as `JSON.parse` gave it
 * @param argvAction - the action on the command line
 */
export function hostAcceptsRequest(request: unknown, argvAction: string): boolean {
  if (!isRecord(request)) return false;
  if (request.contract !== 'algal.coding-operation-request.v1') return false;
  if (request.action !== 'submit' && request.action !== 'observe') return false;
  if (request.action !== argvAction) return false;
  const submit = request.action === 'submit';
  if (!onlyKeys(request, submit ? ['contract', 'action', 'binding', 'payload'] : ['contract', 'action', 'binding'])) return false;
  const binding = request.binding;
  if (!isRecord(binding) || !onlyKeys(binding, ['operationId', 'authorityId', 'requestDigest'])) return false;
  if (!isIdentity(binding.operationId) || !isIdentity(binding.authorityId) || !isDigest(binding.requestDigest)) return false;
  if (submit) {
    if (!Object.hasOwn(request, 'payload') || !payloadInBounds(request.payload)) return false;
    if (hostDigestText(hostCanonical(request.payload)) !== binding.requestDigest) return false;
  }
  return utf8Bytes(hostCanonical(request)) <= MIB;
}

/** The binding an outcome must echo. */
export interface HostBinding {
  readonly operationId: string;
  readonly authorityId: string;
  readonly requestDigest: string;
}

const COMMON = ['contract', 'operationId', 'authorityId', 'requestDigest', 'revision', 'state'];

/** The OUT rules for the state-specific fields, each with its rule. */
function stateFieldsHold(value: Record<string, unknown>, maxOutputBytes: number): boolean {
  switch (value.state) {
    case 'unknown':
      return onlyKeys(value, [...COMMON, 'reason']) && ['missing', 'expired', 'unavailable', 'unresolved'].includes(value.reason as string);
    case 'accepted':
      return onlyKeys(value, [...COMMON, 'acceptanceRef']) && isDigest(value.acceptanceRef);
    case 'terminal': {
      if (!onlyKeys(value, [...COMMON, 'acceptanceRef', 'outcome', 'settlement', 'result'])) return false;
      if (!isDigest(value.acceptanceRef) || value.settlement !== 'all-admitted-work-settled') return false;
      if (!['completed', 'failed', 'cancelled'].includes(value.outcome as string)) return false;
      const result = value.result;
      if (!isRecord(result) || !onlyKeys(result, ['text', 'digest', 'length']) || typeof result.text !== 'string') return false;
      if (!isIntegerIn(result.length, 0, maxOutputBytes) || !isDigest(result.digest)) return false;
      return utf8Bytes(result.text) === result.length && hostDigestText(result.text) === result.digest;
    }
    default:
      return false;
  }
}

/**
 * The OUT rules: the outcome algal's host reads from these stdout bytes, or null when it
 * reads none. The host decodes strict UTF-8 with a decoder that strips a
 * leading byte order mark, then `JSON.parse`s the text.
 *
 * @param stdout - the bytes the adapter wrote (exit 0)
 * @param binding - the request's binding
 * @param maxOutputBytes - the call's output bound
 * @returns the canonical text of the outcome read, or null
 */
export function hostReadsOutcome(stdout: Uint8Array, binding: HostBinding, maxOutputBytes: number): string | null {
  if (stdout.byteLength > maxOutputBytes) return null;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(stdout));
  } catch {
    return null;
  }
  if (!isRecord(value) || value.contract !== 'algal.coding-operation.v1') return null;
  for (const field of ['operationId', 'authorityId', 'requestDigest'] as const) if (value[field] !== binding[field]) return null;
  if (!isIntegerIn(value.revision, value.state === 'unknown' ? 0 : 1, 2_147_483_647)) return null;
  if (!stateFieldsHold(value, maxOutputBytes)) return null;
  const text = hostCanonical(value);
  if (utf8Bytes(text) > maxOutputBytes) return null;
  const proof = isRecord(value.result) ? { ...value, result: { digest: value.result.digest, length: value.result.length } } : value;
  if (utf8Bytes(hostCanonical(proof)) > 4_096) return null;
  return text;
}

/**
 * The SEM rules: whether a history (valid outcomes of one binding, in call order) is
 * consistent. Every later outcome is compared with every earlier one: its
 * revision is not lower; at an equal revision, or after a terminal, it is the
 * identical canonical outcome; two admissions carry the same acceptanceRef.
 *
 * @param outcomes - the outcomes, each already valid (as `hostReadsOutcome` reads them)
 */
export function hostAcceptsHistory(outcomes: readonly object[]): boolean {
  for (let later = 1; later < outcomes.length; later += 1) {
    for (let earlier = 0; earlier < later; earlier += 1) {
      const before = outcomes[earlier] as Readonly<Record<string, unknown>>;
      const after = outcomes[later] as Readonly<Record<string, unknown>>;
      if ((after.revision as number) < (before.revision as number)) return false;
      const identical = hostCanonical(after) === hostCanonical(before);
      if ((after.revision === before.revision || before.state === 'terminal') && !identical) return false;
      if (before.state !== 'unknown' && after.state !== 'unknown' && before.acceptanceRef !== after.acceptanceRef) return false;
    }
  }
  return true;
}

/**
 * The CFG rules: whether an adapter configuration is the host's closed configuration.
 * @param config - the configuration as `JSON.parse` gave it
 */
export function hostAcceptsConfig(config: unknown): boolean {
  if (!isRecord(config) || !onlyKeys(config, ['protocol', 'authorityId', 'executable', 'argvPrefix'])) return false;
  if (config.protocol !== 'algal.coding-operation.v1' || !isIdentity(config.authorityId)) return false;
  const executable = config.executable;
  if (typeof executable !== 'string' || !executable.startsWith('/') || /[\0\r\n]/.test(executable)) return false;
  if (executable.length > 4_096 || utf8Bytes(executable) > 4_096) return false;
  const argv = config.argvPrefix;
  if (!Array.isArray(argv) || argv.length > 31) return false;
  if (!argv.every((arg) => typeof arg === 'string' && arg.length <= 4_096 && utf8Bytes(arg) <= 4_096 && !arg.includes('\0'))) return false;
  return utf8Bytes(executable) + argv.reduce((total: number, arg: string) => total + utf8Bytes(arg), 0) <= 16_384;
}
