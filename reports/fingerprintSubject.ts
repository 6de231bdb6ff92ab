import { isAbsolute, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { glob } from 'tinyglobby';
import type { AdapterConfig } from '../harness/config/adapterConfig.js';
import type { ArgvFileDigest, MutableStateFile, ReportSubject, SubjectFileDigest } from './types.js';
import type { SdkSubject } from '../harness/options/runOptions.js';
import type { JsonValue } from '../harness/protocol/canonicalJson.js';

/**
 * Binds the subject to exact bytes: the sha256 of the executable, of every
 * `argvPrefix` item that names an existing regular file (an interpreter's
 * script, say), resolved against `cwd`, and of every regular file the
 * `subjectFiles` globs match there (the modules a script imports). Evidence is
 * for these digests only. Take it before the run and again after, and
 * {@link settleSubject} tells the subject from its mutable state.
 *
 * @param config - the validated adapter configuration
 * @param cwd - the directory the adapter runs in (the configuration file's directory)
 * @param subjectFiles - `--subject-file` globs, relative to `cwd` @defaultValue none
 * @returns the report's subject; `executableSha256` is null when the executable cannot be read
 */
export async function fingerprintSubject(config: AdapterConfig, cwd: string, subjectFiles: readonly string[] = []): Promise<ReportSubject> {
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
    ...(subjectFiles.length === 0 ? {} : { subjectFileSha256s: await subjectFileDigests(cwd, subjectFiles) }),
    authorityId: config.authorityId,
  };
}

async function subjectFileDigests(cwd: string, patterns: readonly string[]): Promise<SubjectFileDigest[]> {
  const paths = await glob([...patterns], { cwd, onlyFiles: true, dot: true, followSymbolicLinks: true, expandDirectories: false });
  const digests: SubjectFileDigest[] = [];
  for (const path of [...new Set(paths)].sort()) {
    const sha256 = await regularFileSha256(resolve(cwd, path));
    if (sha256 !== null) digests.push({ path, sha256 });
  }
  return digests;
}

/**
 * The subject of a run from its fingerprints before and after: a file whose
 * bytes changed meanwhile (a ledger database named in argv) is mutable state,
 * listed as such and left out of the subject's digests; the rest is the
 * subject as it was before the run. An executable whose bytes changed is no
 * state: it is recorded as `executableChanged`, which voids the verdict. Pure.
 * @param before - the fingerprint taken before the first adapter call
 * @param after - the fingerprint taken after the last one
 */
export function settleSubject(before: ReportSubject, after: ReportSubject): ReportSubject {
  const argvAfter = new Map(after.argvFileSha256s.map((file) => [file.index, file.sha256]));
  const filesAfter = new Map((after.subjectFileSha256s ?? []).map((file) => [file.path, file.sha256]));
  const mutableState: MutableStateFile[] = [
    ...before.argvFileSha256s
      .filter((file) => argvAfter.get(file.index) !== file.sha256)
      .map((file) => ({ index: file.index, path: file.path, sha256Before: file.sha256, sha256After: argvAfter.get(file.index) ?? null })),
    ...(before.subjectFileSha256s ?? [])
      .filter((file) => filesAfter.get(file.path) !== file.sha256)
      .map((file) => ({ path: file.path, sha256Before: file.sha256, sha256After: filesAfter.get(file.path) ?? null })),
  ];
  const mutable = new Set(mutableState.map((file) => file.path));
  const executableChanged =
    before.executableSha256 === after.executableSha256 ? null : { path: executablePath(before), sha256Before: before.executableSha256, sha256After: after.executableSha256 };
  return {
    ...before,
    ...(executableChanged === null ? {} : { executableChanged }),
    argvFileSha256s: before.argvFileSha256s.filter((file) => !mutable.has(file.path)),
    ...(before.subjectFileSha256s === undefined ? {} : { subjectFileSha256s: before.subjectFileSha256s.filter((file) => !mutable.has(file.path)) }),
    ...(mutableState.length === 0 ? {} : { mutableState }),
  };
}

function executablePath(subject: ReportSubject): string {
  const { config } = subject;
  if (typeof config === 'object' && config !== null && !Array.isArray(config)) {
    const named = 'executable' in config ? config.executable : 'sdk' in config ? config.sdk : undefined;
    if (typeof named === 'string' && named !== '') return named;
  }
  return 'the executable';
}

/**
 * Binds an ACP agent to exact bytes: the sha256 of its executable and of every absolute `argv`
 * item that names a regular file (an interpreter's script). The agent runs in a fresh temporary
 * directory, so a relative item names nothing the suite can digest. Take it before the run and
 * again after; {@link settleSubject} voids the verdict when the executable changed.
 *
 * @param written - the configuration as written (recorded in the report)
 * @param executable - the executable's absolute path
 * @param argv - the argv as spawned (relative `./` items already resolved)
 * @returns the report's subject; `executableSha256` is null when the executable cannot be read
 */
export async function fingerprintAcpSubject(written: JsonValue, executable: string, argv: readonly string[]): Promise<ReportSubject> {
  const argvFileSha256s: ArgvFileDigest[] = [];
  for (const [index, item] of argv.entries()) {
    if (!isAbsolute(item)) continue;
    const sha256 = await regularFileSha256(item);
    if (sha256 !== null) argvFileSha256s.push({ index, path: item, sha256 });
  }
  return { config: written, executableSha256: await regularFileSha256(executable), argvFileSha256s, authorityId: null };
}

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

/**
 * Hex sha256 of a regular file's bytes (streamed), or null when it is missing, not a regular file, or unreadable.
 */
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
