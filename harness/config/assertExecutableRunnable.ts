import { constants } from 'node:fs';
import { access, open, stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { UsageError } from '../UsageError.js';
import type { LoadedAdapterConfig } from './loadAdapterConfig.js';

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
