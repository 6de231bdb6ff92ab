import { escapeRegExp } from '../escapeRegExp.js';
import type { ReplayHandle } from '../evidence/types.js';
import type { NormalizedRunOptions } from '../runOptions.js';

/**
 * The `run` options, after the subject, that re-run exactly one test's cases:
 * the options that shape generation, the test named by an anchored `--only`,
 * the root seed, and fast-check's path to the shrunk counterexample when there is one.
 * @param handle - the test, seed and path to replay
 * @param options - the options of the run that found the failure
 * @public
 */
export function replayRunArgs(handle: ReplayHandle, options: NormalizedRunOptions): string[] {
  const words = ['--only', `^${escapeRegExp(handle.testName)}$`, '--seed', String(handle.seed)];
  if (handle.path !== undefined && handle.path !== '') words.push('--replay-path', handle.path);
  words.push('--runs', String(options.runs));
  if (options.payload.kind === 'samples') words.push('--payload-file', options.payload.file);
  else words.push('--payload', options.payload.kind);
  words.push('--timeout-ms', String(options.timeoutMs), '--max-output-bytes', String(options.maxOutputBytes), '--poll-budget', String(options.pollBudget));
  if (options.lifecycle !== null) words.push('--lifecycle', options.lifecycle.path);
  return words;
}
