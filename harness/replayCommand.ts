import type { ReplayHandle } from './evidence/types.js';
import type { NormalizedRunOptions } from './runOptions.js';
import { replayRunArgs } from './replay/replayRunArgs.js';

/**
 * The shell command that re-runs exactly one test's cases: the same options
 * that shape generation, the test named by an anchored `--only`, the root seed,
 * and fast-check's path to the shrunk counterexample when there is one.
 */
export function replayCommand(handle: ReplayHandle, options: NormalizedRunOptions): string {
  const { subject } = options;
  const target = subject.kind === 'command' ? [subject.configPath] : ['--sdk', subject.modulePath, '--authority', subject.authorityId];
  // The options live in replayRunArgs, which `adapter-qualify replay` also runs from the stored case.
  const words = ['npx', 'adapter-qualify', 'run', ...target, ...replayRunArgs(handle, options)];
  return words.map(shellQuote).join(' ');
}

function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
