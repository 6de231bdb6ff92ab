import * as fc from 'fast-check';
import { canonicalJson, type JsonValue } from '../harness/protocol/canonicalJson.js';
import { requestText, bindingFor } from '../harness/protocol/requests.js';
import { type Action, type Binding, IDENTITY_MAX_LENGTH, IDENTITY_PATTERN, isIdentity } from '../harness/protocol/types.js';
import { argvAction, defect, defectTarget, requestObject, show, type BuiltDefect, type DefectBase, type DefectTarget, type RequestDefect } from './RequestDefect.js';
import { setOwn, smallJson } from './shapes.js';
import { digestText } from '../harness/protocol/digest.js';

const BINDING_FIELDS = ['operationId', 'authorityId', 'requestDigest'] as const;

/** Outcome fields, case variants of binding fields, request fields, prototype names. */
const SUSPECT_NAMES: readonly string[] = ['acceptanceRef', 'revision', 'state', 'payload', 'contract', 'operationID', 'requestdigest', 'authority', 'digest', '__proto__', ''];

/** A value for an extra binding field: random, or a copy of a real one (looks plausible). */
type ExtraValue = { readonly copyOf: (typeof BINDING_FIELDS)[number] } | { readonly json: JsonValue };

/** How the binding is broken. */
type Change =
  | { readonly kind: 'missing'; readonly fields: readonly (typeof BINDING_FIELDS)[number][] }
  | { readonly kind: 'extra'; readonly name: string; readonly value: ExtraValue }
  | { readonly kind: 'not-object'; readonly as: (typeof NOT_OBJECT_BINDINGS)[number] };

/** What stands in for the binding object. */
const NOT_OBJECT_BINDINGS = ['null', 'array', 'string', 'text'] as const;

/**
 * REQ-BINDING-CLOSED: a well-formed request whose binding lacks one or more
 * fields, carries an extra field, or is not an object at all.
 */
export function bindingShapeDefect(): fc.Arbitrary<RequestDefect> {
  const name = fc.oneof(fc.constantFrom(...SUSPECT_NAMES), fc.string({ maxLength: 16 })).filter((key) => !(BINDING_FIELDS as readonly string[]).includes(key));
  const value: fc.Arbitrary<ExtraValue> = fc.oneof(
    fc.constantFrom(...BINDING_FIELDS).map((copyOf) => ({ copyOf })),
    smallJson().map((json) => ({ json })),
  );
  const change: fc.Arbitrary<Change> = fc.oneof(
    fc.subarray([...BINDING_FIELDS], { minLength: 1 }).map((fields) => ({ kind: 'missing' as const, fields })),
    fc.record({ name, value }).map(({ name: extraName, value: extraValue }) => ({ kind: 'extra' as const, name: extraName, value: extraValue })),
    fc.constantFrom(...NOT_OBJECT_BINDINGS).map((as) => ({ kind: 'not-object' as const, as })),
  );
  return fc.record({ change, action: argvAction(), target: defectTarget() }).map(({ change: broken, action, target }) => bindingShapeCase(broken, action, target));
}

/**
 * The must-try cases of REQ-BINDING-CLOSED, run first whatever the seed: an extra binding field on a fresh submit and on an admitted observe.
 */
export function bindingShapeExamples(): RequestDefect[] {
  return [
    bindingShapeCase({ kind: 'extra', name: 'attempt', value: { json: 2 } }, 'submit', 'fresh'),
    bindingShapeCase({ kind: 'extra', name: 'namespace', value: { json: 'other' } }, 'observe', 'admitted'),
  ];
}

function bindingShapeCase(broken: Change, action: Action, target: DefectTarget): RequestDefect {
  return defect({
    clauseId: 'REQ-BINDING-CLOSED',
    argvAction: action,
    target,
    what: `${action} whose binding ${describeChange(broken)}`,
    build: (base) => {
      const request = requestObject(action, base);
      request.binding = brokenBinding(base.binding, broken);
      return { text: requestText(request), followUps: [base.binding] };
    },
  });
}

function brokenBinding(binding: Binding, change: Change): unknown {
  switch (change.kind) {
    case 'missing': {
      const copy: Record<string, unknown> = { ...binding };
      for (const field of change.fields) delete copy[field];
      return copy;
    }
    case 'extra': {
      const copy: Record<string, unknown> = { ...binding };
      setOwn(copy, change.name, 'copyOf' in change.value ? binding[change.value.copyOf] : change.value.json);
      return copy;
    }
    case 'not-object':
      if (change.as === 'null') return null;
      if (change.as === 'array') return [binding.operationId, binding.authorityId, binding.requestDigest];
      // `string`: the operation ID alone; `text`: the binding double-encoded as a JSON string.
      return change.as === 'string' ? binding.operationId : requestText(binding);
  }
}

function describeChange(change: Change): string {
  switch (change.kind) {
    case 'missing':
      return `lacks ${change.fields.join(', ')}`;
    case 'extra':
      return `has an extra field ${show(change.name)} (${'copyOf' in change.value ? `a copy of ${change.value.copyOf}` : show(change.value.json)})`;
    case 'not-object':
      return change.as === 'text' ? 'is sent as a JSON-encoded string' : `is ${change.as === 'null' ? 'null' : `a JSON ${change.as}`}`;
  }
}

/** How a valid identity is corrupted. Every kind but `empty` and `not-string` keeps the base ID recognizable. */
type Corruption =
  | { readonly kind: 'empty' }
  | { readonly kind: 'prefixed'; readonly text: string }
  | { readonly kind: 'appended'; readonly text: string }
  | { readonly kind: 'inserted'; readonly text: string; readonly at: number }
  | { readonly kind: 'too-long'; readonly length: number }
  | { readonly kind: 'not-string'; readonly shape: NotStringIdentity };

/** What stands in for an identity string. */
const NOT_STRING_IDENTITIES = ['null', 'number', 'boolean', 'array', 'object'] as const;
type NotStringIdentity = (typeof NOT_STRING_IDENTITIES)[number];

/** Characters a first character may not be, although later ones may. */
const BAD_LEADING = ['.', '-', '_', ':'];
/** Text outside the identity alphabet: what a trimming, slash-splitting or ASCII-folding adapter would drop. */
const BAD_TEXT = [' ', '\t', '\n', '\u00a0', '\u0000', '\u200b', '/', '/x', '\\', '#', '@', '+', '*', 'é', 'İ', 'Ａ', '😀'];

/** The identity fields of a binding. */
const IDENTITY_FIELDS = ['operationId', 'authorityId'] as const;
type IdentityField = (typeof IDENTITY_FIELDS)[number];

/**
 * REQ-IDENTITY: a well-formed request whose `operationId` or `authorityId` is
 * not an identity — empty, a leading `.`/`-`/`_`/`:`, whitespace, slashes or
 * non-ASCII added to the base ID, 161 or more characters (the base operationId
 * then has exactly 160), or not a string. The follow-up observe of the base
 * binding catches an adapter that normalizes the ID back and admits it.
 */
export function identityDefect(): fc.Arbitrary<RequestDefect> {
  const corruption: fc.Arbitrary<Corruption> = fc.oneof(
    fc.constant({ kind: 'empty' as const }),
    fc.constantFrom(...BAD_LEADING, ...BAD_TEXT).map((text) => ({ kind: 'prefixed' as const, text })),
    fc.constantFrom(...BAD_TEXT).map((text) => ({ kind: 'appended' as const, text })),
    fc.record({ text: fc.constantFrom(...BAD_TEXT), at: fc.nat() }).map(({ text, at }) => ({ kind: 'inserted' as const, text, at })),
    fc.constantFrom(IDENTITY_MAX_LENGTH + 1, IDENTITY_MAX_LENGTH + 40, 4_096).map((length) => ({ kind: 'too-long' as const, length })),
    fc.constantFrom(...NOT_STRING_IDENTITIES).map((shape) => ({ kind: 'not-string' as const, shape })),
  );
  const field = fc.constantFrom(...IDENTITY_FIELDS);
  return fc.record({ corruption, field, action: argvAction(), target: defectTarget() }).map(({ corruption: how, field: which, action, target }) => identityCase(how, which, action, target));
}

/**
 * The must-try cases of REQ-IDENTITY, run first whatever the seed: an
 * operationId with a trailing space (a trimming adapter admits the base ID),
 * a trailing newline, a trailing `é`, and one of 161 characters (a truncating
 * adapter admits it), on fresh submits.
 */
export function identityExamples(): RequestDefect[] {
  return [
    identityCase({ kind: 'appended', text: ' ' }, 'operationId', 'submit', 'fresh'),
    // A `$`-anchored regex admits a trailing newline; a Unicode `\w` admits a non-ASCII letter.
    identityCase({ kind: 'appended', text: '\n' }, 'operationId', 'submit', 'fresh'),
    identityCase({ kind: 'appended', text: 'é' }, 'operationId', 'submit', 'fresh'),
    identityCase({ kind: 'too-long', length: IDENTITY_MAX_LENGTH + 1 }, 'operationId', 'submit', 'fresh'),
  ];
}

function identityCase(how: Corruption, which: IdentityField, action: Action, target: DefectTarget): RequestDefect {
  return defect({
    clauseId: 'REQ-IDENTITY',
    argvAction: action,
    target,
    // So that the 161st character is the only thing wrong with a too-long operationId.
    operationIdLength: how.kind === 'too-long' && which === 'operationId' ? IDENTITY_MAX_LENGTH : null,
    what: `${action} whose ${which} is ${describeCorruption(how)}`,
    build: (base) => {
      const request = requestObject(action, base);
      request.binding = { ...base.binding, [which]: corrupt(base.binding[which], how) };
      return { text: requestText(request), followUps: [base.binding] };
    },
  });
}

function corrupt(identity: string, how: Corruption): unknown {
  switch (how.kind) {
    case 'empty':
      return '';
    case 'prefixed':
      return how.text + identity;
    case 'appended':
      return identity + how.text;
    case 'inserted': {
      const at = how.at % (identity.length + 1);
      return identity.slice(0, at) + how.text + identity.slice(at);
    }
    case 'too-long':
      return identity.padEnd(how.length, identity.length % 2 === 0 ? 'x' : '7');
    case 'not-string':
      return notString(identity, how.shape);
  }
}

function notString(identity: string, shape: NotStringIdentity): unknown {
  switch (shape) {
    case 'null':
      return null;
    case 'number':
      return identity.length;
    case 'boolean':
      return true;
    case 'array':
      return [identity];
    case 'object':
      return { id: identity };
  }
}

function describeCorruption(how: Corruption): string {
  switch (how.kind) {
    case 'empty':
      return 'empty';
    case 'prefixed':
      return `the base ID prefixed with ${show(how.text)}`;
    case 'appended':
      return `the base ID followed by ${show(how.text)}`;
    case 'inserted':
      return `the base ID with ${show(how.text)} inserted`;
    case 'too-long':
      return `the base ID padded to ${how.length} characters`;
    case 'not-string':
      return `a ${how.shape} instead of a string`;
  }
}

/** How the correct digest is reformatted. Every kind keeps its hex recognizable. */
type Reformat =
  | { readonly kind: 'uppercase-hex' }
  | { readonly kind: 'one-uppercase-digit'; readonly at: number }
  | { readonly kind: 'prefix'; readonly prefix: string }
  | { readonly kind: 'hex-digits'; readonly count: 63 | 65 }
  | { readonly kind: 'non-hex'; readonly char: string; readonly at: number }
  | { readonly kind: 'padded'; readonly before: string; readonly after: string }
  | { readonly kind: 'not-string'; readonly shape: (typeof NOT_STRING_DIGESTS)[number] };

/** What stands in for a digest string. */
const NOT_STRING_DIGESTS = ['null', 'empty', 'array', 'hex-only-number'] as const;

/** Prefixes other than `sha256:`; the empty one leaves the bare hex. */
const OTHER_PREFIXES = ['', 'SHA256:', 'Sha256:', 'sha512:', 'sha-256:', 'sha256=', 'sha256: ', 'sha256:0x', 'sha256::'];
const NON_HEX = ['g', 'z', 'G', 'x', ' ', '-', ':', 'é'];

/**
 * REQ-DIGEST-FORMAT: a well-formed request whose `requestDigest` is the
 * correct digest reformatted — uppercase hex (all or one digit), another or
 * no prefix, 63 or 65 hex digits, a non-hex character, surrounding
 * whitespace — or not a digest string at all. On an admitted binding, an
 * adapter that normalizes the digest answers with the admission.
 */
export function digestFormatDefect(): fc.Arbitrary<RequestDefect> {
  const reformat: fc.Arbitrary<Reformat> = fc.oneof(
    { weight: 3, arbitrary: fc.constant({ kind: 'uppercase-hex' as const }) },
    { weight: 1, arbitrary: fc.nat().map((at) => ({ kind: 'one-uppercase-digit' as const, at })) },
    { weight: 2, arbitrary: fc.constantFrom(...OTHER_PREFIXES).map((prefix) => ({ kind: 'prefix' as const, prefix })) },
    { weight: 1, arbitrary: fc.constantFrom(63 as const, 65 as const).map((count) => ({ kind: 'hex-digits' as const, count })) },
    { weight: 1, arbitrary: fc.record({ char: fc.constantFrom(...NON_HEX), at: fc.nat() }).map(({ char, at }) => ({ kind: 'non-hex' as const, char, at })) },
    { weight: 1, arbitrary: fc.constantFrom(['', ' '], [' ', ''], ['', '\n'], ['\t', '']).map(([before = '', after = '']) => ({ kind: 'padded' as const, before, after })) },
    { weight: 1, arbitrary: fc.constantFrom(...NOT_STRING_DIGESTS).map((shape) => ({ kind: 'not-string' as const, shape })) },
  );
  return fc.record({ reformat, action: argvAction(), target: defectTarget() }).map(({ reformat: how, action, target }) => digestFormatCase(how, action, target));
}

/**
 * The must-try cases of REQ-DIGEST-FORMAT, run first whatever the seed: uppercase hex on a fresh submit and on an admitted observe, and an upper-case prefix.
 */
export function digestFormatExamples(): RequestDefect[] {
  return [
    digestFormatCase({ kind: 'uppercase-hex' }, 'submit', 'fresh'),
    digestFormatCase({ kind: 'uppercase-hex' }, 'observe', 'admitted'),
    digestFormatCase({ kind: 'prefix', prefix: 'SHA256:' }, 'submit', 'fresh'),
  ];
}

function digestFormatCase(how: Reformat, action: Action, target: DefectTarget): RequestDefect {
  return defect({
    clauseId: 'REQ-DIGEST-FORMAT',
    argvAction: action,
    target,
    what: `${action} whose requestDigest is ${describeReformat(how)}`,
    build: (base) => {
      const request = requestObject(action, base);
      request.binding = { ...base.binding, requestDigest: reformatDigest(base.binding.requestDigest, how) };
      return { text: requestText(request), followUps: [base.binding] };
    },
  });
}

function reformatDigest(digest: string, how: Reformat): unknown {
  const hex = digest.slice('sha256:'.length);
  switch (how.kind) {
    case 'uppercase-hex':
      // A hex without letters a–f cannot be uppercased; its prefix can (odds 10^64 / 16^64, but exact).
      return /[a-f]/.test(hex) ? `sha256:${hex.toUpperCase()}` : `SHA256:${hex}`;
    case 'one-uppercase-digit': {
      const letters = [...hex].flatMap((char, index) => (/[a-f]/.test(char) ? [index] : []));
      if (letters.length === 0) return `SHA256:${hex}`;
      const at = letters[how.at % letters.length] as number;
      return `sha256:${hex.slice(0, at)}${hex.charAt(at).toUpperCase()}${hex.slice(at + 1)}`;
    }
    case 'prefix':
      return how.prefix + hex;
    case 'hex-digits':
      return how.count === 63 ? `sha256:${hex.slice(0, 63)}` : `sha256:${hex}${hex.charAt(0)}`;
    case 'non-hex': {
      const at = how.at % hex.length;
      return `sha256:${hex.slice(0, at)}${how.char}${hex.slice(at + 1)}`;
    }
    case 'padded':
      return how.before + digest + how.after;
    case 'not-string':
      if (how.shape === 'null') return null;
      if (how.shape === 'empty') return '';
      return how.shape === 'array' ? [digest] : Number.parseInt(hex.slice(0, 12), 16);
  }
}

function describeReformat(how: Reformat): string {
  switch (how.kind) {
    case 'uppercase-hex':
      return 'the correct digest in uppercase hex';
    case 'one-uppercase-digit':
      return 'the correct digest with one hex letter uppercased';
    case 'prefix':
      return how.prefix === '' ? 'the correct hex without prefix' : `the correct hex prefixed ${JSON.stringify(how.prefix)}`;
    case 'hex-digits':
      return `the correct digest cut or extended to ${how.count} hex digits`;
    case 'non-hex':
      return `the correct digest with one digit replaced by ${JSON.stringify(how.char)}`;
    case 'padded':
      return `the correct digest padded with ${JSON.stringify(how.before + how.after)}`;
    case 'not-string':
      return how.shape === 'hex-only-number' ? 'a number' : how.shape === 'empty' ? 'empty' : `a ${how.shape}`;
  }
}

/** Constraints of {@link payloadDigestDefect}. */
export interface PayloadDigestDefectConstraints {
  /** Valid payloads of the run's family; the swapped-in payload comes from here. */
  readonly payload: fc.Arbitrary<JsonValue>;
}

/** Texts a careless host could hash instead of the canonical payload. */
const WRONG_TEXTS = ['unsorted-keys', 'indented', 'trailing-newline', 'whole-request'] as const;
type WrongText = (typeof WRONG_TEXTS)[number];

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
  const wrongText = fc.constantFrom(...WRONG_TEXTS).map((text) => ({
    mismatch: { kind: 'digest-of' as const, text },
    target: 'fresh' as const,
  }));
  return fc.oneof(changed, wrongText).map(({ mismatch, target }) =>
    defect({
      clauseId: 'REQ-PAYLOAD-DIGEST',
      argvAction: 'submit',
      target,
      what:
        mismatch.kind === 'payload-changed' ? 'submit whose payload was replaced after its digest was computed' : `submit whose digest was computed over ${describeWrongText(mismatch.text)}`,
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

/** How the other authority is derived from the configured one. */
type Other = { readonly kind: 'case-swapped' } | { readonly kind: 'suffixed'; readonly suffix: string } | { readonly kind: 'random'; readonly id: string };

/**
 * REQ-AUTHORITY (SHOULD): a well-formed request whose binding names another
 * valid authority — the configured one with its letter case swapped (caught
 * by a case-insensitive comparison), with a suffix, or a random identity.
 */
export function foreignAuthorityDefect(): fc.Arbitrary<RequestDefect> {
  const other: fc.Arbitrary<Other> = fc.oneof(
    fc.constant({ kind: 'case-swapped' as const }),
    fc.constantFrom('-b', '.2', ':x', '0').map((suffix) => ({ kind: 'suffixed' as const, suffix })),
    fc.stringMatching(IDENTITY_PATTERN).map((id) => ({ kind: 'random' as const, id })),
  );
  return fc.record({ other, action: argvAction(), target: defectTarget() }).map(({ other: how, action, target }) =>
    defect({
      clauseId: 'REQ-AUTHORITY',
      argvAction: action,
      target,
      what: `${action} for ${how.kind === 'random' ? `authority ${JSON.stringify(how.id)}` : how.kind === 'suffixed' ? `the configured authority followed by ${JSON.stringify(how.suffix)}` : 'the configured authority with its letter case swapped'}`,
      build: (base) => {
        const request = requestObject(action, base);
        request.binding = { ...base.binding, authorityId: otherAuthority(base.authorityId, how) };
        return { text: requestText(request), followUps: [base.binding] };
      },
    }),
  );
}

/** A valid identity other than `authority`, derived as `how` says (falling back to a suffix). */
function otherAuthority(authority: string, how: Other): string {
  const derived = how.kind === 'case-swapped' ? swapCase(authority) : how.kind === 'random' ? how.id : authority + how.suffix;
  if (derived !== authority && isIdentity(derived)) return derived;
  const cut = authority.slice(0, IDENTITY_MAX_LENGTH - 1);
  return cut + (authority.endsWith('0') ? '1' : '0');
}

function swapCase(text: string): string {
  return [...text].map((char) => (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase())).join('');
}
