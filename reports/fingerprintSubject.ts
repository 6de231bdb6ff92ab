import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { AdapterConfig } from '../harness/config/adapterConfig.js';
import type { ArgvFileDigest, ReportSubject } from './types.js';

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

/** Hex sha256 of a regular file's bytes (streamed), or null when it is missing, not a regular file, or unreadable. */
async function regularFileSha256(path: string): Promise<string | null> {
  try {
    if (!(await stat(path)).isFile()) return null;
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  } catch {
    return null;
  }
}
