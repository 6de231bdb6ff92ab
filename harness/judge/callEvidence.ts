import type { TransportUncertainty, CallRecord } from '../transport/callRecord.js';
import { violation, type Violation } from '../violation.js';
import { parseOutcome } from '../protocol/parseOutcome.js';
import type { Binding, Outcome } from '../protocol/types.js';
import { isJsonObject } from '../protocol/jsonValues.js';

/** Why a call gave no evidence: a transport reason, or an exit-0 stdout that is no valid outcome. */
export type UncertaintyReason = TransportUncertainty | 'invalid-output';

/**
 * What one call proves. `uncertain` is never settlement evidence (WIRE-UNCERTAIN);
 * its violations are the adapter's clause breaches, empty when the uncertainty is
 * not the adapter's fault under any OUT clause (timeout, overflow, a refusal by nonzero exit).
 */
export type CallEvidence =
  | {
      readonly kind: 'outcome';
      readonly outcome: Outcome;
      /** `canonicalJson(outcome)`. */
      readonly canonicalText: string;
    }
  | { readonly kind: 'uncertain'; readonly reason: UncertaintyReason; readonly violations: readonly Violation[] };

/**
 * Classifies a finished call against the binding of its request.
 *
 * - exit 0 within bounds: the stdout is parsed (`parseOutcome`); invalid stdout is `invalid-output` with its
 *   OUT violations, and stdout that is not valid UTF-8 also breaks OUT-JSON;
 * - nonzero exit: uncertain; only when stdout is a fully valid outcome is that OUT-EXIT;
 * - any other transport uncertainty: uncertain without violations.
 *
 * @param record - the transcript line of the call
 * @param binding - the binding of the request that was sent
 */
export function classifyCall(record: CallRecord, binding: Binding): CallEvidence {
  const expected = { binding, maxOutputBytes: record.maxOutputBytes };
  if (record.uncertainty === 'nonzero-exit') {
    const parsed = parseOutcome(record.stdout, expected);
    const valid = parsed.outcome !== null && !record.stdoutInvalidUtf8;
    const violations = valid ? [violation('OUT-EXIT', `a valid outcome came with exit code ${String(record.exitCode)}`, { details: { exitCode: record.exitCode } })] : [];
    return { kind: 'uncertain', reason: 'nonzero-exit', violations };
  }
  if (record.uncertainty !== null) return { kind: 'uncertain', reason: record.uncertainty, violations: [] };

  const parsed = parseOutcome(record.stdout, expected);
  const violations = record.stdoutInvalidUtf8 ? [violation('OUT-JSON', 'stdout is not valid UTF-8', { instancePath: '' }), ...parsed.violations] : parsed.violations;
  if (parsed.outcome !== null && violations.length === 0) return { kind: 'outcome', outcome: parsed.outcome, canonicalText: parsed.canonicalText };
  return { kind: 'uncertain', reason: 'invalid-output', violations };
}

/** What a lenient reading of stdout says was admitted: `none` when no object with a known state is found. */
export type AdmissionReading = 'accepted' | 'terminal' | 'unknown' | 'none';

const ADMISSION_PATTERN = /"state"\s*:\s*"(accepted|terminal)"/;

/**
 * Reads stdout leniently for REQ refusal checks, where any answer whose state is
 * accepted or terminal, well-formed or not, is an admission: a host reading it
 * leniently would take the refused request as admitted.
 *
 * Stdout is cut into brace-balanced `{…}` segments (text outside them, such as
 * log lines, is skipped; an unclosed segment runs to the end). In order, a
 * segment that parses as an object counts by its top-level `state`; one that
 * does not parse (cut or broken JSON) counts as an admission when it contains
 * `"state":"accepted"` or `"state":"terminal"`. The first admission wins; else
 * `unknown` when some object says so; else `none`.
 *
 * @param stdout - the adapter's stdout as text
 */
export function admissionState(stdout: string): AdmissionReading {
  let sawUnknown = false;
  for (const segment of objectSegments(stdout)) {
    const state = segmentState(segment);
    if (state === 'accepted' || state === 'terminal') return state;
    if (state === 'unknown') sawUnknown = true;
  }
  return sawUnknown ? 'unknown' : 'none';
}

function segmentState(segment: string): AdmissionReading {
  let value: unknown;
  try {
    value = JSON.parse(segment);
  } catch {
    const match = ADMISSION_PATTERN.exec(segment);
    return match === null ? 'none' : (match[1] as 'accepted' | 'terminal');
  }
  if (!isJsonObject(value)) return 'none';
  const state = value.state;
  return state === 'accepted' || state === 'terminal' || state === 'unknown' ? state : 'none';
}

/** Top-level brace-balanced segments, in one linear pass that skips braces inside JSON strings. */
function* objectSegments(text: string): Generator<string> {
  let depth = 0;
  let start = 0;
  let inString = false;
  let escaped = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (depth === 0) {
      if (char === '{') {
        depth = 1;
        start = index;
      }
      continue;
    }
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) yield text.slice(start, index + 1);
    }
  }
  if (depth > 0) yield text.slice(start);
}
