import { randomInt } from 'node:crypto';
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runOptionBounds } from '../config/options/runOptionBounds.js';
import { runOptionDefaults } from '../config/options/runOptionDefaults.js';
import { validateSeedOption } from '../config/options/validateSeedOption.js';
import { parseIntegerOption } from '../config/_internals/parseIntegerOption.js';
import { UsageError } from '../UsageError.js';
import { manifestFileName } from './manifestFileName.js';
import type { ManifestRunOptions } from './ManifestRunOptions.js';
import { COMMON_RUN_OPTIONS } from '../cli/commonRunOptions.js';

/** The `manifest` command line: help, or normalized options. */
export type ParsedManifestArgs = { readonly kind: 'help' } | { readonly kind: 'run'; readonly options: ManifestRunOptions };

const OPTIONS = {
  ...COMMON_RUN_OPTIONS,
  'allow-mutating': { type: 'boolean' },
} as const;

/**
 * Parses and normalizes the arguments after `manifest` (the only place its
 * defaults are applied). A directory argument means its `manifest.json`.
 * @param args - the arguments after the command name.
 * @param cwd - the directory relative paths resolve against. @defaultValue `process.cwd()`
 * @throws UsageError naming the option, or the missing or unreadable manifest path (exit 2).
 * @public
 */
export function parseManifestArgs(args: readonly string[], cwd: string = process.cwd()): ParsedManifestArgs {
  if (args.includes('--help') || args.includes('-h')) return { kind: 'help' };
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options: OPTIONS, strict: true, allowPositionals: true });
  } catch (cause) {
    const option = /'(-[^' ]+)/.exec((cause as Error).message)?.[1];
    throw new UsageError(`manifest: ${((cause as Error).message.split('\n')[0] ?? '')} (see adapter-qualify manifest --help)`, {
      ...(option === undefined ? {} : { option }),
      cause,
    });
  }
  const { values, positionals } = parsed;
  const [argument, ...extra] = positionals;
  if (argument === undefined) throw new UsageError('manifest: missing <dir-or-manifest.json> (usage: adapter-qualify manifest <dir-or-manifest.json> [options])');
  if (extra.length > 0) throw new UsageError(`manifest: expected one <dir-or-manifest.json>, got extra arguments ${extra.map((a) => JSON.stringify(a)).join(' ')}`);
  return {
    kind: 'run',
    options: {
      manifestPath: manifestPathOf(resolve(cwd, argument), argument),
      manifestArgument: argument,
      outDir: resolve(cwd, values.out ?? runOptionDefaults.out),
      seed: validateSeedOption(values.seed, () => randomInt(runOptionBounds.seed.max)),
      runs: values.runs === undefined ? runOptionDefaults.runs : parseIntegerOption('--runs', values.runs, runOptionBounds.runs),
      timeoutMs: values['timeout-ms'] === undefined ? runOptionDefaults.timeoutMs : parseIntegerOption('--timeout-ms', values['timeout-ms'], runOptionBounds.timeoutMs),
      maxOutputBytes:
        values['max-output-bytes'] === undefined
          ? runOptionDefaults.maxOutputBytes
          : parseIntegerOption('--max-output-bytes', values['max-output-bytes'], runOptionBounds.maxOutputBytes),
      allowMutating: values['allow-mutating'] ?? false,
      strict: values.strict ?? false,
      strictShould: values['strict-should'] ?? false,
    },
  };
}

/** The manifest file an argument names: the file itself, or `manifest.json` in a directory. */
function manifestPathOf(absolute: string, argument: string): string {
  const kind = statKind(absolute);
  const path = kind === 'directory' ? join(absolute, manifestFileName) : absolute;
  if ((kind === 'directory' ? statKind(path) : kind) !== 'file') {
    throw new UsageError(`manifest: ${JSON.stringify(argument)} is neither a manifest file nor a directory holding ${manifestFileName}`, { field: 'manifest' });
  }
  return path;
}

function statKind(path: string): 'file' | 'directory' | 'other' | 'missing' {
  try {
    const stats = statSync(path);
    return stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : 'other';
  } catch {
    return 'missing';
  }
}
