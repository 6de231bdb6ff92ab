import { stat } from 'node:fs/promises';
import path from 'node:path';
import { shellQuote } from '../quoting.js';
import type { AdapterConfig } from './adapterConfig.js';

// The host (algal) starts `[executable, ...argvPrefix, action]` with no working directory of
// its own choosing and no ADAPTER_QUALIFY_SCRATCH: an argv item that names a file by a relative
// path resolves against whatever directory the host runs in. The suite starts an adapter in its
// configuration's directory, so such a configuration passes here and breaks under the host.

/** An `argvPrefix` item that names a file in the configuration's directory by a relative path. */
export interface RelativeFileArgument {
  /** Its index in `argvPrefix`. */
  readonly index: number;
  /** The item as written. */
  readonly item: string;
  /** The file it names, resolved against the configuration's directory. */
  readonly absolute: string;
}

/**
 * The `argvPrefix` items that are relative paths naming an existing file or directory when
 * resolved against `directory` (`adapter.py`, `../../dist/main.js`). Options (`-u`, `--flag`),
 * empty items, absolute paths and words that name nothing there (`node`, `python3`) are not.
 * @param config - a validated configuration
 * @param directory - the configuration's directory (where the suite runs the adapter)
 * @public
 */
export async function relativeFileArguments(config: AdapterConfig, directory: string): Promise<RelativeFileArgument[]> {
  const found: RelativeFileArgument[] = [];
  for (const [index, item] of config.argvPrefix.entries()) {
    if (item === '' || path.isAbsolute(item) || item.startsWith('-')) continue;
    const absolute = path.resolve(directory, item);
    if ((await stat(absolute).catch(() => null)) !== null) found.push({ index, item, absolute });
  }
  return found;
}

/**
 * Pure: the configuration as the host can run it, each relative file argument replaced by its
 * absolute path; every other field and item unchanged.
 * @param config - a validated configuration
 * @param relative - its relative file arguments ({@link relativeFileArguments})
 * @public
 */
export function hostReadyConfig(config: AdapterConfig, relative: readonly RelativeFileArgument[]): AdapterConfig {
  const absoluteAt = new Map(relative.map(({ index, absolute }) => [index, absolute]));
  return { ...config, argvPrefix: config.argvPrefix.map((item, index) => absoluteAt.get(index) ?? item) };
}

/**
 * The SHOULD-level CFG warning for one relative file argument (one line).
 * @param argument - the item
 * @param configFile - the configuration as the user named it, for the command that fixes it
 * @public
 */
export function relativeFileWarning(argument: RelativeFileArgument, configFile: string): string {
  const { index, item, absolute } = argument;
  return (
    `CFG (SHOULD): argvPrefix[${index}] ${JSON.stringify(item)} should be an absolute path: it names a file relative to the configuration, ` +
    `but the host does not set a working directory, so under the host it resolves against the host's own and the adapter may not start ` +
    `(write ${JSON.stringify(absolute)}; \`adapter-qualify config ${shellQuote(configFile)}\` prints a host-ready copy)`
  );
}
