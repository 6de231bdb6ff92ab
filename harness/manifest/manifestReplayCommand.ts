import type { ManifestRunOptions } from './ManifestRunOptions.js';

/**
 * The shell command that re-runs the manifest profile with the same seed and
 * options: every property derives its seed from the root seed and its check's
 * name, so the same cases (and the same shrunk counterexample) come back.
 * @param seed - the root seed of the run
 * @param options - the run's options
 * @public
 */
export function manifestReplayCommand(seed: number, options: ManifestRunOptions): string {
  const words = ['npx', 'adapter-qualify', 'manifest', options.manifestPath, '--seed', String(seed), '--runs', String(options.runs)];
  words.push('--timeout-ms', String(options.timeoutMs), '--max-output-bytes', String(options.maxOutputBytes));
  if (options.allowMutating) words.push('--allow-mutating');
  return words.map(shellQuote).join(' ');
}

function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
