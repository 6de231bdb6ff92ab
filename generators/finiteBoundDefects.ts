import * as fc from 'fast-check';
import { canonicalJson } from '../harness/protocol/canonicalJson.js';
import { boundDefect } from './_internals/boundDefect.js';
import { wrapper, type Wrapper } from './_internals/wrapper.js';
import { wrapIn } from './_internals/wrapIn.js';
import { describeWrappers } from './_internals/describeWrappers.js';
import type { RequestDefect } from './RequestDefect.js';

/**
 * What a lenient adapter would hash: the raw text, or the text it would write
 * back, where JSON.stringify turns ±Infinity into `null`.
 */
type DigestedAs = 'raw-text' | 'infinity-as-null';

/** JSON number texts that parse to ±Infinity, each with the digest it is sent with. */
const NON_FINITE_LITERALS: readonly (readonly [string, DigestedAs])[] = [
  ['1e400', 'infinity-as-null'],
  ['-1e400', 'raw-text'],
  ['1E+400', 'raw-text'],
  ['-0.5e999', 'infinity-as-null'],
  [`1${'0'.repeat(400)}`, 'infinity-as-null'],
];

/** Stands in for the literal while the rest is serialized; no generated string can equal it. */
const MARKER = '\u0000non-finite\u0000';

/**
 * REQ-BOUND-FINITE, one arbitrary per literal: a payload holding a number text
 * that parses to ±Infinity (`1e400`, `-1e400`, …), at the root or nested at a
 * random position. Canonical JSON has no form for it, so the digest is that of
 * the exact payload text, or of the text with the number written as `null`:
 * either way a lenient adapter finds the digest right and must refuse for the
 * bound alone.
 */
export function finiteBoundDefects(): fc.Arbitrary<RequestDefect>[] {
  return NON_FINITE_LITERALS.map(([literal, digestedAs]) =>
    fc.array(wrapper(), { maxLength: 3 }).map((levels) =>
      boundDefect({
        clauseId: 'REQ-BOUND-FINITE',
        what: `the number ${literal.length > 12 ? `${literal.slice(0, 8)}… (${literal.length} digits)` : literal} ${describeWrappers(levels)}, digest of the ${digestedAs === 'raw-text' ? 'raw text' : 'text with null in its place'}`,
        payloadText: () => withNumber(levels, literal),
        ...(digestedAs === 'raw-text' ? {} : { digested: () => withNumber(levels, 'null') }),
      }),
    ),
  );
}

/** The canonical text of the wrapped marker, with `numberText` written in its place. */
function withNumber(levels: readonly Wrapper[], numberText: string): string {
  return canonicalJson(wrapIn(MARKER, levels)).replace(JSON.stringify(MARKER), numberText);
}
