import { assertExecutableRunnable } from '../config/assertExecutableRunnable.js';
import { loadAdapterConfig } from '../config/loadAdapterConfig.js';
import { normalizeRunOptions, type RunEnvironment } from '../normalizeRunOptions.js';
import type { NormalizedRunOptions } from '../runOptions.js';
import { exitCodes, type ExitCode } from './exitCodes.js';
import { helpText } from './helpText.js';
import { parseRunArgs } from './parseRunArgs.js';
import type { ProgressEvent } from './progressEvent.js';
import { progressPrinter, type ProgressStream } from './progressPrinter.js';

/** The part of `runQualification`'s contract the CLI relies on. */
export type RunQualification = (
  options: NormalizedRunOptions,
  hooks: { onProgress?: (event: ProgressEvent) => void },
) => Promise<{ readonly exitCode: 0 | 1 | 3; readonly summary: string }>;

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
}

// Loaded only once the configuration and options are valid, so `--help` and usage
// errors never load the suite runner.
const lazyRunQualification: RunQualification = async (options, hooks) =>
  (await import('../runQualification.js')).runQualification(options, hooks);

/**
 * `adapter-qualify run <adapter.json> [options]`: validates the configuration and options
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
  const loaded = await loadAdapterConfig(parsed.configFile);
  await assertExecutableRunnable(loaded, parsed.configFile);
  const options = normalizeRunOptions(parsed.input, loaded, deps.environment);
  const printer = options.progress ? progressPrinter(io.stderr) : null;
  try {
    const { exitCode, summary } = await (deps.runQualification ?? lazyRunQualification)(
      options,
      printer === null ? {} : { onProgress: printer.update },
    );
    printer?.stop();
    io.stdout.write(summary.endsWith('\n') ? summary : `${summary}\n`);
    return exitCode;
  } finally {
    printer?.stop();
  }
}
