import type { MutableStateFile, ReportSubject } from '../types.js';

/**
 * The executable path named by the subject's configuration, when it has one
 * (the manifest profile's configuration may be any JSON).
 * @internal
 */
export function subjectExecutable(subject: ReportSubject): string | null {
  const config: unknown = subject.config;
  if (typeof config !== 'object' || config === null || !('executable' in config)) return null;
  return typeof config.executable === 'string' ? config.executable : null;
}

/**
 * A file of the subject that changed during the run, in words: its place, and
 * its digests before and after (it is state, so neither is the subject's).
 * @internal
 */
export function mutableStateText(file: MutableStateFile): string {
  const where = file.index === undefined ? file.path : `argvPrefix[${file.index}] ${file.path}`;
  return `${where} changed during the run (sha256 ${file.sha256Before} before, ${file.sha256After ?? 'gone'} after): state, not part of the subject's digest`;
}
