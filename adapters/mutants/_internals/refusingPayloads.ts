import { Refusal } from '../../reference/Refusal.js';
import { withChecks } from './withChecks.js';
import { referenceBehavior } from '../../reference/referenceBehavior.js';
import type { RequestChecks } from '../../reference/AdapterBehavior.js';

/** Whether some value or key inside `value` satisfies `test` (strings and keys as text). */
export function containsSome(value: unknown, test: (found: unknown) => boolean): boolean {
  if (test(value)) return true;
  if (Array.isArray(value)) return value.some((entry) => containsSome(entry, test));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, entry]) => test(key) || containsSome(entry, test));
  }
  return false;
}

/**
 * The reference checks, plus a refusal of every submitted payload that
 * contains something `test` picks: an over-strict adapter.
 * @param what - the refused feature, for the refusal's stderr line
 * @param test - picks a value or key of the payload
 * @internal
 */
export function refusingPayloads(what: string, test: (found: unknown) => boolean): RequestChecks {
  return withChecks({
    payloadBounds: (request, context) => {
      const checked = referenceBehavior.checks.payloadBounds(request, context);
      if (Object.hasOwn(request, 'payload') && containsSome(request.payload, test)) throw new Refusal(`refused: the payload contains ${what}`);
      return checked;
    },
  });
}
