import { stat } from 'node:fs/promises';
import path from 'node:path';
import { isIdentity } from '../protocol/identity.js';
import type { SdkSubject } from '../runOptions.js';
import { UsageError } from '../UsageError.js';
import { describeReceived } from './_internals/describeReceived.js';
import { IDENTITY_RULE } from './identityRule.js';

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
