import * as fc from 'fast-check';
import { IDENTITY_MAX_LENGTH, IDENTITY_PATTERN, isIdentity } from '../harness/protocol/identity.js';
import { requestText } from '../harness/protocol/requestText.js';
import { argvAction } from './_internals/argvAction.js';
import { defect } from './_internals/defect.js';
import { defectTarget } from './_internals/defectTarget.js';
import { requestObject } from './_internals/requestObject.js';
import type { RequestDefect } from './RequestDefect.js';

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
