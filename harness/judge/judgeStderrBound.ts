import { limits } from '../protocol/types.js';
import type { CallRecord } from '../transport/callRecord.js';
import { violation, type Violation } from '../violation.js';

/**
 * WIRE-STDERR-BOUND for one call. Only a call that exits 0 is judged (a
 * failed call is uncertain in the host whatever its stderr); algal's host
 * reads stderr through a 65,536-byte bounded reader and throws past it, so
 * such a call with more stderr ends uncertain there, whatever stdout held.
 * Pure.
 *
 * @param record - a command call (its `stderrBytes` is the total written, not the tail kept)
 * @returns `exercised`: whether the call counts as a case; `found`: the violation, or null
 * @public
 */
export function judgeStderrBound(record: CallRecord): { readonly exercised: boolean; readonly found: Violation | null } {
  if (record.exitCode !== 0) return { exercised: false, found: null };
  if (record.stderrBytes <= limits.maxStderrBytes) return { exercised: true, found: null };
  return {
    exercised: true,
    found: violation(
      'WIRE-STDERR-BOUND',
      `call ${record.callId} (${record.action}) exited 0 after writing ${record.stderrBytes} bytes to stderr, over the host's ${limits.maxStderrBytes}: algal's host ends it uncertain, whatever stdout held`,
      { details: { callId: record.callId, action: record.action, stderrBytes: record.stderrBytes, maxStderrBytes: limits.maxStderrBytes } },
    ),
  };
}
