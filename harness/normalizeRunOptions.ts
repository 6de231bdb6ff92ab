import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadExpectedFailures } from './baseline/loadExpectedFailures.js';
import { codingOperationClauses } from './clauses.js';
import { describeReceived } from './config/_internals/describeReceived.js';
import { parseIntegerOption } from './config/_internals/parseIntegerOption.js';
import { runOptionBounds } from './config/options/runOptionBounds.js';
import { runOptionDefaults } from './config/options/runOptionDefaults.js';
import { validateOnlyOption } from './config/options/validateOnlyOption.js';
import { validatePayloadOption } from './config/options/validatePayloadOption.js';
import { validateReplayPathOption } from './config/options/validateReplayPathOption.js';
import { validateSeedOption } from './config/options/validateSeedOption.js';
import { validateEnvironmentOptions } from './config/options/validateEnvironmentOptions.js';
import type { NormalizedRunOptions, RunSubject } from './runOptions.js';
import { validateShardOption } from './shard/validateShardOption.js';
import { validateLifecycleOption } from './lifecycle/validateLifecycleOption.js';
import { validateMaxOutputBytes } from './transport/validateMaxOutputBytes.js';
import { validateTimeoutMs } from './transport/validateTimeoutMs.js';
import { UsageError } from './UsageError.js';

/**
 * The `run` options as received: command-line text (from `parseArgs`) or, for library
 * callers, numbers. Absent means default.
 */
export interface RunOptionsInput {
  /** `--out DIR`. @defaultValue `./qualify-report` */
  readonly out?: string;
  /** `--seed N`. @defaultValue random */
  readonly seed?: string | number;
  /** `--runs N`. @defaultValue 10 */
  readonly runs?: string | number;
  /** `--timeout-ms N`. @defaultValue 10000 */
  readonly timeoutMs?: string | number;
  /** `--max-output-bytes N`. @defaultValue 1048576 */
  readonly maxOutputBytes?: string | number;
  /** `--only PATTERN`. @defaultValue every test */
  readonly only?: string;
  /** `--replay-path P`. @defaultValue none */
  readonly replayPath?: string;
  /** `--payload any-json|coding-job-v2`. @defaultValue `any-json` */
  readonly payload?: string;
  /** `--payload-file FILE`. @defaultValue none */
  readonly payloadFile?: string;
  /** `--max-submits N`. @defaultValue no cap */
  readonly maxSubmits?: string | number;
  /** `--concurrency N`. @defaultValue 2 */
  readonly concurrency?: string | number;
  /** `--poll-budget N`. @defaultValue 8 */
  readonly pollBudget?: string | number;
  /** `--settle-ms N`. @defaultValue 5000 */
  readonly settleMs?: string | number;
  /** `--allow-out-in-adapter-dir`. @defaultValue false */
  readonly allowOutInAdapterDir?: boolean;
  /** `--strict`. @defaultValue false */
  readonly strict?: boolean;
  /** `--strict-should`. @defaultValue false */
  readonly strictShould?: boolean;
  /** `--expected-failures FILE`. @defaultValue none */
  readonly expectedFailures?: string;
  /** `--shard i/n`. @defaultValue the whole run */
  readonly shard?: string;
  /** `--keep-stderr`: keep a capped, masked stderr tail per call in the transcript. @defaultValue false */
  readonly keepStderr?: boolean;
  /** `--lifecycle FILE`: the adapter's lifecycle file (a restart step). @defaultValue none */
  readonly lifecycle?: string;
  /** `--write-baseline FILE`: write the run's FAILs as an expected-failures file. @defaultValue none */
  readonly writeBaseline?: string;
  /** `--pass-env NAME` (repeatable): a variable of the suite's environment the adapter also receives. @defaultValue none */
  readonly passEnv?: readonly string[] | string;
  /** `--inherit-env`: the adapter receives the suite's whole environment. @defaultValue false (scrubbed) */
  readonly inheritEnv?: boolean;
  /** `--subject-file GLOB`, repeatable: more files the subject is made of (imported modules). @defaultValue none */
  readonly subjectFiles?: readonly string[];
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

/**
 * Applies every default and validates every option of `run`, once, at the edge
 * (house rule 4). Nothing downstream checks for missing options.
 * @param raw - the options as received.
 * @param subject - what is qualified: the validated configuration and its location, or the SDK module and authority.
 * @param environment - the process facts normalization reads. @defaultValue the current process
 * @throws UsageError naming the option, the value received and its type.
 * @public
 */
export function normalizeRunOptions(
  raw: RunOptionsInput,
  subject: RunSubject,
  environment: RunEnvironment = processEnvironment(),
): NormalizedRunOptions {
  const only = validateOnlyOption(raw.only);
  return {
    subject,
    outDir: path.resolve(environment.cwd, validateOut(raw.out)),
    seed: validateSeedOption(raw.seed, environment.randomSeed),
    runs: integer('--runs', raw.runs, runOptionBounds.runs, runOptionDefaults.runs),
    timeoutMs: viaTransport('--timeout-ms', raw.timeoutMs, runOptionBounds.timeoutMs, runOptionDefaults.timeoutMs, validateTimeoutMs),
    maxOutputBytes: viaTransport(
      '--max-output-bytes',
      raw.maxOutputBytes,
      runOptionBounds.maxOutputBytes,
      runOptionDefaults.maxOutputBytes,
      validateMaxOutputBytes,
    ),
    only,
    replayPath: validateReplayPathOption(raw.replayPath, { hasOnly: only !== null, hasSeed: raw.seed !== undefined }),
    payload: validatePayloadOption(raw.payload, raw.payloadFile, environment),
    maxSubmits: raw.maxSubmits === undefined ? null : parseIntegerOption('--max-submits', raw.maxSubmits, runOptionBounds.maxSubmits),
    concurrency: integer('--concurrency', raw.concurrency, runOptionBounds.concurrency, runOptionDefaults.concurrency),
    pollBudget: integer('--poll-budget', raw.pollBudget, runOptionBounds.pollBudget, runOptionDefaults.pollBudget),
    settleMs: integer('--settle-ms', raw.settleMs, runOptionBounds.settleMs, runOptionDefaults.settleMs),
    allowOutInAdapterDir: flag('--allow-out-in-adapter-dir', raw.allowOutInAdapterDir),
    strict: flag('--strict', raw.strict),
    strictShould: flag('--strict-should', raw.strictShould),
    expectedFailures: loadExpectedFailures(raw.expectedFailures, environment, codingOperationClauses.map(({ id }) => id)),
    shard: validateShard(raw.shard, raw.replayPath),
    keepStderr: flag('--keep-stderr', raw.keepStderr),
    lifecycle: validateLifecycleOption(raw.lifecycle, environment),
    writeBaseline: raw.writeBaseline === undefined ? null : path.resolve(environment.cwd, validateOutputFile('--write-baseline', raw.writeBaseline)),
    adapterEnvironment: validateEnvironmentOptions(raw.passEnv, raw.inheritEnv),
    subjectFiles: validateSubjectFiles(raw.subjectFiles, subject),
    progress: environment.stderrIsTTY && environment.ci !== 'true' && environment.ci !== '1',
  };
}

function validateOutputFile(option: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new UsageError(`${option} needs a file path (got ${JSON.stringify(value)})`, { option });
  return value;
}

function processEnvironment(): RunEnvironment {
  return {
    cwd: process.cwd(),
    stderrIsTTY: process.stderr.isTTY === true,
    ci: process.env['CI'],
    randomSeed: () => randomInt(0, 2 ** 31),
    readTextFile: (file) => readFileSync(file, 'utf8'),
  };
}

function validateOut(value: unknown): string {
  if (value === undefined) return runOptionDefaults.out;
  if (typeof value === 'string' && value !== '') return value;
  throw new UsageError(`--out must be a directory path (got ${describeReceived(value)})`, { option: '--out' });
}

function integer(option: string, value: unknown, bounds: { readonly min: number; readonly max: number }, fallback: number): number {
  return value === undefined ? fallback : parseIntegerOption(option, value, bounds);
}

// The transport owns its bounds (house rule 4): its validator has the last word, and
// its TypeError becomes a usage error in the command line's own terms.
function viaTransport(
  option: string,
  value: unknown,
  bounds: { readonly min: number; readonly max: number },
  fallback: number,
  validate: (value: unknown) => number,
): number {
  const number = integer(option, value, bounds, fallback);
  try {
    return validate(number);
  } catch (cause) {
    throw new UsageError(`${option}: ${(cause as Error).message} (got ${describeReceived(value)})`, { option, cause });
  }
}

// A replay runs one test: there is nothing to slice.
function validateShard(value: unknown, replayPath: unknown): NormalizedRunOptions['shard'] {
  const shard = validateShardOption(value);
  if (shard !== null && replayPath !== undefined) {
    throw new UsageError('--shard and --replay-path cannot be given together (a replay runs one test)', { option: '--shard' });
  }
  return shard;
}

function flag(option: string, value: unknown): boolean {
  if (value === undefined || typeof value === 'boolean') return value === true;
  throw new UsageError(`${option} takes no value (got ${describeReceived(value)})`, { option });
}

// Globs resolve in the adapter's directory, like its argv; an SDK module has no such directory to search.
function validateSubjectFiles(globs: readonly string[] | undefined, subject: RunSubject): readonly string[] {
  if (globs === undefined || globs.length === 0) return [];
  if (subject.kind !== 'command') throw new UsageError('run: --subject-file applies only to an adapter.json subject (its globs resolve in the adapter\'s directory)', { option: '--subject-file' });
  const blank = globs.find((glob) => glob.trim() === '');
  if (blank !== undefined) throw new UsageError(`run: --subject-file needs a glob, got ${JSON.stringify(blank)}`, { option: '--subject-file' });
  return [...globs];
}
