import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../UsageError.js';
import type { AdapterConfig } from './adapterConfig.js';
import { validateAdapterConfig } from './validateAdapterConfig.js';

/** A validated `adapter.json` and where it came from. */
export interface LoadedAdapterConfig {
  /** The configuration, validated against every CFG clause. */
  readonly config: AdapterConfig;
  /** Absolute path of the configuration file. */
  readonly configPath: string;
  /** The configuration file's directory: the adapter's working directory. */
  readonly adapterCwd: string;
}

/**
 * Reads and validates `adapter.json` (the I/O shell around {@link validateAdapterConfig}).
 * @param file - the path as given on the command line; relative paths resolve against `cwd`.
 * @param cwd - the directory relative paths resolve against. @defaultValue `process.cwd()`
 * @throws UsageError - one line starting with `file` and naming the clause: missing or unreadable
 *   file, text that is not JSON, or any broken CFG clause.
 * @public
 */
export async function loadAdapterConfig(file: string, cwd: string = process.cwd()): Promise<LoadedAdapterConfig> {
  const configPath = path.resolve(cwd, file);
  let text: string;
  try {
    text = await readFile(configPath, 'utf8');
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'not found' : code === 'EISDIR' ? 'is a directory, not a file' : `cannot be read (${code ?? String(cause)})`;
    throw new UsageError(`${file}: CFG-CLOSED: adapter configuration ${reason} (${configPath})`, { clauseId: 'CFG-CLOSED', cause });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new UsageError(`${file}: CFG-CLOSED: adapter configuration is not JSON (${(cause as Error).message})`, { clauseId: 'CFG-CLOSED', cause });
  }
  const validation = validateAdapterConfig(value);
  if ('error' in validation) {
    const { clauseId, field, message } = validation.error;
    throw new UsageError(`${file}: ${clauseId}: ${message}`, { clauseId, field });
  }
  return { config: validation.config, configPath, adapterCwd: path.dirname(configPath) };
}
