import type { ReplayHandle } from './evidence/types.js';
import type { NormalizedRunOptions } from './runOptions.js';

/**
 * The shell command that re-runs exactly one test's cases: the same options
 * that shape generation, the test named by an anchored `--only`, the root seed,
 * and fast-check's path to the shrunk counterexample when there is one.
 */
export function replayCommand(handle: ReplayHandle, options: NormalizedRunOptions): string {
  const words = ['npx', 'adapter-qualify', 'run', options.configPath, '--only', `^${escapeRegExp(handle.testName)}$`, '--seed', String(handle.seed)];
  if (handle.path !== undefined && handle.path !== '') words.push('--replay-path', handle.path);
  words.push('--runs', String(options.runs));
  if (options.payload.kind === 'samples') words.push('--payload-file', options.payload.file);
  else words.push('--payload', options.payload.kind);
  words.push('--timeout-ms', String(options.timeoutMs), '--max-output-bytes', String(options.maxOutputBytes), '--poll-budget', String(options.pollBudget));
  return words.map(shellQuote).join(' ');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
