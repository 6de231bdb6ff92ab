import * as fc from 'fast-check';
import { IDENTITY_MAX_LENGTH } from '../harness/protocol/identity.js';
import { requestText } from '../harness/protocol/requestText.js';
import { argvAction } from './_internals/argvAction.js';
import { defect } from './_internals/defect.js';
import { defectTarget } from './_internals/defectTarget.js';
import { requestObject } from './_internals/requestObject.js';
import { show } from './_internals/show.js';
import type { Action } from '../harness/protocol/types.js';
import type { DefectTarget, RequestDefect } from './RequestDefect.js';

/** How a valid identity is corrupted. Every kind but `empty` and `not-string` keeps the base ID recognizable. */
type Corruption =
  | { readonly kind: 'empty' }
  | { readonly kind: 'prefixed'; readonly text: string }
  | { readonly kind: 'appended'; readonly text: string }
  | { readonly kind: 'inserted'; readonly text: string; readonly at: number }
  | { readonly kind: 'too-long'; readonly length: number }
  | { readonly kind: 'not-string'; readonly shape: 'null' | 'number' | 'boolean' | 'array' | 'object' };

/** Characters a first character may not be, although later ones may. */
const BAD_LEADING = ['.', '-', '_', ':'];
/** Text outside the identity alphabet: what a trimming, slash-splitting or ASCII-folding adapter would drop. */
const BAD_TEXT = [' ', '\t', '\n', '\u00a0', '\u0000', '\u200b', '/', '/x', '\\', '#', '@', '+', '*', 'é', 'İ', 'Ａ', '😀'];

/** The identity fields of a binding. */
type IdentityField = 'operationId' | 'authorityId';

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
    fc.constantFrom('null', 'number', 'boolean', 'array', 'object').map((shape) => ({ kind: 'not-string' as const, shape })),
  );
  const field = fc.constantFrom<IdentityField>('operationId', 'authorityId');
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

function notString(identity: string, shape: 'null' | 'number' | 'boolean' | 'array' | 'object'): unknown {
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
