import { resolve } from 'node:path';
import type { AdapterConfig } from '../harness/config/adapterConfig.js';
import type { ArgvFileDigest, ReportSubject } from './types.js';
import { regularFileSha256 } from './_internals/regularFileSha256.js';

/**
 * Binds the subject to exact bytes: the sha256 of the executable, and of every
 * `argvPrefix` item that names an existing regular file (an interpreter's
 * script, say), resolved against `cwd`. Evidence is for these digests only.
 *
 * @param config - the validated adapter configuration
 * @param cwd - the directory the adapter runs in (the configuration file's directory)
 * @returns the report's subject; `executableSha256` is null when the executable cannot be read
 */
export async function fingerprintSubject(config: AdapterConfig, cwd: string): Promise<ReportSubject> {
  const argvFileSha256s: ArgvFileDigest[] = [];
  for (const [index, item] of config.argvPrefix.entries()) {
    if (item === '') continue;
    const sha256 = await regularFileSha256(resolve(cwd, item));
    if (sha256 !== null) argvFileSha256s.push({ index, path: item, sha256 });
  }
  return {
    config,
    executableSha256: await regularFileSha256(resolve(cwd, config.executable)),
    argvFileSha256s,
    authorityId: config.authorityId,
  };
}
