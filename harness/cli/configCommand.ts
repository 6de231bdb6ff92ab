import path from 'node:path';
import { hostReadyConfig, relativeFileArguments } from '../config/hostConfig.js';
import type { AdapterConfig } from '../config/adapterConfig.js';
import { aliasNote, reachablePath } from '../options/bytePath.js';
import { assertExecutableRunnable, loadAdapterConfig } from '../options/loadSubject.js';
import { packageRoot } from '../packageRoot.js';
import { UsageError } from '../UsageError.js';
import { writeFileAtomic } from '../writeFileAtomic.js';
import { exitCodes, parseCommandLine, type CliIo, type ExitCode } from './commandLine.js';
import { helpText } from './help.js';

/** The adapters shipped in the package, by the name `config` accepts for them. @internal */
export const BUNDLED_ADAPTERS: Readonly<Record<string, string>> = {
  reference: 'adapters/reference/adapter.json',
  'python-example': 'adapters/python-example/adapter.json',
};

// Executables that run their first argument as a command found through PATH.
const PATH_LOOKUP_EXECUTABLES = new Set(['/usr/bin/env', '/bin/env']);

/**
 * `adapter-qualify config <adapter.json | bundled name> [--out FILE]`: prints (or writes) the
 * configuration as the host can run it (see {@link hostReadyConfig}).
 * @param args - the arguments after `config`
 * @param io - stdout gets the JSON (unless `--out`), stderr one line per change or note
 * @param cwd - the directory a relative path resolves against. @defaultValue `process.cwd()`
 * @returns exit code 0
 * @throws UsageError for a bad argument or a configuration that breaks a CFG clause (exit 2)
 * @public
 */
export async function configCommand(args: readonly string[], io: CliIo, cwd: string = process.cwd()): Promise<ExitCode> {
  const parsed = parseCommandLine('config', args);
  if (parsed.kind === 'help') {
    io.stdout.write(helpText.config);
    return exitCodes.ok;
  }
  const [subject, ...extra] = parsed.positionals;
  if (subject === undefined || extra.length > 0) {
    throw new UsageError(`config: expected one adapter.json or one of ${Object.keys(BUNDLED_ADAPTERS).join(', ')} (see adapter-qualify config --help)`);
  }
  const bundled = Object.hasOwn(BUNDLED_ADAPTERS, subject) ? BUNDLED_ADAPTERS[subject] : undefined;
  const reachable = bundled === undefined ? reachablePath(subject, cwd, 'adapter configuration') : null;
  if (reachable?.alias != null) io.stderr.write(`adapter-qualify config: ${aliasNote(reachable)}\n`);
  const file = reachable === null ? path.join(packageRoot, bundled!) : reachable.path;
  const loaded = await loadAdapterConfig(file, cwd);
  await assertExecutableRunnable(loaded, file);
  const relative = await relativeFileArguments(loaded.config, loaded.adapterCwd);
  if (reachable?.alias != null && relative.length > 0) {
    // Not a limit of Node: JSON strings are Unicode text, which the host encodes as UTF-8.
    throw new UsageError(
      `config: "${reachable.shown}": no adapter.json can name a file in this directory for the host: JSON strings are Unicode text, ` +
        `which the host passes on as UTF-8, and the directory's name is not UTF-8; move the adapter, or name it through a UTF-8 path (a symlink)`,
    );
  }
  const config = hostReadyConfig(loaded.config, relative);
  for (const { index, item, absolute } of relative) {
    io.stderr.write(`adapter-qualify config: argvPrefix[${index}] ${JSON.stringify(item)} -> ${JSON.stringify(absolute)}\n`);
  }
  const lookedUp = pathLookup(config);
  if (lookedUp !== null) {
    io.stderr.write(`adapter-qualify config: note: ${config.executable} finds ${JSON.stringify(lookedUp)} through the PATH the host runs with\n`);
  }
  const text = `${JSON.stringify(config, null, 2)}\n`;
  const out = parsed.values.out;
  if (out === undefined) {
    io.stdout.write(text);
  } else {
    await writeFileAtomic(path.resolve(cwd, out), text);
    io.stderr.write(`adapter-qualify config: wrote ${out}\n`);
  }
  return exitCodes.ok;
}

// The command `env` looks up: its first argument that is neither an option nor an assignment.
function pathLookup(config: AdapterConfig): string | null {
  if (!PATH_LOOKUP_EXECUTABLES.has(config.executable)) return null;
  const command = config.argvPrefix.find((item) => !item.startsWith('-') && !item.includes('='));
  return command === undefined || command.includes('/') ? null : command;
}
