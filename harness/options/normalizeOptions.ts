import { randomInt } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadExpectedFailures } from '../baseline/expectedFailures.js';
import { codingOperationClauses } from '../clauses.js';
import { validateLifecycleOption } from '../lifecycle/lifecycleOption.js';
import { manifestFileName, type ManifestRunOptions } from './manifestOptions.js';
import { validateShardOption } from './shardOption.js';
import { validateMaxOutputBytes, validateTimeoutMs } from '../transport/bounds.js';
import { describeError, describeReceived, UsageError } from '../UsageError.js';
import { loadRunOptionsFile } from './optionsFile.js';
import { runOptionBounds, runOptionDefaults, selfCheckBounds, selfCheckDefaults, type OptionBounds } from './runOptionDefaults.js';
import type { ManifestOptionsInput, NormalizedRunOptions, RunEnvironment, RunOptionsInput, RunSubject, SelfCheckOptions, SelfCheckOptionsInput } from './runOptions.js';
import {
  parseIntegerOption,
  validateEnvironmentOptions,
  validateOnlyOption,
  validatePatternOption,
  validatePayloadOption,
  validateReplayPathOption,
  validateSeedOption,
} from './validateOptions.js';

// The one normalizer of every qualifying command (`run`, `manifest`, `self-check`): each
// applies its defaults (all in `runOptionDefaults.ts`) and validates every option, once,
// at the edge, into a type with no optional fields.

/**
 * Applies every default (`runOptionDefaults`) and validates every option of `run`,
 * once, at the edge. Nothing downstream checks for missing options.
 * @param raw - the options as received.
 * @param subject - what is qualified: the validated configuration and its location, or the SDK module and authority.
 * @param environment - the process facts normalization reads. @defaultValue the current process
 * @throws UsageError naming the option, the value received and its type.
 * @public
 */
export function normalizeRunOptions(given: RunOptionsInput, subject: RunSubject, environment: RunEnvironment = processEnvironment()): NormalizedRunOptions {
  const raw = withOptionsFile(given, environment);
  const only = validateOnlyOption(raw.only);
  return {
    subject,
    outDir: path.resolve(environment.cwd, validateOut(raw.out)),
    seed: validateSeedOption(raw.seed, environment.randomSeed),
    runs: integer('--runs', raw.runs, runOptionBounds.runs, runOptionDefaults.runs),
    timeoutMs: viaTransport('--timeout-ms', raw.timeoutMs, runOptionBounds.timeoutMs, runOptionDefaults.timeoutMs, validateTimeoutMs),
    maxOutputBytes: viaTransport('--max-output-bytes', raw.maxOutputBytes, runOptionBounds.maxOutputBytes, runOptionDefaults.maxOutputBytes, validateMaxOutputBytes),
    only,
    exclude: validatePatternOption('--exclude', raw.exclude),
    replayPath: validateReplayPathOption(raw.replayPath, { hasOnly: only !== null, hasSeed: raw.seed !== undefined }),
    payload: validatePayloadOption(raw.payload, raw.payloadFile, environment),
    maxSubmits: raw.maxSubmits === undefined ? null : parseIntegerOption('--max-submits', raw.maxSubmits, runOptionBounds.maxSubmits),
    maxFailures: raw.maxFailures === undefined ? null : parseIntegerOption('--max-failures', raw.maxFailures, runOptionBounds.maxFailures),
    concurrency: integer('--concurrency', raw.concurrency, runOptionBounds.concurrency, runOptionDefaults.concurrency),
    pollBudget: integer('--poll-budget', raw.pollBudget, runOptionBounds.pollBudget, runOptionDefaults.pollBudget),
    settleMs: integer('--settle-ms', raw.settleMs, runOptionBounds.settleMs, runOptionDefaults.settleMs),
    allowOutInAdapterDir: flag('--allow-out-in-adapter-dir', raw.allowOutInAdapterDir),
    sandbox: validateSandboxOptions(flag('--no-sandbox', raw.noSandbox), flag('--require-sandbox', raw.requireSandbox)),
    allowNetwork: flag('--allow-network', raw.allowNetwork),
    strict: flag('--strict', raw.strict),
    strictShould: flag('--strict-should', raw.strictShould),
    expectedFailures: loadExpectedFailures(
      raw.expectedFailures,
      environment,
      codingOperationClauses.map(({ id }) => id),
    ),
    shard: validateShard(raw.shard, raw.replayPath),
    keepStderr: flag('--keep-stderr', raw.keepStderr),
    hideNotApplicable: flag('--hide-not-applicable', raw.hideNotApplicable),
    lifecycle: validateLifecycleOption(raw.lifecycle, environment),
    writeBaseline: raw.writeBaseline === undefined ? null : path.resolve(environment.cwd, validateOutputFile('--write-baseline', raw.writeBaseline)),
    adapterEnvironment: validateEnvironmentOptions(raw.passEnv, raw.inheritEnv),
    subjectFiles: validateSubjectFiles(raw.subjectFiles, subject),
    progress: environment.stderrIsTTY && environment.ci !== 'true' && environment.ci !== '1',
  };
}

// The file fills in what the command line left out; it is validated below exactly as flags are.
function withOptionsFile(given: RunOptionsInput, environment: RunEnvironment): RunOptionsInput {
  if (given.config === undefined) return given;
  const fromFile = loadRunOptionsFile(given.config, environment.cwd, environment.readTextFile);
  const fromFlags = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  return { ...fromFile, ...fromFlags };
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

function integer(option: string, value: unknown, bounds: OptionBounds, fallback: number): number {
  return value === undefined ? fallback : parseIntegerOption(option, value, bounds);
}

// The transport owns its bounds: its validator has the last word, and
// its TypeError becomes a usage error in the command line's own terms.
function viaTransport(option: string, value: unknown, bounds: OptionBounds, fallback: number, validate: (value: unknown) => number): number {
  const number = integer(option, value, bounds, fallback);
  try {
    return validate(number);
  } catch (cause) {
    throw new UsageError(`${option}: ${describeError(cause)} (got ${describeReceived(value)})`, { option, cause });
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

function validateSandboxOptions(noSandbox: boolean, requireSandbox: boolean): NormalizedRunOptions['sandbox'] {
  if (noSandbox && requireSandbox) throw new UsageError('--no-sandbox and --require-sandbox contradict each other', { option: '--require-sandbox' });
  return noSandbox ? 'off' : requireSandbox ? 'required' : 'auto';
}

function flag(option: string, value: unknown): boolean {
  if (value === undefined || typeof value === 'boolean') return value === true;
  throw new UsageError(`${option} takes no value (got ${describeReceived(value)})`, { option });
}

// Globs resolve in the adapter's directory, like its argv; an SDK module has no such directory to search.
function validateSubjectFiles(globs: readonly string[] | undefined, subject: RunSubject): readonly string[] {
  if (globs === undefined || globs.length === 0) return [];
  if (subject.kind !== 'command')
    throw new UsageError("run: --subject-file applies only to an adapter.json subject (its globs resolve in the adapter's directory)", { option: '--subject-file' });
  const blank = globs.find((glob) => glob.trim() === '');
  if (blank !== undefined) throw new UsageError(`run: --subject-file needs a glob, got ${JSON.stringify(blank)}`, { option: '--subject-file' });
  return [...globs];
}

/**
 * Applies every default and validates every option of `manifest`. The options it
 * shares with `run` take `run`'s defaults and bounds (`runOptionDefaults`). A directory
 * argument means its `manifest.json`.
 * @param input - the options as received.
 * @param cwd - the directory relative paths resolve against.
 * @throws UsageError naming the option, or the missing or unreadable manifest path.
 * @public
 */
export function normalizeManifestOptions(input: ManifestOptionsInput, cwd: string): ManifestRunOptions {
  return {
    manifestPath: manifestPathOf(path.resolve(cwd, input.manifest), input.manifest),
    manifestArgument: input.manifest,
    outDir: path.resolve(cwd, input.out ?? runOptionDefaults.out),
    seed: validateSeedOption(input.seed, () => randomInt(runOptionBounds.seed.max)),
    runs: integer('--runs', input.runs, runOptionBounds.runs, runOptionDefaults.runs),
    timeoutMs: integer('--timeout-ms', input.timeoutMs, runOptionBounds.timeoutMs, runOptionDefaults.timeoutMs),
    maxOutputBytes: integer('--max-output-bytes', input.maxOutputBytes, runOptionBounds.maxOutputBytes, runOptionDefaults.maxOutputBytes),
    allowMutating: input.allowMutating ?? false,
    strict: input.strict ?? false,
    strictShould: input.strictShould ?? false,
  };
}

/** The manifest file an argument names: the file itself, or `manifest.json` in a directory. */
function manifestPathOf(absolute: string, argument: string): string {
  const kind = statKind(absolute);
  const file = kind === 'directory' ? path.join(absolute, manifestFileName) : absolute;
  if ((kind === 'directory' ? statKind(file) : kind) !== 'file') {
    throw new UsageError(`manifest: ${JSON.stringify(argument)} is neither a manifest file nor a directory holding ${manifestFileName}`, { field: 'manifest' });
  }
  return file;
}

function statKind(file: string): 'file' | 'directory' | 'other' | 'missing' {
  try {
    const stats = statSync(file);
    return stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : 'other';
  } catch {
    return 'missing';
  }
}

const MUTANT_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Applies every default (`selfCheckDefaults`) and validates every option of `self-check`.
 * Mutant names are checked for form here and against the catalog by the command.
 * @param input - the options as received.
 * @param cwd - directory a relative `--out` resolves against.
 * @throws UsageError naming the option, the value received and its type.
 * @public
 */
export function normalizeSelfCheckOptions(input: SelfCheckOptionsInput, cwd: string): SelfCheckOptions {
  const mutants = input.mutant === undefined ? null : input.mutant.flatMap((item) => item.split(',')).map((name) => name.trim());
  const badName = mutants?.find((name) => !MUTANT_NAME.test(name));
  if (badName !== undefined) throw new UsageError(`--mutant must be comma-separated kebab-case mutant names (got ${JSON.stringify(badName)})`, { option: '--mutant' });
  const d = selfCheckDefaults;
  return {
    outDir: path.resolve(cwd, input.out ?? d.out),
    seed: integer('--seed', input.seed, runOptionBounds.seed, d.seed),
    seeds: input.seeds === undefined ? null : parseIntegerOption('--seeds', input.seeds, selfCheckBounds.seeds),
    runs: integer('--runs', input.runs, runOptionBounds.runs, d.runs),
    timeoutMs: integer('--timeout-ms', input.timeoutMs, runOptionBounds.timeoutMs, d.timeoutMs),
    pollBudget: d.pollBudget,
    concurrency: d.concurrency,
    parallel: integer('--parallel', input.parallel, selfCheckBounds.parallel, d.parallel),
    runCapMs: integer('--run-cap-ms', input.runCapMs, selfCheckBounds.runCapMs, d.runCapMs),
    mutants: mutants === null ? null : [...new Set(mutants)],
    threshold: input.threshold === undefined ? null : parseIntegerOption('--threshold', input.threshold, selfCheckBounds.threshold),
  };
}
