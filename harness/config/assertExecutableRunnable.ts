import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
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
}
