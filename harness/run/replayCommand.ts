import type { ReplayHandle } from '../evidence/types.js';
import type { NormalizedRunOptions } from '../options/runOptions.js';
import { shellQuote } from '../quoting.js';
import { cliWords, replayOutDir, replayRunArgs } from '../replay/failureCases.js';

/**
 * The shell command that re-runs exactly one test's cases: the same options
 * that shape generation, the test named by an anchored `--only`, the root seed,
 * and fast-check's path to the shrunk counterexample when there is one.
 * @param handle - the test to replay
 * @param options - the options of the run that found it
 * @public
 */
export function replayCommand(handle: ReplayHandle, options: NormalizedRunOptions): string {
  const { subject } = options;
  // The configuration as the user named it (never the temporary symlink a path that is not UTF-8 was reached through).
  const target = subject.kind === 'command' ? [subject.configNamed.shellWord] : ['--sdk', subject.modulePath, '--authority', subject.authorityId].map(shellQuote);
  // The options live in replayRunArgs, which `adapter-qualify replay` also runs from the stored case.
  // Started the way this copy is installed; the report goes to a directory of its own, never over the run's.
  return [...cliWords().map(shellQuote), 'run', ...target, ...[...replayRunArgs(handle, options), '--out', replayOutDir(handle)].map(shellQuote)].join(' ');
}
