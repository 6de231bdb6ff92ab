import type { BaselineStatus } from '../../harness/baseline/types.js';

const labels = {
  'expected-failure': 'expected failure',
  'stale-baseline': 'stale baseline entry: now passes, remove it',
  unconfirmed: 'listed as expected failure, not confirmed',
} as const satisfies Record<BaselineStatus, string>;

/**
 * How the renderers name a listed clause's baseline status.
 * @param status - the status of a clause listed in `--expected-failures`.
 * @internal Shared by the Markdown and terminal renderers.
 */
export function baselineLabel(status: BaselineStatus): string {
  return labels[status];
}
