import type { ClauseId } from '../clauses.js';
import { violation, type Violation } from '../violation.js';
import { excerpt, jsonType, isJsonObject, jsonPointer } from './jsonValues.js';
import { digestText, isDigest } from './digest.js';
import { limits, OUTCOME_CONTRACT, OUTCOME_STATES, SETTLEMENT, TERMINAL_OUTCOMES, UNKNOWN_REASONS, type Binding, type Outcome, type OutcomeState } from './types.js';
import { canonicalJson } from './canonicalJson.js';
import { measurePayload } from './measurePayload.js';
import { checkUniqueKeys } from './checkUniqueKeys.js';
import { describeError } from '../UsageError.js';

/** What the outcome of one call must match. */
export interface OutcomeExpectation {
  /** The binding of the request that was sent. */
  readonly binding: Binding;
  /** The host output bound of the call (WIRE-STDOUT-CAP, OUT-SIZE). */
  readonly maxOutputBytes: number;
}

/**
 * The parser's verdict: an outcome only when no OUT clause broke. `violations` holds every
 * OUT clause broken (OUT-EXIT excepted: that needs the exit code), each with its JSON pointer.
 */
export type ParsedOutcome =
  | {
      /** The valid outcome. */
      readonly outcome: Outcome;
      /** `canonicalJson(outcome)`, on which OUT-SIZE was judged. */
      readonly canonicalText: string;
      readonly violations: readonly [];
    }
  | { readonly outcome: null; readonly canonicalText: null; readonly violations: readonly Violation[] };

const BINDING_FIELDS = ['operationId', 'authorityId', 'requestDigest'] as const;
const COMMON_FIELDS: readonly string[] = ['contract', ...BINDING_FIELDS, 'revision', 'state'];
const STATE_FIELDS: Readonly<Record<OutcomeState, readonly string[]>> = {
  unknown: ['reason'],
  accepted: ['acceptanceRef'],
  terminal: ['acceptanceRef', 'outcome', 'settlement', 'result'],
};
const STATE_SPECIFIC_FIELDS: readonly string[] = [...new Set(Object.values(STATE_FIELDS).flat())];
/** The fields an outcome of each state has, and all an outcome of no valid state may have (built once: every answer is checked against them). */
const REQUIRED_FIELDS: Readonly<Record<OutcomeState, readonly string[]>> = {
  unknown: [...COMMON_FIELDS, ...STATE_FIELDS.unknown],
  accepted: [...COMMON_FIELDS, ...STATE_FIELDS.accepted],
  terminal: [...COMMON_FIELDS, ...STATE_FIELDS.terminal],
};
const ANY_STATE_FIELDS: readonly string[] = [...COMMON_FIELDS, ...STATE_SPECIFIC_FIELDS];
const RESULT_FIELDS: readonly string[] = ['text', 'digest', 'length'];

/** Field and the clause its value must satisfy, for the simple enumerated/digest fields. */
const VALUE_RULES: readonly { readonly field: string; readonly clauseId: ClauseId; readonly test: (value: unknown) => boolean }[] = [
  { field: 'reason', clauseId: 'OUT-UNKNOWN-REASON', test: (value) => (UNKNOWN_REASONS as readonly unknown[]).includes(value) },
  { field: 'acceptanceRef', clauseId: 'OUT-ACCEPTANCE-REF', test: isDigest },
  { field: 'outcome', clauseId: 'OUT-TERMINAL-OUTCOME', test: (value) => (TERMINAL_OUTCOMES as readonly unknown[]).includes(value) },
  { field: 'settlement', clauseId: 'OUT-TERMINAL-SETTLEMENT', test: (value) => value === SETTLEMENT },
];

/**
 * Parses an adapter's stdout as an outcome and checks every OUT clause except
 * OUT-EXIT, reporting all violations found, not just the first.
 *
 * Mapping, chosen so that each defect names one clause:
 * - not exactly one JSON object (surrounding JSON whitespace allowed) → OUT-JSON, and nothing else is checked;
 * - missing fields, common or state-specific → OUT-CLOSED (one record naming them all); an extra field → OUT-CLOSED (one record per field);
 * - a present field with a wrong value → that field's clause (OUT-CONTRACT, OUT-BINDING, OUT-STATE, …);
 * - with an invalid `state`, only fields no state allows are OUT-CLOSED, and every present field's value is checked;
 * - `result` not an object, or with missing/extra fields → OUT-RESULT-CLOSED; a non-string `text`, a wrong
 *   `digest` or a wrong or out-of-range `length` → OUT-RESULT-INTEGRITY;
 * - OUT-SIZE and OUT-PROOF-SIZE are judged on any parsed object, valid or not.
 *
 * Safe on hostile input: no traversal recurses on the input's depth.
 *
 * @param stdout - the adapter's stdout as text
 * @param expected - the request's binding and the call's output bound
 */
export function parseOutcome(stdout: string, expected: OutcomeExpectation): ParsedOutcome {
  const notAnObject = nonObjectJsonType(stdout);
  if (notAnObject !== null) return notAnObjectOutcome(notAnObject);
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch (error) {
    const reason = describeError(error);
    // OUT-JSON stays strict, but the reader should know the real host would have read this answer.
    const note = hostStripsBom(stdout)
      ? ": it begins with a UTF-8 byte order mark (U+FEFF); algal's host decodes stdout with a decoder that strips a leading BOM, so it would tolerate this and read the rest"
      : '';
    return invalid([
      violation('OUT-JSON', `stdout is not one JSON text${note}`, { instancePath: '', details: { error: reason, ...(note === '' ? {} : { hostTolerates: 'leading byte order mark' }) } }),
    ]);
  }
  // Reached only by an object now (the scan above took every other JSON value); kept as the type's guard.
  if (!isJsonObject(parsed)) {
    return notAnObjectOutcome(jsonType(parsed));
  }

  const found: Violation[] = [];
  const state = checkState(parsed, found);
  checkClosed(parsed, state, found);
  checkCommonValues(parsed, expected.binding, state, found);
  for (const { field, clauseId, test } of VALUE_RULES) {
    if (!Object.hasOwn(parsed, field) || !fieldBelongs(field, state)) continue;
    if (!test(parsed[field])) found.push(violation(clauseId, `${field} has an invalid value`, { instancePath: jsonPointer(field), details: { value: excerpt(parsed[field]) } }));
  }
  if (Object.hasOwn(parsed, 'result') && fieldBelongs('result', state)) checkResult(parsed.result, expected.maxOutputBytes, found);
  const canonicalText = checkSizes(parsed, expected.maxOutputBytes, found);

  return canonicalText !== null && found.length === 0 ? { outcome: parsed as unknown as Outcome, canonicalText, violations: [] } : invalid(found);
}

/** The JSON type a value's first character decides (any other first character of a JSON value starts a number). */
const TYPE_BY_FIRST_CHARACTER: Readonly<Record<string, string>> = { '[': 'array', '"': 'string', t: 'boolean', f: 'boolean', n: 'null' };

/**
 * The JSON type of a stdout that is one JSON value but no object, or null for an
 * object or for text that is no JSON value (`JSON.parse` then says why). Decided by
 * a scan that builds nothing: an answer nested 500,000 arrays deep fits the output
 * bound, and parsing it would build 28 MiB of arrays only to learn it is no outcome.
 */
function nonObjectJsonType(stdout: string): string | null {
  let at = 0;
  while (at < stdout.length && ' \t\n\r'.includes(stdout.charAt(at))) at += 1;
  const first = stdout.charAt(at);
  if (first === '' || first === '{' || checkUniqueKeys(stdout).kind === 'not-json') return null;
  return TYPE_BY_FIRST_CHARACTER[first] ?? 'number';
}

/** Whether stdout is a BOM followed by JSON text: algal's host (a `TextDecoder` without `ignoreBOM`) reads it. */
function hostStripsBom(stdout: string): boolean {
  if (stdout.charCodeAt(0) !== 0xfeff) return false;
  try {
    JSON.parse(stdout.slice(1));
    return true;
  } catch {
    return false;
  }
}

/** OUT-JSON for stdout that is one JSON value of `type`, not an object. */
function notAnObjectOutcome(type: string): ParsedOutcome {
  return invalid([violation('OUT-JSON', 'stdout is JSON but not an object', { instancePath: '', details: { type } })]);
}

function invalid(violations: Violation[]): ParsedOutcome {
  return { outcome: null, canonicalText: null, violations };
}

/** A field's value is judged when the state allows it, or when the state itself is invalid. */
function fieldBelongs(field: string, state: OutcomeState | null): boolean {
  return state === null || STATE_FIELDS[state].includes(field);
}

function checkState(parsed: Record<string, unknown>, found: Violation[]): OutcomeState | null {
  if (!Object.hasOwn(parsed, 'state')) return null;
  const state = parsed.state;
  if ((OUTCOME_STATES as readonly unknown[]).includes(state)) return state as OutcomeState;
  found.push(violation('OUT-STATE', 'state is not unknown, accepted or terminal', { instancePath: '/state', details: { value: excerpt(state) } }));
  return null;
}

function checkClosed(parsed: Record<string, unknown>, state: OutcomeState | null, found: Violation[]): void {
  const required = state === null ? COMMON_FIELDS : REQUIRED_FIELDS[state];
  // One record names every missing field: the first record of a clause is what a summary shows.
  const missing = required.filter((field) => !Object.hasOwn(parsed, field));
  if (missing.length > 0) found.push(violation('OUT-CLOSED', `outcome has no ${missing.join(', ')}`, { instancePath: '', details: { missing } }));
  const allowed = state === null ? ANY_STATE_FIELDS : required;
  for (const key of Object.keys(parsed)) {
    if (!allowed.includes(key)) {
      found.push(violation('OUT-CLOSED', `field ${JSON.stringify(key)} is not allowed${state === null ? '' : ` in a ${state} outcome`}`, { instancePath: jsonPointer(key) }));
    }
  }
}

function checkCommonValues(parsed: Record<string, unknown>, binding: Binding, state: OutcomeState | null, found: Violation[]): void {
  if (Object.hasOwn(parsed, 'contract') && parsed.contract !== OUTCOME_CONTRACT) {
    found.push(violation('OUT-CONTRACT', 'contract is not the outcome contract', { instancePath: '/contract', details: { value: excerpt(parsed.contract) } }));
  }
  for (const field of BINDING_FIELDS) {
    if (Object.hasOwn(parsed, field) && parsed[field] !== binding[field]) {
      found.push(
        violation('OUT-BINDING', `${field} differs from the request's binding`, {
          instancePath: jsonPointer(field),
          details: { value: excerpt(parsed[field]), expected: binding[field] },
        }),
      );
    }
  }
  if (Object.hasOwn(parsed, 'revision')) {
    const revision = parsed.revision;
    const minimum = state === 'accepted' || state === 'terminal' ? 1 : 0;
    if (typeof revision !== 'number' || !Number.isInteger(revision) || revision < minimum || revision > limits.maxRevision) {
      found.push(
        violation('OUT-REVISION', `revision is not an integer in ${minimum}..${limits.maxRevision}`, {
          instancePath: '/revision',
          details: { value: excerpt(revision), minimum },
        }),
      );
    }
  }
}

function checkResult(result: unknown, maxOutputBytes: number, found: Violation[]): void {
  if (!isJsonObject(result)) {
    found.push(violation('OUT-RESULT-CLOSED', 'result is not an object', { instancePath: '/result' }));
    return;
  }
  for (const field of RESULT_FIELDS) {
    if (!Object.hasOwn(result, field)) found.push(violation('OUT-RESULT-CLOSED', `result has no ${field}`, { instancePath: '/result', details: { missing: field } }));
  }
  for (const key of Object.keys(result)) {
    if (!RESULT_FIELDS.includes(key)) found.push(violation('OUT-RESULT-CLOSED', `result field ${JSON.stringify(key)} is not allowed`, { instancePath: jsonPointer('result', key) }));
  }

  const { text, digest, length } = result;
  if (Object.hasOwn(result, 'text') && typeof text !== 'string') {
    found.push(violation('OUT-RESULT-INTEGRITY', 'result.text is not a string', { instancePath: '/result/text' }));
  }
  const textOk = typeof text === 'string';
  if (Object.hasOwn(result, 'digest') && (textOk ? digest !== digestText(text) : !isDigest(digest))) {
    found.push(violation('OUT-RESULT-INTEGRITY', 'result.digest is not digestText(result.text)', { instancePath: '/result/digest', details: { value: excerpt(digest) } }));
  }
  if (Object.hasOwn(result, 'length')) {
    const bytes = textOk ? Buffer.byteLength(text, 'utf8') : undefined;
    const inRange = typeof length === 'number' && Number.isInteger(length) && length >= 0 && length <= maxOutputBytes;
    if (!inRange || (bytes !== undefined && length !== bytes)) {
      found.push(
        violation('OUT-RESULT-INTEGRITY', 'result.length is not the UTF-8 byte length of result.text within the output bound', {
          instancePath: '/result/length',
          details: { value: excerpt(length), textBytes: bytes ?? null, maxOutputBytes },
        }),
      );
    }
  }
}

/**
 * Judges OUT-SIZE and OUT-PROOF-SIZE, and returns the canonical text when nothing broke
 * before: a valid outcome's shape is closed and shallow, and the caller needs the text
 * anyway. Any other object is measured without writing it (it may nest deep).
 */
function checkSizes(parsed: Record<string, unknown>, maxOutputBytes: number, found: Violation[]): string | null {
  const canonicalText = found.length === 0 ? canonicalJson(parsed) : null;
  const bytes = canonicalText === null ? measurePayload(parsed).canonicalBytes : Buffer.byteLength(canonicalText, 'utf8');
  if (bytes > maxOutputBytes) {
    found.push(violation('OUT-SIZE', `canonical outcome is ${bytes} bytes, over the output bound ${maxOutputBytes}`, { instancePath: '', details: { bytes, limit: maxOutputBytes } }));
  }
  const proofBytes = bytes - resultTextBytes(parsed);
  if (proofBytes > limits.maxProofBytes) {
    found.push(
      violation('OUT-PROOF-SIZE', `outcome without result.text is ${proofBytes} bytes, over ${limits.maxProofBytes}`, {
        instancePath: '',
        details: { bytes: proofBytes, limit: limits.maxProofBytes },
      }),
    );
  }
  return canonicalText;
}

/** `"text":`, the key of `result.text` in canonical JSON. */
const TEXT_MEMBER_KEY_BYTES = '"text":'.length;

/**
 * The canonical bytes `result.text` adds to an outcome (0 when `result` is no object with
 * a `text`): its key and value, and one comma when `result` has other members.
 */
function resultTextBytes(parsed: Record<string, unknown>): number {
  const result = parsed.result;
  if (!isJsonObject(result) || !Object.hasOwn(result, 'text')) return 0;
  const member = TEXT_MEMBER_KEY_BYTES + measurePayload(result.text).canonicalBytes;
  return Object.keys(result).length > 1 ? member + 1 : member;
}
