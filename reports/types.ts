import type { ClauseFamily, ClauseId, ClauseLevel, ProfileId } from '../harness/clauses.js';
import type { BaselineStatus, ExpectedFailures } from '../harness/baseline/types.js';
import type { AdapterConfig } from '../harness/config/adapterConfig.js';
import type { Counterexample } from '../harness/evidence/types.js';
import type { JsonValue } from '../harness/protocol/canonicalJson.js';

/** The version of `acceptance.json` this code writes; `report.schema.json` pins it. */
export const REPORT_SCHEMA_VERSION = 1;

/** Verdict of one clause (acceptance-report.md, "Verdicts"). */
export type ClauseVerdict = 'PASS' | 'FAIL' | 'SKIP' | 'INCONCLUSIVE';

/** Verdict of the whole run. `incomplete`: no MUST FAIL, but some MUST SKIP/INCONCLUSIVE. */
export type OverallVerdict = 'conformant' | 'non-conformant' | 'incomplete';

/** Exit code of `run` as the report decides it: 0 ok, 1 adapter failure, 3 suite error (2 is decided before any report exists). */
export type ReportExitCode = 0 | 1 | 3;

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
  readonly concurrency?: number;
  readonly pollBudget?: number;
  readonly settleMs?: number;
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

/** One clause of the profile, exactly once per report. */
export interface ClauseReport {
  readonly id: ClauseId;
  readonly level: ClauseLevel;
  readonly family: ClauseFamily;
  readonly summary: string;
  readonly verdict: ClauseVerdict;
  /** Real cases that exercised the clause; a PASS always has at least one. */
  readonly cases: number;
  /** Cases left undecided by the host's own failure (stream, spawn), never the adapter's; each was retried once. Absent when none. */
  readonly hostUncertainCases?: number;
  /** Why the clause is not PASS: the first violation, the skip or inconclusive reason. */
  readonly reason?: string;
  /** The smallest failing case (FAIL only, when the suite recorded one). */
  readonly counterexample?: Counterexample;
  /** The full shell command that replays the failure (FAIL only). */
  readonly replay?: string;
  /** Seed of the failing property (FAIL only). */
  readonly seed?: number;
  /** fast-check path of the shrunk failure (FAIL only, when a property failed). */
  readonly path?: string;
  /** Present only for a clause listed in `--expected-failures`. */
  readonly baseline?: BaselineStatus;
  /**
   * For the fault clauses (SEM-CRASH-CONSISTENT, SEM-UNCERTAIN-RECOVERY): how
   * faults were injected. `timing` is the fallback where strace is missing or
   * not permitted; under `--strict` a timing-only PASS leaves the clause open.
   */
  readonly method?: 'syscall' | 'timing';
  /** What the method covered (crash points, sampling) or why it fell back. */
  readonly methodDetail?: string;
  /**
   * `false` for a clause that cannot apply to this kind of subject (SDK-* for a
   * command adapter; REQ, CFG and WIRE for an SDK module): a SKIP that does not
   * make the run `incomplete`, since no adapter of that kind could give evidence.
   */
  readonly applicable?: false;
}

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
