import type { CallRecord, TransportUncertainty } from './callRecord.js';

/**
 * Whose doing an uncertain call is.
 * - `adapter`: the adapter's own answer or behaviour (a refusal, a crash, a flood): evidence about the adapter.
 * - `host`: the suite's machine or the suite itself (a stream error, a failed spawn, a cancellation,
 *   an abort): never evidence against the adapter.
 * - `deadline`: the deadline expired: a hanging adapter or a starved host look alike, so it proves nothing either way.
 */
export type UncertaintyCause = 'adapter' | 'host' | 'deadline';

/**
 * The cause of each transport uncertainty: the one table every judge consults
 * before blaming the adapter for a call that gave no evidence.
 * @public
 */
export const UNCERTAINTY_CAUSE = Object.freeze({
  'pre-aborted': 'host',
  timeout: 'deadline',
  canceled: 'host',
  'output-overflow': 'adapter',
  'stream-failure': 'host',
  'spawn-failure': 'host',
  'killed-by-signal': 'adapter',
  'nonzero-exit': 'adapter',
  'sdk-rejected': 'adapter',
  'sdk-invalid-value': 'adapter',
} as const satisfies Record<TransportUncertainty, UncertaintyCause>);

/**
 * Why `record` is uncertain through the host's own failure, with its detail
 * (`stream-failure: stdout: read EIO`), or null when the host is not to blame.
 * @param record - a finished call, or null for a call that was never made
 * @public
 */
export function hostFaultOf(record: CallRecord | null): string | null {
  if (record === null || record.uncertainty === null || UNCERTAINTY_CAUSE[record.uncertainty] !== 'host') return null;
  return record.uncertaintyDetail === undefined ? record.uncertainty : `${record.uncertainty}: ${record.uncertaintyDetail}`;
}
