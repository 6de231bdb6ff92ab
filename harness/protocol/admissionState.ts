import { isJsonObject } from './_internals/isJsonObject.js';

/** What a lenient reading of stdout says was admitted: `none` when no object with a known state is found. */
export type AdmissionReading = 'accepted' | 'terminal' | 'unknown' | 'none';

const ADMISSION_PATTERN = /"state"\s*:\s*"(accepted|terminal)"/;

/**
 * Reads stdout leniently for REQ refusal checks, where any answer whose state is
 * accepted or terminal, well-formed or not, is an admission (coding-operation-v1.md §4).
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
