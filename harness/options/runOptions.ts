import type { EnvironmentPolicy } from '../transport/containment/environment.js';
import type { AdapterConfig } from '../config/adapterConfig.js';
import type { ExpectedFailures } from '../baseline/expectedFailures.js';
import type { JsonValue } from '../protocol/canonicalJson.js';
import type { ShardSpec } from './shardOption.js';
import type { LifecycleOption } from '../lifecycle/lifecycleOption.js';
import type { NamedPath } from './bytePath.js';

/** The payload families the suite generates itself (`--payload KIND`). @public */
export const GENERATED_PAYLOADS = ['any-json', 'coding-job-v2'] as const;

/** One of {@link GENERATED_PAYLOADS}. */
export type GeneratedPayload = (typeof GENERATED_PAYLOADS)[number];

/** Which payloads the suite submits: a generated family, or the samples of `--payload-file`. */
export type PayloadFamily = { readonly kind: GeneratedPayload } | { readonly kind: 'samples'; readonly file: string; readonly samples: readonly JsonValue[] };

/** One shrunk case to replay: the `property`-th property of the test named by `--only`, at fast-check `path`. */
export interface ReplayTarget {
  readonly property: number;
  readonly path: string;
}

/** A command adapter: `run <adapter.json>`. */
export interface CommandSubject {
  readonly kind: 'command';
  /** Absolute path of `adapter.json`. */
  readonly configPath: string;
  /** The validated configuration, exactly as read. */
  readonly config: AdapterConfig;
  /** Directory the adapter runs in: the configuration file's directory. */
  readonly adapterCwd: string;
  /**
   * The configuration's path as the user named it, for the report and its replay commands: `configPath` is a
   * temporary symlink's when the real path holds bytes that are not UTF-8 (`reachablePath`).
   */
  readonly configNamed: NamedPath;
}

/** An in-process SDK transport (the protocol's SDK seam): `run --sdk <module> --authority <id>`. */
export interface SdkSubject {
  readonly kind: 'sdk';
  /** Absolute path of the module (an existing regular file). */
  readonly modulePath: string;
  /** The authority every request carries (an identity, as CFG-AUTHORITY requires of a configuration). */
  readonly authorityId: string;
}

/** What is being qualified. */
export type RunSubject = CommandSubject | SdkSubject;

/**
 * The authority a subject answers for: the configuration's `authorityId`, or the SDK run's `--authority`.
 * @public
 */
export function subjectAuthorityId(subject: RunSubject): string {
  return subject.kind === 'command' ? subject.config.authorityId : subject.authorityId;
}

/**
 * Every option of `adapter-qualify run`, with defaults applied. Produced once by
 * `normalizeRunOptions` from `runOptionDefaults`; nothing downstream checks for missing fields.
 */
export interface NormalizedRunOptions {
  /** The adapter configuration, or the SDK module, being qualified. */
  readonly subject: RunSubject;
  /** Absolute output directory for the report files. @defaultValue `runOptionDefaults.out` */
  readonly outDir: string;
  /** Root seed of every property. @defaultValue a random 31-bit integer, printed and recorded */
  readonly seed: number;
  /** Generated cases per property. @defaultValue `runOptionDefaults.runs` */
  readonly runs: number;
  /** Deadline of one adapter call, ms. @defaultValue `runOptionDefaults.timeoutMs` */
  readonly timeoutMs: number;
  /** Output bound of one adapter call, bytes. @defaultValue `runOptionDefaults.maxOutputBytes` */
  readonly maxOutputBytes: number;
  /** Test-name filter (a regular expression source), or null for all. @defaultValue null */
  readonly only: string | null;
  /** Tests whose name matches this regular expression source are not run, or null to exclude none. @defaultValue null */
  readonly exclude: string | null;
  /** Replay exactly one shrunk case of the test `only` names (`--replay-path P/PATH`). @defaultValue null */
  readonly replayPath: ReplayTarget | null;
  /** Which payloads to submit. @defaultValue `runOptionDefaults.payload` */
  readonly payload: PayloadFamily;
  /** Most admissions (valid submits) the whole run may make, or null for no cap. @defaultValue null */
  readonly maxSubmits: number | null;
  /** Stop the run once this many tests recorded a FAIL (`--max-failures N`), or null to run everything. @defaultValue null */
  readonly maxFailures: number | null;
  /** Most adapter processes running at once (two suite workers, each running tests concurrently). @defaultValue `runOptionDefaults.concurrency` */
  readonly concurrency: number;
  /** Observes per operation while waiting for terminal evidence. @defaultValue `runOptionDefaults.pollBudget` */
  readonly pollBudget: number;
  /**
   * How long after the last terminal answer of the run every terminal binding is observed
   * again (SEM-TERMINAL-IMMUTABLE against late rewrites). @defaultValue `runOptionDefaults.settleMs`
   */
  readonly settleMs: number;
  /** `--allow-out-in-adapter-dir`: the report may be written inside the adapter's own directory. @defaultValue false */
  readonly allowOutInAdapterDir: boolean;
  /**
   * The run's sandbox: `off` (`--no-sandbox`), `required` (`--require-sandbox`: a usage error where a
   * protection is missing) or `auto` (what the kernel allows, missing protections reported). @defaultValue 'auto'
   */
  readonly sandbox: 'auto' | 'required' | 'off';
  /** `--allow-network`: the candidate keeps the host's network (otherwise a network namespace of its own). @defaultValue false */
  readonly allowNetwork: boolean;
  /** Exit 1 when a MUST clause is SKIP or INCONCLUSIVE. @defaultValue false */
  readonly strict: boolean;
  /** SHOULD clauses count for the exit code. @defaultValue false */
  readonly strictShould: boolean;
  /** Clauses known to fail (`--expected-failures FILE`), or null for none. @defaultValue null */
  readonly expectedFailures: ExpectedFailures | null;
  /** Run only this slice of the tests (`--shard i/n`), or null for all. @defaultValue null */
  readonly shard: ShardSpec | null;
  /** Keep a capped stderr tail per call in the transcript, masked for secrets (otherwise stderr is dropped). @defaultValue false */
  readonly keepStderr: boolean;
  /** Renderings (Markdown, HTML, JUnit, summaries) leave out not-applicable clauses; `acceptance.json` keeps them. @defaultValue false */
  readonly hideNotApplicable: boolean;
  /** The adapter's declared lifecycle (`--lifecycle FILE`): its restart step, or null without the option. @defaultValue null */
  readonly lifecycle: LifecycleOption | null;
  /** Where to write this run's FAILs as an expected-failures file (`--write-baseline FILE`), absolute, or null. @defaultValue null */
  readonly writeBaseline: string | null;
  /** What the adapter and its restart step receive of the suite's environment (`--pass-env`, `--inherit-env`). @defaultValue scrubbed, nothing passed */
  readonly adapterEnvironment: EnvironmentPolicy;
  /** Progress on stderr (a TTY outside CI). */
  readonly progress: boolean;
  /** `--subject-file` globs, resolved in the adapter's directory: more files the subject's digest covers. @defaultValue none */
  readonly subjectFiles: readonly string[];
}

/**
 * The `run` options as received: command-line text (from `parseArgs`) or, for library
 * callers, numbers. Absent or undefined (a flag `parseArgs` did not see) means default.
 */
export interface RunOptionsInput {
  /** `--config FILE`: a JSON file of shared run options; every option given here overrides it. @defaultValue none */
  readonly config?: string | undefined;
  /** `--out DIR`. @defaultValue `runOptionDefaults.out` */
  readonly out?: string | undefined;
  /** `--seed N`. @defaultValue random */
  readonly seed?: string | number | undefined;
  /** `--runs N`. @defaultValue `runOptionDefaults.runs` */
  readonly runs?: string | number | undefined;
  /** `--timeout-ms N`. @defaultValue `runOptionDefaults.timeoutMs` */
  readonly timeoutMs?: string | number | undefined;
  /** `--max-output-bytes N`. @defaultValue `runOptionDefaults.maxOutputBytes` */
  readonly maxOutputBytes?: string | number | undefined;
  /** `--only PATTERN`. @defaultValue every test */
  readonly only?: string | undefined;
  /** `--exclude PATTERN`: tests whose name matches are not run. @defaultValue none */
  readonly exclude?: string | undefined;
  /** `--replay-path P`. @defaultValue none */
  readonly replayPath?: string | undefined;
  /** `--payload any-json|coding-job-v2`. @defaultValue `runOptionDefaults.payload` */
  readonly payload?: string | undefined;
  /** `--payload-file FILE`. @defaultValue none */
  readonly payloadFile?: string | undefined;
  /** `--max-submits N`. @defaultValue no cap */
  readonly maxSubmits?: string | number | undefined;
  /** `--max-failures N`: stop after N tests recorded a FAIL. @defaultValue no limit */
  readonly maxFailures?: string | number | undefined;
  /** `--concurrency N`. @defaultValue `runOptionDefaults.concurrency` */
  readonly concurrency?: string | number | undefined;
  /** `--poll-budget N`. @defaultValue `runOptionDefaults.pollBudget` */
  readonly pollBudget?: string | number | undefined;
  /** `--settle-ms N`. @defaultValue `runOptionDefaults.settleMs` */
  readonly settleMs?: string | number | undefined;
  /** `--allow-out-in-adapter-dir`. @defaultValue false */
  readonly allowOutInAdapterDir?: boolean | undefined;
  /** `--no-sandbox`. @defaultValue false */
  readonly noSandbox?: boolean | undefined;
  /** `--require-sandbox`. @defaultValue false */
  readonly requireSandbox?: boolean | undefined;
  /** `--allow-network`. @defaultValue false */
  readonly allowNetwork?: boolean | undefined;
  /** `--strict`. @defaultValue false */
  readonly strict?: boolean | undefined;
  /** `--strict-should`. @defaultValue false */
  readonly strictShould?: boolean | undefined;
  /** `--expected-failures FILE`. @defaultValue none */
  readonly expectedFailures?: string | undefined;
  /** `--shard i/n`. @defaultValue the whole run */
  readonly shard?: string | undefined;
  /** `--keep-stderr`: keep a capped, masked stderr tail per call in the transcript. @defaultValue false */
  readonly keepStderr?: boolean | undefined;
  /** `--lifecycle FILE`: the adapter's lifecycle file (a restart step). @defaultValue none */
  readonly lifecycle?: string | undefined;
  /** `--hide-not-applicable`: renderings leave out not-applicable clauses. @defaultValue false */
  readonly hideNotApplicable?: boolean | undefined;
  /** `--write-baseline FILE`: write the run's FAILs as an expected-failures file. @defaultValue none */
  readonly writeBaseline?: string | undefined;
  /** `--pass-env NAME` (repeatable): a variable of the suite's environment the adapter also receives. @defaultValue none */
  readonly passEnv?: readonly string[] | string | undefined;
  /** `--inherit-env`: the adapter receives the suite's whole environment. @defaultValue false (scrubbed) */
  readonly inheritEnv?: boolean | undefined;
  /** `--subject-file GLOB`, repeatable: more files the subject is made of (imported modules). @defaultValue none */
  readonly subjectFiles?: readonly string[] | undefined;
}

/** What normalization reads from the process; injectable so normalization stays testable. */
export interface RunEnvironment {
  /** Directory relative `--out` and `--payload-file` resolve against. */
  readonly cwd: string;
  /** Whether stderr is a terminal. */
  readonly stderrIsTTY: boolean;
  /** The `CI` environment variable. */
  readonly ci: string | undefined;
  /** Draws the default seed. */
  readonly randomSeed: () => number;
  /** Reads a text file (the payload file). */
  readonly readTextFile: (file: string) => string;
}

/** `adapter-qualify self-check` options, validated, with `selfCheckDefaults` applied by `normalizeSelfCheckOptions`. */
export interface SelfCheckOptions {
  /** Absolute directory of `self-check.json`, `self-check.md` and every run's report. */
  readonly outDir: string;
  /** Root seed: the only seed, or the first of a sweep. */
  readonly seed: number;
  /** Seeds per mutant, or null for the kill matrix (one seed). */
  readonly seeds: number | null;
  readonly runs: number;
  readonly timeoutMs: number;
  readonly pollBudget: number;
  readonly concurrency: number;
  readonly parallel: number;
  readonly runCapMs: number;
  /** Selected mutant names, or null for all. */
  readonly mutants: readonly string[] | null;
  /** `--threshold N`: the lowest mutation score (percent) that passes, or null: every judgeable mutant must be killed. */
  readonly threshold: number | null;
}

/**
 * The `manifest` options as received from the command line: those it shares with `run`,
 * with `run`'s meaning and defaults (`runOptionDefaults`), and its own. Absent means default.
 */
export interface ManifestOptionsInput extends Pick<RunOptionsInput, 'out' | 'seed' | 'runs' | 'timeoutMs' | 'maxOutputBytes' | 'strict' | 'strictShould'> {
  /** `<dir-or-manifest.json>`, as written. */
  readonly manifest: string;
  /** `--allow-mutating`: also call the tools declared `mutates: true`. @defaultValue false */
  readonly allowMutating?: boolean | undefined;
}

/**
 * The `self-check` options as received from the command line: those it shares with `run`
 * (with `selfCheckDefaults` instead of `run`'s), and its own. Absent means default.
 */
export interface SelfCheckOptionsInput extends Pick<RunOptionsInput, 'out' | 'seed' | 'runs' | 'timeoutMs'> {
  /** `--seeds N`: a sweep of N seeds. @defaultValue none (the kill matrix) */
  readonly seeds?: string | undefined;
  /** `--mutant NAMES`, each comma-separated, repeatable. @defaultValue every mutant */
  readonly mutant?: readonly string[] | undefined;
  /** `--parallel N`. @defaultValue `selfCheckDefaults.parallel` */
  readonly parallel?: string | undefined;
  /** `--run-cap-ms N`. @defaultValue `selfCheckDefaults.runCapMs` */
  readonly runCapMs?: string | undefined;
  /** `--threshold N`. @defaultValue none (every judgeable mutant must be killed) */
  readonly threshold?: string | undefined;
}

/**
 * The options a report records of a coding-operation run (`run.options`), whatever ended the run.
 * @param options - the run's options
 * @internal
 */
export function recordedRunOptions(options: NormalizedRunOptions) {
  return {
    timeoutMs: options.timeoutMs,
    maxOutputBytes: options.maxOutputBytes,
    payload: options.payload.kind,
    maxSubmits: options.maxSubmits,
    ...(options.maxFailures === null ? {} : { maxFailures: options.maxFailures }),
    concurrency: options.concurrency,
    pollBudget: options.pollBudget,
    settleMs: options.settleMs,
    ...(options.hideNotApplicable ? { hideNotApplicable: true as const } : {}),
  };
}
