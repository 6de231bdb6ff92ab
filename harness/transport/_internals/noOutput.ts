/** The output fields of a call that produced nothing the suite read (never started, or given up on). */
export const NO_OUTPUT = {
  stdout: '',
  stdoutBytes: 0,
  stdoutTruncated: false,
  stdoutInvalidUtf8: false,
  stderrTail: '',
  stderrTruncated: false,
  stderrBytes: 0,
} as const;
