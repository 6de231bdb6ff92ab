import { runOptionBounds } from '../config/options/runOptionBounds.js';
import { runOptionDefaults } from '../config/options/runOptionDefaults.js';
import type { ManifestRunOptions } from '../manifest/ManifestRunOptions.js';
import { parseManifestArgs } from '../manifest/parseManifestArgs.js';
import { exitCodes, type ExitCode } from './exitCodes.js';
import type { CliIo } from './runCommand.js';

/** The part of `runManifestQualification`'s contract the command relies on. */
export type RunManifestQualification = (options: ManifestRunOptions) => Promise<{ readonly exitCode: 0 | 1 | 3; readonly summary: string }>;

/** Collaborators of {@link manifestCommand}, injectable for tests. */
export interface ManifestCommandDeps {
  /** Runs the profile. @defaultValue `runManifestQualification`, loaded lazily */
  readonly runManifestQualification?: RunManifestQualification;
  /** Directory relative paths resolve against. @defaultValue `process.cwd()` */
  readonly cwd?: string;
}

const range = (bounds: { readonly min: number; readonly max: number }): string => `${bounds.min}..${bounds.max}`;

const HELP = `Usage: adapter-qualify manifest <dir-or-manifest.json> [options]

Qualifies a manifest-registered adapter directory against adapter-manifest.v1:
the manifest (MAN), the tool catalog (CAT), every read-only tool through the
default transport 'python3 <entrypoint> <tool> --input <JSON-object>' with
generated valid and schema-breaking inputs (TRN), the optional runtime hook
imported under a Python audit hook (HOOK), and the coverage file (ACC).
A directory argument means its manifest.json.

Options:
  --out DIR               report directory (default ${runOptionDefaults.out})
  --seed N                root seed, ${range(runOptionBounds.seed)} (default: random, printed and recorded)
  --runs N                generated inputs per property, ${range(runOptionBounds.runs)} (default ${runOptionDefaults.runs})
  --timeout-ms N          deadline of one tool call, ${range(runOptionBounds.timeoutMs)} ms (default ${runOptionDefaults.timeoutMs})
  --max-output-bytes N    output bound of one call, ${range(runOptionBounds.maxOutputBytes)} bytes (default ${runOptionDefaults.maxOutputBytes})
  --allow-mutating        also call the tools declared mutates: true (SKIP otherwise)
  --strict                exit 1 when a MUST clause is SKIP or INCONCLUSIVE
  --strict-should         SHOULD clauses count for the exit code
  -h, --help              show this help

Exit codes: 0 no MUST clause failed; 1 a MUST clause failed (with --strict, also
SKIP/INCONCLUSIVE); 2 usage error; 3 adapter-qualify itself failed.
`;

const lazyRun: RunManifestQualification = async (options) =>
  (await import('../manifest/runManifestQualification.js')).runManifestQualification(options);

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
    io.stdout.write(HELP);
    return exitCodes.ok;
  }
  const { exitCode, summary } = await (deps.runManifestQualification ?? lazyRun)(parsed.options);
  io.stdout.write(summary.endsWith('\n') ? summary : `${summary}\n`);
  return exitCode;
}
