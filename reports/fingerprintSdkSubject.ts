import type { SdkSubject } from '../harness/runOptions.js';
import type { ReportSubject } from './types.js';
import { regularFileSha256 } from './_internals/regularFileSha256.js';

/**
 * Binds an SDK run's subject to exact bytes: the module file's sha256 stands
 * where an executable's would (modules it imports are not fingerprinted).
 * The recorded configuration is `{sdk: <module path>, authorityId}`.
 *
 * @param subject - the SDK module and the authority of the run
 * @returns the report's subject; `executableSha256` is null when the module cannot be read
 */
export async function fingerprintSdkSubject(subject: SdkSubject): Promise<ReportSubject> {
  return {
    config: { sdk: subject.modulePath, authorityId: subject.authorityId },
    executableSha256: await regularFileSha256(subject.modulePath),
    argvFileSha256s: [],
    authorityId: subject.authorityId,
  };
}
