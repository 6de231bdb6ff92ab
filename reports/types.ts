import type { ClauseFamily, ClauseId, ClauseLevel, ProfileId } from '../harness/clauses.js';
import type { BaselineStatus, ExpectedFailures } from '../harness/baseline/expectedFailures.js';
import type { AdapterConfig } from '../harness/config/adapterConfig.js';
import type { Counterexample, FaultMethodNote } from '../harness/evidence/types.js';
import type { JsonValue } from '../harness/protocol/canonicalJson.js';
import type { SandboxRecord } from '../harness/transport/sandbox/openRunSandbox.js';
import type { TranscriptDigest } from '../harness/transcript/transcriptDigest.js';

/** The version of `acceptance.json` this code writes; `report.schema.json` pins it. */
export const REPORT_SCHEMA_VERSION = 1;

/** The verdicts of one clause: PASS needs a real case; SKIP and INCONCLUSIVE are honest answers, never a pass. */
export const CLAUSE_VERDICTS = ['PASS', 'FAIL', 'SKIP', 'INCONCLUSIVE'] as const;

/** Verdict of one clause. */
export type ClauseVerdict = (typeof CLAUSE_VERDICTS)[number];

/** Verdicts of the whole run. `incomplete`: no MUST FAIL, but some MUST SKIP/INCONCLUSIVE. */
export const OVERALL_VERDICTS = ['conformant', 'non-conformant', 'incomplete'] as const;

/** Verdict of the whole run. */
export type OverallVerdict = (typeof OVERALL_VERDICTS)[number];

/**
 * Exit codes of `run` as the report decides them: 0 ok, 1 adapter failure, 3 suite error, 4 interrupted by
 * SIGINT or SIGTERM (2 is decided before any report exists).
 */
export const REPORT_EXIT_CODES = [0, 1, 3, 4] as const;

/** Exit code of `run` as the report decides it. */
export type ReportExitCode = (typeof REPORT_EXIT_CODES)[number];

/** The suite that produced the report. */
export interface ReportSuite {
  readonly name: string;
  readonly version: string;
}

/** A file named in `argvPrefix`, bound to its bytes. */
export interface ArgvFileDigest {
  /** Index in `argvPrefix`. */
  readonly index: number;
  /** The argument exactly as configured. */
  readonly path: string;
  /** Lowercase hex sha256 of the file's bytes. */
  readonly sha256: string;
}

/** What was tested, bound to exact bytes: another digest is another subject. */
/** A file named by `--subject-file`, with its digest. */
export interface SubjectFileDigest {
  /** As matched, relative to the adapter's directory. */
  readonly path: string;
  readonly sha256: string;
}

/** A file of the subject whose bytes changed during the run (a ledger database): state, not the subject. */
export interface MutableStateFile {
  /** The `argvPrefix` index, for an argv item; absent for a `--subject-file` match. */
  readonly index?: number;
  readonly path: string;
  readonly sha256Before: string;
  /** null when the file was gone at the end of the run. */
  readonly sha256After: string | null;
}

/** The executable's digests before the first call and after the last, when they differ. */
export interface ExecutableChange {
  readonly path: string;
  readonly sha256Before: string | null;
  /** null when it was gone or unreadable at the end of the run. */
  readonly sha256After: string | null;
}

export interface ReportSubject {
  /** The adapter configuration (`{sdk, authorityId}` for an SDK run; any JSON for the manifest profile). */
  readonly config: AdapterConfig | JsonValue;
  /** Lowercase hex sha256 of the executable, or null when it could not be read. */
  readonly executableSha256: string | null;
  readonly argvFileSha256s: readonly ArgvFileDigest[];
  /** Files added by `--subject-file` globs; absent when none was given. */
  readonly subjectFileSha256s?: readonly SubjectFileDigest[];
  /** Subject files that changed during the run, left out of the digests above; absent when none did. */
  readonly mutableState?: readonly MutableStateFile[];
  /**
   * The executable, when its bytes changed during the run (replaced, or a symbolic link repointed):
   * the calls may have run another program than `executableSha256` names, so the verdict is void
   * (never conformant, exit 1). Absent when it did not change.
   */
  readonly executableChanged?: ExecutableChange;
  /** The configured authority, or null for a profile without one. */
  readonly authorityId: string | null;
}

/** Where the suite ran. */
export interface ReportEnvironment {
  /** `process.version`. */
  readonly node: string;
  readonly platform: string;
  readonly arch: string;
}

/** Normalized options worth recording besides seed, runs and the strict flags; absent when the profile has no such option. */
export interface RecordedRunOptions {
  readonly timeoutMs?: number;
  readonly maxOutputBytes?: number;
  readonly payload?: 'any-json' | 'coding-job-v2' | 'samples';
  /** The samples file, for `payload: 'samples'`. */
  readonly payloadFile?: string;
  readonly maxSubmits?: number | null;
  /** `--max-failures N`, when given. */
  readonly maxFailures?: number;
  readonly concurrency?: number;
  readonly pollBudget?: number;
  readonly settleMs?: number;
  /** Present (true) only with `--hide-not-applicable`: renderings leave out not-applicable clauses. */
  readonly hideNotApplicable?: true;
  /** The fast-check path replayed, when the run was a replay. */
  readonly replayPath?: string | null;
}

/** The slice a shard report covers (`--shard i/n`); absent in a whole run and in a merge. */
export interface ReportShard {
  /** 1-based shard number. */
  readonly index: number;
  readonly count: number;
  /** The clauses this shard gathered evidence for; every other clause is SKIP here (another shard's). */
  readonly clauses: readonly ClauseId[];
}

/** How the run was made. */
export interface ReportRun {
  readonly seed: number;
  readonly runs: number;
  /** ISO 8601. */
  readonly startedAt: string;
  /** ISO 8601. */
  readonly finishedAt: string;
  readonly strict: boolean;
  readonly strictShould: boolean;
  /** The `--only` test-name filter, or null. */
  readonly only: string | null;
  readonly options: RecordedRunOptions;
  /** Present only in a shard's report. */
  readonly shard?: ReportShard;
  /** Present only when this signal ended the run before every test finished (the report holds what was judged until then). */
  readonly interrupted?: 'SIGINT' | 'SIGTERM';
  /** How the adapter's processes were contained (a command run; absent for an SDK module and the manifest profile). */
  readonly containment?: ReportContainment;
  /** The run's sandbox (a command run; absent for an SDK module and the manifest profile). */
  readonly sandbox?: SandboxRecord;
  /** `transcript.jsonl` as the run wrote it, bound by digest (`verify` checks it); absent when none was written. */
  readonly transcript?: TranscriptDigest;
}

/** What the adapter received of the suite's environment, and what its calls left running. */
export interface ReportContainment {
  /** `scrubbed` (the allowlist and `--pass-env`) or `inherited` (`--inherit-env`). */
  readonly environment: 'scrubbed' | 'inherited';
  /** Names given with `--pass-env` (never their values). */
  readonly passedEnv: readonly string[];
  /** How the processes of each call were accounted for. */
  readonly processAccounting: 'subreaper-launcher' | 'marker-scan';
  /** Processes started by calls still alive when the run ended, all killed; null when they could not be counted (marker-scan). */
  readonly survivorsKilled: number | null;
}

/** Clause counts of one level by verdict. */
export interface VerdictCounts {
  readonly pass: number;
  readonly fail: number;
  readonly skip: number;
  readonly inconclusive: number;
}

/** What every clause entry carries, whatever its verdict. */
export interface ClauseReportBase {
  readonly id: ClauseId;
  readonly level: ClauseLevel;
  readonly family: ClauseFamily;
  readonly summary: string;
  /** Real cases that exercised the clause; a PASS always has at least one. */
  readonly cases: number;
  /** Cases left undecided by the host's own failure (stream, spawn), never the adapter's; each was retried once. Absent when none. */
  readonly hostUncertainCases?: number;
  /** Wall time, ms, of the tests whose name declares this clause (absent when none ran); JUnit's per-case `time`. */
  readonly durationMs?: number;
  /** Present only for a clause listed in `--expected-failures`. */
  readonly baseline?: BaselineStatus;
  /**
   * For the fault clauses (SEM-CRASH-CONSISTENT, SEM-UNCERTAIN-RECOVERY): how
   * faults were injected. `timing` is the fallback where Python is missing
   * or ptrace is not permitted; under `--strict` a timing-only PASS leaves the clause open.
   */
  readonly method?: FaultMethodNote['method'];
  /** What the method covered (crash points, sampling) or why it fell back. */
  readonly methodDetail?: string;
}

/** The fields only a FAIL may carry, declared absent on the other verdicts. */
interface NoFailureEvidence {
  readonly counterexample?: never;
  readonly replay?: never;
  readonly seed?: never;
  readonly path?: never;
}

/** A clause exercised by real cases (at least one) that held every time: no reason, no failure evidence. */
export interface PassClauseReport extends ClauseReportBase, NoFailureEvidence {
  readonly verdict: 'PASS';
  readonly reason?: never;
  readonly applicable?: never;
}

/** A clause a case broke. */
export interface FailClauseReport extends ClauseReportBase {
  readonly verdict: 'FAIL';
  /** The first violation. */
  readonly reason: string;
  /** The smallest failing case, when the suite recorded one. */
  readonly counterexample?: Counterexample;
  /** The full shell command that replays the failure; present with `seed` whenever the suite recorded a replay handle. */
  readonly replay?: string;
  /** Seed of the failing property; present exactly when `replay` is. */
  readonly seed?: number;
  /** fast-check path of the shrunk failure (when a property failed); only with `replay`. */
  readonly path?: string;
  readonly applicable?: never;
}

/** A clause left without evidence because a prerequisite is missing, or that cannot apply to this kind of subject. */
export interface SkipClauseReport extends ClauseReportBase, NoFailureEvidence {
  readonly verdict: 'SKIP';
  /** Why it was skipped. */
  readonly reason: string;
  /**
   * `false` for a clause that cannot apply to this kind of subject (SDK-* for a
   * command adapter; REQ, CFG and WIRE for an SDK module): a SKIP that does not
   * make the run `incomplete`, since no adapter of that kind could give evidence.
   */
  readonly applicable?: false;
}

/** A clause that was attempted but gathered no evidence (a suite error, a budget run out). */
export interface InconclusiveClauseReport extends ClauseReportBase, NoFailureEvidence {
  readonly verdict: 'INCONCLUSIVE';
  /** Why nothing could be decided. */
  readonly reason: string;
  readonly applicable?: never;
}

/** One clause of the profile, exactly once per report: its fields are those its verdict allows. */
export type ClauseReport = PassClauseReport | FailClauseReport | SkipClauseReport | InconclusiveClauseReport;

/** The content of `acceptance.json` (schema: `reports/report.schema.json`). */
export interface AcceptanceReport {
  readonly schemaVersion: typeof REPORT_SCHEMA_VERSION;
  readonly profile: ProfileId;
  readonly suite: ReportSuite;
  readonly subject: ReportSubject;
  readonly environment: ReportEnvironment;
  readonly run: ReportRun;
  readonly verdict: OverallVerdict;
  readonly exitCode: ReportExitCode;
  readonly summary: { readonly must: VerdictCounts; readonly should: VerdictCounts };
  readonly clauses: readonly ClauseReport[];
  /** The suite's own failures (thrown tests, unhandled errors): any makes the exit code 3. */
  readonly suiteErrors: readonly string[];
  /** The `--expected-failures` baseline that gated the exit code, when one was given. */
  readonly baseline?: ExpectedFailures;
}
