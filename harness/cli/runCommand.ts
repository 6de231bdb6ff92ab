import { assertExecutableRunnable } from '../config/assertExecutableRunnable.js';
import { loadAdapterConfig } from '../config/loadAdapterConfig.js';
import { normalizeRunOptions, type RunEnvironment } from '../normalizeRunOptions.js';
import { loadSdkSubject } from '../config/loadSdkSubject.js';
import type { NormalizedRunOptions, RunSubject } from '../runOptions.js';
import type { AcceptanceReport } from '../../reports/types.js';
import { SecretMask } from '../evidence/SecretMask.js';
import { renderExpectedFailures } from '../baseline/renderExpectedFailures.js';
import { writeFileAtomic } from '../../reports/writeFileAtomic.js';
import { appendStepSummaryIfSet } from './appendStepSummaryIfSet.js';
import { exitCodes, type ExitCode } from './exitCodes.js';
import { helpText } from './helpText.js';
import { parseRunArgs, type SubjectArgs } from './parseRunArgs.js';
import type { ProgressEvent } from './progressEvent.js';
import { heartbeatPrinter } from './heartbeatPrinter.js';
import { progressPrinter, type ProgressStream } from './progressPrinter.js';

/** The part of `runQualification`'s contract the CLI relies on. */
export type RunQualification = (
  options: NormalizedRunOptions,
  hooks: { onProgress?: (event: ProgressEvent) => void },
) => Promise<{
  readonly exitCode: 0 | 1 | 3;
  readonly summary: string;
  /** The report, for the GitHub Actions step summary (none: no step summary). */
  readonly report?: AcceptanceReport;
}>;

/** The streams the CLI writes to. */
export interface CliIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: ProgressStream;
}

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

// Loaded only once the configuration and options are valid, so `--help` and usage
// errors never load the suite runner.
const lazyRunQualification: RunQualification = async (options, hooks) =>
  (await import('../runQualification.js')).runQualification(options, hooks);

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
  const options = normalizeRunOptions(parsed.input, await loadSubject(parsed.subject, deps.environment?.cwd ?? process.cwd()), deps.environment);
  // A terminal gets a live status line; a log (CI, a pipe) one heartbeat line every 30 s.
  const printer = options.progress ? progressPrinter(io.stderr) : heartbeatPrinter(io.stderr);
  try {
    const { exitCode, summary, report } = await (deps.runQualification ?? lazyRunQualification)(options, { onProgress: printer.update });
    printer.stop();
    const mask = deps.mask ?? SecretMask.fromProcess();
    const shown = mask.mask(summary);
    io.stdout.write(shown.endsWith('\n') ? shown : `${shown}\n`);
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

// Validates the subject before anything runs: the configuration (CFG clauses, a runnable executable), or the SDK module and authority.
async function loadSubject(subject: SubjectArgs, cwd: string): Promise<RunSubject> {
  if (subject.kind === 'sdk') return loadSdkSubject(subject.moduleFile, subject.authorityId, cwd);
  const loaded = await loadAdapterConfig(subject.configFile, cwd);
  await assertExecutableRunnable(loaded, subject.configFile);
  return { kind: 'command', ...loaded };
}
