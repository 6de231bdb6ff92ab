import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../UsageError.js';
import { jsonErrorLocation } from './_internals/jsonErrorLocation.js';
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
 * @throws UsageError - one line starting with `file`: a missing or unreadable file, text that is
 *   not JSON (with its line and column), both usage errors; or a broken CFG clause, named.
 * @public
 */
export async function loadAdapterConfig(file: string, cwd: string = process.cwd()): Promise<LoadedAdapterConfig> {
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
    throw new UsageError(`${file}: adapter configuration is not JSON${where} (${(cause as Error).message})`, { cause });
  }
  const validation = validateAdapterConfig(value);
  if ('error' in validation) {
    const { clauseId, field, message } = validation.error;
    throw new UsageError(`${file}: ${clauseId}: ${message}`, { clauseId, field });
  }
  return { config: validation.config, configPath, adapterCwd: path.dirname(configPath) };
}
