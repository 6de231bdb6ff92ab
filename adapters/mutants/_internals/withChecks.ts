import type { RequestChecks } from '../../reference/AdapterBehavior.js';
import { referenceBehavior } from '../../reference/referenceBehavior.js';

/**
 * The reference request checks with some replaced.
 * @param override - the replaced checks
 */
export function withChecks(override: Partial<RequestChecks>): RequestChecks {
  return Object.freeze({ ...referenceBehavior.checks, ...override });
}
