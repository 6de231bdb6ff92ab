import type { EnvironmentPolicy } from './transport/containment/adapterEnvironment.js';
import type { AdapterConfig } from './config/adapterConfig.js';
import type { ExpectedFailures } from './baseline/types.js';
import type { JsonValue } from './protocol/canonicalJson.js';
import type { ShardSpec } from './shard/types.js';
import type { LifecycleOption } from './lifecycle/LifecycleOption.js';

/** Which payloads the suite submits. */
export type PayloadFamily =
  | { readonly kind: 'any-json' }
  | { readonly kind: 'coding-job-v2' }
  | { readonly kind: 'samples'; readonly file: string; readonly samples: readonly JsonValue[] };

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
}

/** An in-process SDK transport (coding-operation-v1 §7): `run --sdk <module> --authority <id>`. */
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
 * Every option of `adapter-qualify run`, with defaults applied. Produced once by
 * `normalizeRunOptions`; nothing downstream checks for missing fields.
 */
export interface NormalizedRunOptions {
  /** The adapter configuration, or the SDK module, being qualified. */
  readonly subject: RunSubject;
  /** Absolute output directory for the report files. @defaultValue `./qualify-report` */
  readonly outDir: string;
  /** Root seed of every property. @defaultValue a random 31-bit integer, printed and recorded */
  readonly seed: number;
  /** Generated cases per property. @defaultValue 10 */
  readonly runs: number;
  /** Deadline of one adapter call, ms. @defaultValue 10000 */
  readonly timeoutMs: number;
  /** Output bound of one adapter call, bytes. @defaultValue 1048576 */
  readonly maxOutputBytes: number;
  /** Test-name filter (a regular expression source), or null for all. @defaultValue null */
  readonly only: string | null;
  /** Replay exactly one shrunk case of the test `only` names (`--replay-path P/PATH`). @defaultValue null */
  readonly replayPath: ReplayTarget | null;
  /** Which payloads to submit. @defaultValue any-json */
  readonly payload: PayloadFamily;
  /** Most admissions (valid submits) the whole run may make, or null for no cap. @defaultValue null */
  readonly maxSubmits: number | null;
  /** Most adapter processes running at once (two suite workers, each running tests concurrently). @defaultValue 4 */
  readonly concurrency: number;
  /** Observes per operation while waiting for terminal evidence. @defaultValue 8 */
  readonly pollBudget: number;
  /**
   * How long after the last terminal answer of the run every terminal binding is observed
   * again (SEM-TERMINAL-IMMUTABLE against late rewrites). @defaultValue 5000
   */
  readonly settleMs: number;
  /** `--allow-out-in-adapter-dir`: the report may be written inside the adapter's own directory. @defaultValue false */
  readonly allowOutInAdapterDir: boolean;
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
