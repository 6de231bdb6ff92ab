import * as fc from 'fast-check';
import { requestText } from '../harness/protocol/requestText.js';
import { argvAction } from './_internals/argvAction.js';
import { defect } from './_internals/defect.js';
import { defectTarget } from './_internals/defectTarget.js';
import { requestObject } from './_internals/requestObject.js';
import type { Action } from '../harness/protocol/types.js';
import type { DefectTarget, RequestDefect } from './RequestDefect.js';

/** How the correct digest is reformatted. Every kind keeps its hex recognizable. */
type Reformat =
  | { readonly kind: 'uppercase-hex' }
  | { readonly kind: 'one-uppercase-digit'; readonly at: number }
  | { readonly kind: 'prefix'; readonly prefix: string }
  | { readonly kind: 'hex-digits'; readonly count: 63 | 65 }
  | { readonly kind: 'non-hex'; readonly char: string; readonly at: number }
  | { readonly kind: 'padded'; readonly before: string; readonly after: string }
  | { readonly kind: 'not-string'; readonly shape: 'null' | 'empty' | 'array' | 'hex-only-number' };

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
    { weight: 1, arbitrary: fc.constantFrom('null', 'empty', 'array', 'hex-only-number').map((shape) => ({ kind: 'not-string' as const, shape })) },
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
