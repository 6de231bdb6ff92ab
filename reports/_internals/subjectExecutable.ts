import type { ReportSubject } from '../types.js';

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
