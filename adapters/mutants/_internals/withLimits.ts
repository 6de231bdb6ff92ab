import type { AdapterLimits } from '../../reference/AdapterBehavior.js';
import { referenceBehavior } from '../../reference/referenceBehavior.js';

/**
 * The reference limits with some replaced.
 * @param override - the replaced limits
 */
export function withLimits(override: Partial<AdapterLimits>): AdapterLimits {
  return Object.freeze({ ...referenceBehavior.limits, ...override });
}
