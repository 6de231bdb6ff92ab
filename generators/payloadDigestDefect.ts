import * as fc from 'fast-check';
import { canonicalJson, type JsonValue } from '../harness/protocol/canonicalJson.js';
import { bindingFor } from '../harness/protocol/bindingFor.js';
import { digestText } from '../harness/protocol/digest.js';
import { requestText } from '../harness/protocol/requestText.js';
import type { Binding } from '../harness/protocol/types.js';
import { defect } from './_internals/defect.js';
import { defectTarget } from './_internals/defectTarget.js';
import { requestObject } from './_internals/requestObject.js';
import type { BuiltDefect, DefectBase, RequestDefect } from './RequestDefect.js';

/** Constraints of {@link payloadDigestDefect}. */
export interface PayloadDigestDefectConstraints {
  /** Valid payloads of the run's family; the swapped-in payload comes from here. */
  readonly payload: fc.Arbitrary<JsonValue>;
}

/** Texts a careless host could hash instead of the canonical payload. */
type WrongText = 'unsorted-keys' | 'indented' | 'trailing-newline' | 'whole-request';

/**
 * REQ-PAYLOAD-DIGEST: a submit whose `requestDigest` is well-formed but not
 * `digestCanonical(payload)` — the payload was replaced after the digest was
 * computed (also against an admitted binding: an adapter that replays the
 * admission without checking the payload answers with it), or the digest was
 * computed over a non-canonical text (keys unsorted, indented, a trailing
 * newline, the whole request).
 *
 * @param constraints - where replacement payloads come from
 */
export function payloadDigestDefect(constraints: PayloadDigestDefectConstraints): fc.Arbitrary<RequestDefect> {
  const changed = fc.record({ other: constraints.payload, target: defectTarget() }).map(({ other, target }) => ({
    mismatch: { kind: 'payload-changed' as const, other },
    target,
  }));
  const wrongText = fc.constantFrom<WrongText>('unsorted-keys', 'indented', 'trailing-newline', 'whole-request').map((text) => ({
    mismatch: { kind: 'digest-of' as const, text },
    target: 'fresh' as const,
  }));
  return fc.oneof(changed, wrongText).map(({ mismatch, target }) =>
    defect({
      clauseId: 'REQ-PAYLOAD-DIGEST',
      argvAction: 'submit',
      target,
      what: mismatch.kind === 'payload-changed' ? 'submit whose payload was replaced after its digest was computed' : `submit whose digest was computed over ${describeWrongText(mismatch.text)}`,
      build: (base) => (mismatch.kind === 'payload-changed' ? changePayload(base, mismatch.other) : misdigest(base, mismatch.text)),
    }),
  );
}

function changePayload(base: DefectBase, other: JsonValue): BuiltDefect {
  // A family with a single sample cannot offer another payload: wrap the own one.
  const replacement = canonicalJson(other) === canonicalJson(base.payload) ? [base.payload] : other;
  const request = requestObject('submit', base);
  request.payload = replacement;
  // A recomputing adapter would admit the replacement under its own digest.
  const recomputed = bindingFor({ operationId: base.binding.operationId, authorityId: base.authorityId, payload: replacement });
  return { text: requestText(request), followUps: [base.binding, recomputed] };
}

function misdigest(base: DefectBase, wrong: WrongText): BuiltDefect {
  const canonical = canonicalJson(base.payload);
  const candidates = [wrongTextOf(base, wrong), JSON.stringify(base.payload, null, 1), `${canonical}\n`];
  // Scalars and sorted payloads have no distinct unsorted or indented form: fall back until the text differs.
  const hashed = candidates.find((text) => text !== canonical) as string;
  const binding: Binding = { ...base.binding, requestDigest: digestText(hashed) };
  const request = requestObject('submit', { ...base, binding });
  // A recomputing adapter would admit the base binding instead of the sent one.
  return { text: requestText(request), followUps: [binding, base.binding] };
}

function wrongTextOf(base: DefectBase, wrong: WrongText): string {
  switch (wrong) {
    case 'unsorted-keys':
      return JSON.stringify(reverseKeys(base.payload));
    case 'indented':
      return JSON.stringify(base.payload, null, 2);
    case 'trailing-newline':
      return `${canonicalJson(base.payload)}\n`;
    case 'whole-request':
      return requestText(requestObject('submit', base));
  }
}

/** The value with every object's keys in reverse sorted order (JSON.stringify keeps insertion order). */
function reverseKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== 'object') return value;
  const reversed: { [key: string]: JsonValue } = {};
  for (const key of Object.keys(value).sort().reverse()) {
    Object.defineProperty(reversed, key, { value: reverseKeys(value[key] as JsonValue), enumerable: true, writable: true, configurable: true });
  }
  return reversed;
}

function describeWrongText(wrong: WrongText): string {
  switch (wrong) {
    case 'unsorted-keys':
      return 'JSON.stringify of the payload with unsorted keys';
    case 'indented':
      return 'the indented payload';
    case 'trailing-newline':
      return 'the canonical payload plus a newline';
    case 'whole-request':
      return 'the whole request instead of the payload';
  }
}
