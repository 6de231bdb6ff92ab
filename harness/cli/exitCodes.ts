/**
 * Exit codes of `adapter-qualify` (acceptance-report.md): 0 no MUST clause failed,
 * 1 a MUST clause failed (or, strict, was not shown to hold), 2 usage or configuration
 * error (no adapter started), 3 the suite itself failed.
 * @public
 */
export const exitCodes = Object.freeze({ ok: 0, failed: 1, usage: 2, internal: 3 } as const);

/** One of the exit codes. */
export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];
