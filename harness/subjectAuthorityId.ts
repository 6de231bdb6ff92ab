import type { RunSubject } from './runOptions.js';

/**
 * The authority a subject answers for: the configuration's `authorityId`, or the SDK run's `--authority`.
 * @public
 */
export function subjectAuthorityId(subject: RunSubject): string {
  return subject.kind === 'command' ? subject.config.authorityId : subject.authorityId;
}
