import { constants } from 'node:fs';
import { access, open, readFile, stat } from 'node:fs/promises';
import path, { isAbsolute } from 'node:path';
import type { SdkSubject } from './runOptions.js';
import { namedPath, type NamedPath } from './bytePath.js';
import { isIdentity } from '../protocol/types.js';
import { describeError, describeReceived, UsageError } from '../UsageError.js';
import { checkUniqueKeys } from '../protocol/checkUniqueKeys.js';
import { IDENTITY_RULE, validateAdapterConfig, type AdapterConfig } from '../config/adapterConfig.js';

// Loading what a run qualifies, before any adapter process starts: `adapter.json` (read,
// parsed, every CFG clause checked, its executable runnable), or an SDK module and its authority.

/** A validated `adapter.json` and where it came from. */
export interface LoadedAdapterConfig {
  /** The configuration, validated against every CFG clause. */
  readonly config: AdapterConfig;
  /** Absolute path of the configuration file. */
  readonly configPath: string;
  /** The configuration file's directory: the adapter's working directory. */
  readonly adapterCwd: string;
  /** The configuration's path as the user named it: what the report and its replay commands name. */
  readonly configNamed: NamedPath;
}

/**
 * Reads and validates `adapter.json` (the I/O shell around {@link validateAdapterConfig}).
 * @param file - the path as given on the command line; relative paths resolve against `cwd`.
 * @param cwd - the directory relative paths resolve against. @defaultValue `process.cwd()`
 * @param named - how the report names the file, when `file` reaches it through a symlink (`reachablePath`).
 *   @defaultValue `file` made absolute
 * @throws UsageError - one line starting with `file`: a missing or unreadable file, text that is
 *   not JSON (with its line and column), both usage errors; or a broken CFG clause, named.
 * @public
 */
export async function loadAdapterConfig(file: string, cwd: string = process.cwd(), named?: NamedPath): Promise<LoadedAdapterConfig> {
  const configPath = path.resolve(cwd, file);
  let text: string;
  try {
    text = await readFile(configPath, 'utf8');
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, not a file' : `cannot be read (${code ?? String(cause)})`;
    throw new UsageError(`${file}: adapter configuration: ${reason} (${configPath})`, { cause });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    const at = jsonErrorLocation(text);
    const where = at === null ? '' : ` at line ${at.line}, column ${at.column}`;
    throw new UsageError(`${file}: adapter configuration is not JSON${where} (${describeError(cause)})`, { cause });
  }
  // JSON.parse keeps the last of two equal keys; the host's configuration is a closed object, each field once.
  const keys = checkUniqueKeys(text);
  if (keys.kind === 'duplicate') {
    const where = keys.instancePath === '' ? '' : ` in ${keys.instancePath}`;
    throw new UsageError(`${file}: CFG-CLOSED: duplicate field ${JSON.stringify(keys.key)}${where} (each field appears once; JSON readers disagree on which value wins)`, {
      clauseId: 'CFG-CLOSED',
      field: keys.key,
    });
  }
  const validation = validateAdapterConfig(value);
  if ('error' in validation) {
    const { clauseId, field, message } = validation.error;
    throw new UsageError(`${file}: ${clauseId}: ${message}`, { clauseId, field });
  }
  return { config: validation.config, configPath, adapterCwd: path.dirname(configPath), configNamed: named ?? namedPath(Buffer.from(configPath, 'utf8')) };
}

/**
 * Refuses a run whose executable is missing, not a regular file, or not executable: every
 * call would only be a spawn failure. Not a CFG clause check (the clauses do not require the
 * file to exist), so it is separate from validation and runs just before qualification.
 * @param loaded - the loaded configuration; its file name prefixes the message.
 * @param displayPath - the configuration path as the user wrote it.
 * @throws UsageError naming CFG-EXECUTABLE and the executable.
 * @public
 */
export async function assertExecutableRunnable(loaded: LoadedAdapterConfig, displayPath: string): Promise<void> {
  const { executable } = loaded.config;
  const refuse = (reason: string, cause?: unknown): never => {
    throw new UsageError(`${displayPath}: CFG-EXECUTABLE: executable ${JSON.stringify(executable)} ${reason}`, {
      clauseId: 'CFG-EXECUTABLE',
      field: 'executable',
      cause,
    });
  };
  let isFile: boolean;
  try {
    isFile = (await stat(executable)).isFile();
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    return refuse(code === 'ENOENT' || code === 'ENOTDIR' ? 'does not exist' : `cannot be inspected (${code ?? String(cause)})`, cause);
  }
  if (!isFile) refuse('is not a regular file');
  try {
    await access(executable, constants.X_OK);
  } catch (cause) {
    refuse('is not executable', cause);
  }
  // A script runs only if its `#!` interpreter does: otherwise every call fails to spawn.
  const interpreter = await interpreterOf(executable);
  if (interpreter === null) return;
  const problem = await runnableProblem(interpreter);
  if (problem !== null) refuse(`is a script whose interpreter ${JSON.stringify(interpreter)} (its #! line) ${problem}`);
}

/** Longest `#!` line the kernel reads (Linux: 256 bytes since 5.1). */
const SHEBANG_BYTES = 256;

// The interpreter path of a `#!` line, or null for a file that is not a script.
async function interpreterOf(file: string): Promise<string | null> {
  const handle = await open(file, 'r').catch(() => null);
  if (handle === null) return null;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SHEBANG_BYTES), 0, SHEBANG_BYTES, 0);
    const head = buffer.subarray(0, bytesRead).toString('latin1');
    if (!head.startsWith('#!')) return null;
    const line = head.slice(2).split('\n', 1)[0] ?? '';
    const path = line.trim().split(/[ \t]+/, 1)[0] ?? '';
    return path === '' ? null : path;
  } finally {
    await handle.close();
  }
}

async function runnableProblem(file: string): Promise<string | null> {
  if (!isAbsolute(file)) return 'is not an absolute path';
  const found = await stat(file).catch(() => null);
  if (found === null) return 'does not exist';
  if (!found.isFile()) return 'is not a regular file';
  return access(file, constants.X_OK).then(
    () => null,
    () => 'is not executable',
  );
}

/**
 * Validates the subject of `run --sdk <module> --authority <id>`: the module
 * must be an existing regular file (resolved against `cwd`), and the authority
 * must meet the identity rule a configuration's `authorityId` meets (CFG-AUTHORITY).
 * The module is not imported here: nothing of the subject runs before qualification.
 * @param moduleFile - `--sdk`, as written on the command line.
 * @param authorityId - `--authority`.
 * @param cwd - the directory a relative module path resolves against. @defaultValue `process.cwd()`
 * @throws UsageError naming the option.
 * @public
 */
export async function loadSdkSubject(moduleFile: string, authorityId: string, cwd: string = process.cwd()): Promise<SdkSubject> {
  if (!isIdentity(authorityId)) {
    throw new UsageError(`--authority: CFG-AUTHORITY: the authority ${IDENTITY_RULE} (got ${describeReceived(authorityId)})`, {
      option: '--authority',
      clauseId: 'CFG-AUTHORITY',
    });
  }
  const modulePath = path.resolve(cwd, moduleFile);
  let isFile: boolean;
  try {
    isFile = (await stat(modulePath)).isFile();
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' || code === 'ENOTDIR' ? 'does not exist' : `cannot be inspected (${code ?? String(cause)})`;
    throw new UsageError(`--sdk: the module ${JSON.stringify(moduleFile)} ${reason} (${modulePath})`, { option: '--sdk', cause });
  }
  if (!isFile) throw new UsageError(`--sdk: the module ${JSON.stringify(moduleFile)} is not a regular file (${modulePath})`, { option: '--sdk' });
  return { kind: 'sdk', modulePath, authorityId };
}

/** Where JSON text first stops being JSON, counted from 1. */
export interface JsonErrorLocation {
  readonly line: number;
  readonly column: number;
}

// Configuration files are small; past this size only V8's own position is used.
const SCAN_LIMIT = 65_536;

/**
 * Pure: the line and column at which `text` stops being JSON, or null when it
 * parses. V8 names a position for most errors but not all (`Unexpected token
 * '}', "…" is not valid JSON`), so the offset is the shortest prefix that is
 * broken rather than merely unfinished.
 * Shared by the loaders of JSON files (`adapter.json`, `--config`).
 * @public
 */
export function jsonErrorLocation(text: string): JsonErrorLocation | null {
  const offset = errorOffset(text);
  if (offset === null) return null;
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

function errorOffset(text: string): number | null {
  const first = parseError(text);
  if (first === null) return null;
  const stated = /at position (\d+)/.exec(first)?.[1];
  if (stated !== undefined) return Math.min(Number(stated), text.length);
  if (text.length > SCAN_LIMIT) return text.length;
  for (let end = 1; end <= text.length; end += 1) {
    const message = parseError(text.slice(0, end));
    if (message !== null && !unfinished(message, end)) return end - 1;
  }
  return text.length;
}

function parseError(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return describeError(error);
  }
}

// A prefix of good JSON fails only at its very end.
function unfinished(message: string, length: number): boolean {
  if (message.includes('end of JSON input')) return true;
  const stated = /at position (\d+)/.exec(message)?.[1];
  return stated !== undefined && Number(stated) >= length;
}
