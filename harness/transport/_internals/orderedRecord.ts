import type { CallRecord } from '../callRecord.js';

/**
 * Fixes a call record's key order and drops an undefined detail (execa's
 * result style), so every record the transport builds has one shape.
 * @internal Shared by `runAdapterCall` and `runFaultedCall`.
 */
export function orderedRecord(fields: CallRecord): CallRecord {
  const record: CallRecord = {
    callId: fields.callId,
    action: fields.action,
    argv: fields.argv,
    requestText: fields.requestText,
    startedAt: fields.startedAt,
    endedAt: fields.endedAt,
    exitCode: fields.exitCode,
    signal: fields.signal,
    timedOut: fields.timedOut,
    stdout: fields.stdout,
    stdoutBytes: fields.stdoutBytes,
    stdoutTruncated: fields.stdoutTruncated,
    stdoutInvalidUtf8: fields.stdoutInvalidUtf8,
    stderrTail: fields.stderrTail,
    stderrTruncated: fields.stderrTruncated,
    stderrBytes: fields.stderrBytes,
    timeoutMs: fields.timeoutMs,
    maxOutputBytes: fields.maxOutputBytes,
    uncertainty: fields.uncertainty,
  };
  return fields.uncertaintyDetail === undefined ? record : { ...record, uncertaintyDetail: fields.uncertaintyDetail };
}
