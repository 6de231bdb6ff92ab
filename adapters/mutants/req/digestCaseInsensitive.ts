import { defineMutant, withChecks } from '../defineMutant.js';
import { digestText } from '../../../harness/protocol/digest.js';
import { Refusal } from '../../reference/Refusal.js';

const ANY_CASE = /^sha256:[0-9a-f]{64}$/i;

/** Digests are matched case-insensitively, so uppercase hex is admitted. */
export const digestCaseInsensitive = defineMutant(
  {
    name: 'digest-case-insensitive',
    claims: ['REQ-DIGEST-FORMAT'],
    // The adapter then echoes an uppercase requestDigest in its outcomes.
    incidental: ['OUT-BINDING'],
    description: 'accepts uppercase hex in requestDigest and compares digests case-insensitively',
  },
  {
    isDigest: (value) => typeof value === 'string' && ANY_CASE.test(value),
    checks: withChecks({
      payloadDigest: (request, { behavior }) => {
        if (request.action !== 'submit') return request;
        const claimed = String((request.binding as Record<string, unknown>).requestDigest).toLowerCase();
        if (digestText(behavior.canonical(request.payload)) !== claimed) throw new Refusal('requestDigest does not match');
        return request;
      },
    }),
  },
);
