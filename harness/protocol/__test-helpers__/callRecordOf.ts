import type { CallRecord } from '../../transport/callRecord.js';

/** A finished call that exited 0 within bounds, with `overrides` applied. */
export function callRecordOf(overrides: Partial<CallRecord> = {}): CallRecord {
  const stdout = overrides.stdout ?? '';
  return {
    callId: 'call-1',
    action: 'observe',
    argv: ['/bin/adapter', 'observe'],
    requestText: '{}',
    startedAt: 1_000,
    endedAt: 1_010,
    exitCode: 0,
    signal: null,
    timedOut: false,
    stdout,
    stdoutBytes: Buffer.byteLength(stdout),
    stdoutTruncated: false,
    stdoutInvalidUtf8: false,
    stderrTail: '',
    stderrTruncated: false, stderrBytes: 0,
    timeoutMs: 10_000,
    maxOutputBytes: 1_048_576,
    uncertainty: null,
    ...overrides,
  };
}
