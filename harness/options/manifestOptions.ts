// The options of `adapter-qualify manifest`: their normalized type, the file a directory argument
// means, and the command line that gives them back (so a report's replay command re-runs the same cases).

import { shellQuote } from '../quoting.js';

/**
 * Every option of `adapter-qualify manifest`, with defaults applied. Produced
 * once by `normalizeManifestOptions`; nothing downstream checks for missing fields.
 */
export interface ManifestRunOptions {
  /** Absolute path of the manifest file (a directory argument means its `manifest.json`). */
  readonly manifestPath: string;
  /** The path as the user wrote it, for messages and the replay command. */
  readonly manifestArgument: string;
  /** Absolute output directory for the report files. @defaultValue `./qualify-report` */
  readonly outDir: string;
  /** Root seed of every property. @defaultValue a random 31-bit integer, printed and recorded */
  readonly seed: number;
  /** Generated inputs per property (valid and schema-breaking each). @defaultValue 10 */
  readonly runs: number;
  /** Deadline of one tool call or hook probe, ms. @defaultValue 10000 */
  readonly timeoutMs: number;
  /** Output bound of one call, bytes. @defaultValue 1048576 */
  readonly maxOutputBytes: number;
  /** Also call the tools declared `mutates: true`. @defaultValue false */
  readonly allowMutating: boolean;
  /** Exit 1 when a MUST clause is SKIP or INCONCLUSIVE. @defaultValue false */
  readonly strict: boolean;
  /** SHOULD clauses count for the exit code. @defaultValue false */
  readonly strictShould: boolean;
}

/**
 * The manifest's file name inside an adapter directory, which a directory
 * argument of `adapter-qualify manifest` means. The profile's documents name no
 * file; this is the suite's choice (docs/adapter-manifest.md).
 * @public
 */
export const manifestFileName = 'manifest.json';

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
