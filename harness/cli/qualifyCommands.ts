// The qualifying commands: `run` (the coding-operation profile), `manifest` (the
// adapter-manifest profile) and `self-check` (the suite against its own mutants).
import { join } from 'node:path';
import { assertExecutableRunnable, loadAdapterConfig, loadSdkSubject } from '../options/loadSubject.js';
import { relativeFileArguments, relativeFileWarning } from '../config/hostConfig.js';
import { aliasNote, reachablePath } from '../options/bytePath.js';
import { normalizeManifestOptions, normalizeRunOptions, normalizeSelfCheckOptions } from '../options/normalizeOptions.js';
import type { NormalizedRunOptions, RunEnvironment, RunSubject, SelfCheckOptions } from '../options/runOptions.js';
import { appendStepSummary } from '../../reports/stepSummary.js';
import type { AcceptanceReport, ReportExitCode } from '../../reports/types.js';
import { SecretMask } from '../evidence/SecretMask.js';
import { renderExpectedFailures } from '../../reports/evaluateBaseline.js';
import { writeFileAtomic } from '../writeFileAtomic.js';
import { type CliIo, type ExitCode, exitCodes, parseCommandLine, parseRunArgs, quoted, type SubjectArgs } from './commandLine.js';
import { helpText } from './help.js';
import type { RunQualificationHooks } from '../runQualification.js';
import { heartbeatPrinter, progressPrinter } from './progressPrinter.js';
import type { ManifestRunOptions } from '../options/manifestOptions.js';
import { describeError, UsageError } from '../UsageError.js';
import { tuneWorkerIsolates } from '../suite/workerThreads.js';
import { locateTracer } from '../faults/strace.js';
import { caughtSignal } from '../runInterruption.js';

/** The part of `runQualification`'s contract the CLI relies on. */
export type RunQualification = (
  options: NormalizedRunOptions,
  hooks: RunQualificationHooks,
) => Promise<{
  readonly exitCode: ReportExitCode;
  readonly summary: string;
  /** The report, for the GitHub Actions step summary (none: no step summary). */
  readonly report?: AcceptanceReport;
}>;

/** Collaborators of {@link runCommand}, injectable for tests. */
export interface RunCommandDeps {
  /** Runs the suites. @defaultValue `runQualification` from `harness/runQualification.ts`, loaded lazily */
  readonly runQualification?: RunQualification;
  /** Process facts for option normalization. @defaultValue the current process */
  readonly environment?: RunEnvironment;
  /** The GitHub Actions step summary file to append the report summary to, or undefined for none. @defaultValue `$GITHUB_STEP_SUMMARY` */
  readonly stepSummaryFile?: string | undefined;
  /** Hides secret environment values in what is printed. @defaultValue a mask over this process's environment */
  readonly mask?: SecretMask;
}

/** How long an interrupted run's process may linger after its report is written. */
const INTERRUPTED_EXIT_MS = 500;

// Loaded only once the configuration and options are valid, so `--help` and usage
// errors never load the suite runner. The step tracer's probe (a traced Node.js, about
// 100 ms) starts first: it runs on the other core while vitest loads, and the run awaits it.
// A signal caught during start-up (before or while the runner loads) starts no adapter process: the
// interrupted report is written at once.
const lazyRunQualification: RunQualification = async (options, hooks) => {
  const startedAt = new Date(performance.timeOrigin);
  const early = caughtSignal();
  if (early !== null) return (await import('../interruptedReport.js')).reportInterruptedAtStart(options, early, startedAt);
  if (options.subject.kind === 'command') void locateTracer();
  const { runQualification } = await import('../runQualification.js');
  const whileLoading = caughtSignal();
  if (whileLoading !== null) return (await import('../interruptedReport.js')).reportInterruptedAtStart(options, whileLoading, startedAt);
  return runQualification(options, hooks);
};

/**
 * `adapter-qualify run <adapter.json> [options]` (or `run --sdk <module> --authority <id>`): validates the subject and options
 * (exit 2 before any adapter process starts), runs the qualification, prints its summary.
 * @param args - the arguments after `run`.
 * @param io - where help, progress and the summary go.
 * @param deps - injectable collaborators.
 * @returns the exit code of the run.
 * @throws UsageError for a bad configuration or option (the caller exits 2).
 * @public
 */
export async function runCommand(args: readonly string[], io: CliIo, deps: RunCommandDeps = {}): Promise<ExitCode> {
  const parsed = parseRunArgs(args);
  if (parsed.kind === 'help') {
    io.stdout.write(helpText.run);
    return exitCodes.ok;
  }
  const options = normalizeRunOptions(
    parsed.input,
    await loadSubject(parsed.subject, deps.environment?.cwd ?? process.cwd(), (line) => io.stderr.write(`adapter-qualify: warning: ${line}\n`)),
    deps.environment,
  );
  // A terminal gets a live status line; a log (CI, a pipe) one heartbeat line every 30 s.
  const printer = options.progress ? progressPrinter(io.stderr) : heartbeatPrinter(io.stderr);
  try {
    const { exitCode, summary, report } = await (deps.runQualification ?? lazyRunQualification)(options, {
      onProgress: printer.update,
      // This process is the CLI's own: its suite worker threads get the V8 settings that bound their memory.
      onWorkersStarting: tuneWorkerIsolates,
      onSandboxNotice: (line) => io.stderr.write(`${line}\n`),
    });
    printer.stop();
    // An interrupted run has written its report; a worker thread still winding down must not keep the process alive.
    if (report?.run.interrupted !== undefined) setTimeout(() => process.exit(exitCode), INTERRUPTED_EXIT_MS).unref();
    const mask = deps.mask ?? SecretMask.fromProcess();
    const shown = mask.mask(summary);
    // With --json, stdout holds only the machine-readable summary; the human one goes to stderr.
    (parsed.json ? io.stderr : io.stdout).write(shown.endsWith('\n') ? shown : `${shown}\n`);
    if (parsed.json) io.stdout.write(`${mask.mask(JSON.stringify(machineSummary(exitCode, options.outDir, report)))}\n`);
    const stepSummaryFile = 'stepSummaryFile' in deps ? deps.stepSummaryFile : process.env['GITHUB_STEP_SUMMARY'];
    if (report !== undefined) await appendStepSummaryIfSet(report, io, stepSummaryFile, mask);
    if (report !== undefined && options.writeBaseline !== null) {
      await writeFileAtomic(options.writeBaseline, renderExpectedFailures(report));
      io.stderr.write(`adapter-qualify: wrote the run's FAILs to ${options.writeBaseline} (use it with --expected-failures)\n`);
    }
    return exitCode;
  } finally {
    printer.stop();
  }
}

/** The summary `run --json` prints on stdout: one JSON object, stable keys, for scripts. */
export interface MachineSummary {
  readonly verdict: AcceptanceReport['verdict'] | null;
  readonly exitCode: ExitCode;
  readonly reportDir: string;
  readonly files: { readonly json: string; readonly markdown: string; readonly html: string; readonly junit: string; readonly transcript: string };
  readonly summary: AcceptanceReport['summary'] | null;
  /** Clause IDs by verdict (only the verdicts that occur). */
  readonly clauses: Readonly<Record<string, readonly string[]>>;
  readonly seed: number | null;
  readonly interrupted: string | null;
  readonly suiteErrors: number;
}

/**
 * Pure: the machine-readable summary of a finished run.
 * @param exitCode - the run's exit code
 * @param reportDir - the report directory
 * @param report - the report, when the run produced one
 * @public
 */
export function machineSummary(exitCode: ExitCode, reportDir: string, report: AcceptanceReport | undefined): MachineSummary {
  const clauses: Record<string, string[]> = {};
  for (const entry of report?.clauses ?? []) (clauses[entry.verdict] ??= []).push(entry.id);
  return {
    verdict: report?.verdict ?? null,
    exitCode,
    reportDir,
    files: {
      json: join(reportDir, 'acceptance.json'),
      markdown: join(reportDir, 'acceptance.md'),
      html: join(reportDir, 'acceptance.html'),
      junit: join(reportDir, 'junit.xml'),
      transcript: join(reportDir, 'transcript.jsonl'),
    },
    summary: report?.summary ?? null,
    clauses,
    seed: report?.run.seed ?? null,
    interrupted: report?.run.interrupted ?? null,
    suiteErrors: report?.suiteErrors.length ?? 0,
  };
}

// Validates the subject before anything runs: the configuration (CFG clauses, a runnable executable), or the SDK module and authority.
async function loadSubject(subject: SubjectArgs, cwd: string, warn: (line: string) => void): Promise<RunSubject> {
  if (subject.kind === 'sdk') return loadSdkSubject(subject.moduleFile, subject.authorityId, cwd);
  const reachable = reachablePath(subject.configFile, cwd, 'adapter configuration');
  if (reachable.alias !== null) warn(aliasNote(reachable));
  const loaded = await loadAdapterConfig(reachable.path, cwd, reachable.named);
  await assertExecutableRunnable(loaded, reachable.path);
  for (const argument of await relativeFileArguments(loaded.config, loaded.adapterCwd)) warn(`${reachable.shown}: ${relativeFileWarning(argument, reachable.shown)}`);
  return { kind: 'command', ...loaded };
}

/**
 * Appends the report's summary to the GitHub Actions step summary file when
 * one is set (`run` and `merge` both do). The report files are already
 * written, so a failure here only warns on stderr.
 * @param report - the report just written
 * @param io - where the warning goes
 * @param file - the step summary file; undefined or empty: nothing to do
 * @param mask - hides secret environment values
 * @public
 */
export async function appendStepSummaryIfSet(report: AcceptanceReport, io: CliIo, file: string | undefined, mask: SecretMask = SecretMask.fromProcess()): Promise<void> {
  if (file === undefined || file === '') return;
  await appendStepSummary(report, file, mask).catch((error: unknown) => {
    io.stderr.write(`adapter-qualify: warning: ${describeError(error)}\n`);
  });
}

/** The part of `runManifestQualification`'s contract the command relies on. */
export type RunManifestQualification = (options: ManifestRunOptions) => Promise<{ readonly exitCode: ReportExitCode; readonly summary: string }>;

/** Collaborators of {@link manifestCommand}, injectable for tests. */
export interface ManifestCommandDeps {
  /** Runs the profile. @defaultValue `runManifestQualification`, loaded lazily */
  readonly runManifestQualification?: RunManifestQualification;
  /** Directory relative paths resolve against. @defaultValue `process.cwd()` */
  readonly cwd?: string;
}

const lazyRun: RunManifestQualification = async (options) => (await import('../runManifestQualification.js')).runManifestQualification(options);

/**
 * `adapter-qualify manifest <dir-or-manifest.json> [options]`: validates the
 * options (exit 2 before any process starts), runs the adapter-manifest.v1
 * profile, prints its summary.
 * @param args - the arguments after `manifest`.
 * @param io - where help and the summary go.
 * @param deps - injectable collaborators.
 * @returns the exit code of the run.
 * @throws UsageError for a bad option or a missing manifest (the caller exits 2).
 * @public
 */
export async function manifestCommand(args: readonly string[], io: CliIo, deps: ManifestCommandDeps = {}): Promise<ExitCode> {
  const parsed = parseManifestArgs(args, deps.cwd);
  if (parsed.kind === 'help') {
    io.stdout.write(helpText.manifest);
    return exitCodes.ok;
  }
  const { exitCode, summary } = await (deps.runManifestQualification ?? lazyRun)(parsed.options);
  io.stdout.write(summary.endsWith('\n') ? summary : `${summary}\n`);
  return exitCode;
}

/** The `manifest` command line: help, or normalized options. */
export type ParsedManifestArgs = { readonly kind: 'help' } | { readonly kind: 'run'; readonly options: ManifestRunOptions };

/**
 * Parses and normalizes the arguments after `manifest`.
 * @param args - the arguments after the command name.
 * @param cwd - the directory relative paths resolve against. @defaultValue `process.cwd()`
 * @throws UsageError naming the option, or the missing or unreadable manifest path (exit 2).
 * @public
 */
export function parseManifestArgs(args: readonly string[], cwd: string = process.cwd()): ParsedManifestArgs {
  const parsed = parseCommandLine('manifest', args);
  if (parsed.kind === 'help') return parsed;
  const { values, positionals } = parsed;
  const [manifest, ...extra] = positionals;
  if (manifest === undefined) throw new UsageError('manifest: missing <dir-or-manifest.json> (usage: adapter-qualify manifest <dir-or-manifest.json> [options])');
  if (extra.length > 0) throw new UsageError(`manifest: expected one <dir-or-manifest.json>, got extra arguments ${quoted(extra)}`);
  const options = normalizeManifestOptions(
    {
      manifest,
      out: values.out,
      seed: values.seed,
      runs: values.runs,
      timeoutMs: values['timeout-ms'],
      maxOutputBytes: values['max-output-bytes'],
      allowMutating: values['allow-mutating'],
      strict: values.strict,
      strictShould: values['strict-should'],
    },
    cwd,
  );
  return { kind: 'run', options };
}

/**
 * `adapter-qualify self-check [options]`: qualifies the reference adapter (the
 * control) and every mutant, prints the kill matrix summary and the mutation
 * score, and writes `self-check.json` and `self-check.md`.
 * @param args - the arguments after `self-check`.
 * @param io - where help, progress and the summary go.
 * @param cwd - directory a relative `--out` resolves against. @defaultValue `process.cwd()`
 * @returns 0 when the control is green and every judgeable mutant is killed, else 1.
 * @throws UsageError for a bad option or an unknown mutant (the caller exits 2).
 * @public
 */
export async function selfCheckCommand(args: readonly string[], io: CliIo, cwd: string = process.cwd()): Promise<ExitCode> {
  const parsed = parseSelfCheckArgs(args, cwd);
  if (parsed.kind === 'help') {
    io.stdout.write(helpText['self-check']);
    return exitCodes.ok;
  }
  // Loaded only once the options are valid, so `--help` and usage errors stay fast.
  const { runSelfCheck } = await import('../selfCheck/runSelfCheck.js');
  const { renderSelfCheckSummary } = await import('../selfCheck/renderSelfCheck.js');
  // Ctrl-C must not leave qualification runs (and their adapters) behind.
  const interrupt = new AbortController();
  const onSignal = (): void => interrupt.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const { report } = await runSelfCheck(parsed.options, { onProgress: (line) => io.stderr.write(`${line}\n`), signal: interrupt.signal });
    io.stdout.write(renderSelfCheckSummary(report, parsed.options.outDir));
    return report.exitCode;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** The `self-check` command line: help, or normalized options. */
export type ParsedSelfCheckArgs = { readonly kind: 'help' } | { readonly kind: 'self-check'; readonly options: SelfCheckOptions };

/**
 * Parses and normalizes the arguments after `self-check`.
 * @param args - the arguments after the command name.
 * @param cwd - directory a relative `--out` resolves against.
 * @throws UsageError naming the option, the value received and its type.
 * @public
 */
export function parseSelfCheckArgs(args: readonly string[], cwd: string): ParsedSelfCheckArgs {
  const parsed = parseCommandLine('self-check', args);
  if (parsed.kind === 'help') return parsed;
  const { values } = parsed;
  const options = normalizeSelfCheckOptions(
    {
      out: values.out,
      seed: values.seed,
      seeds: values.seeds,
      runs: values.runs,
      timeoutMs: values['timeout-ms'],
      mutant: values.mutant,
      parallel: values.parallel,
      runCapMs: values['run-cap-ms'],
      threshold: values.threshold,
    },
    cwd,
  );
  return { kind: 'self-check', options };
}
