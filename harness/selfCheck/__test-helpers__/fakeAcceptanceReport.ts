import { profileClauses, type ClauseId, type ProfileId } from '../../clauses.js';
import type { AcceptanceReport, ClauseVerdict } from '../../../reports/types.js';

/**
 * An `acceptance.json` value in which every clause of the profile PASSes
 * except those given; only the fields self-check reads carry meaning.
 */
export function fakeAcceptanceReport(
  verdicts: Partial<Record<ClauseId, ClauseVerdict>> = {},
  suiteErrors: readonly string[] = [],
  profile: ProfileId = 'coding-operation.v1',
): AcceptanceReport {
  const clauses = profileClauses[profile].map((definition) => {
    const verdict = verdicts[definition.id] ?? 'PASS';
    return {
      id: definition.id,
      level: definition.level,
      family: definition.family,
      summary: definition.summary,
      verdict,
      cases: verdict === 'PASS' ? 1 : 0,
      ...(verdict === 'PASS' ? {} : { reason: `${definition.id} is ${verdict} here` }),
    };
  });
  const count = (level: 'MUST' | 'SHOULD', verdict: ClauseVerdict): number => clauses.filter((entry) => entry.level === level && entry.verdict === verdict).length;
  const counts = (level: 'MUST' | 'SHOULD') => ({ pass: count(level, 'PASS'), fail: count(level, 'FAIL'), skip: count(level, 'SKIP'), inconclusive: count(level, 'INCONCLUSIVE') });
  const mustFail = count('MUST', 'FAIL') > 0;
  return {
    schemaVersion: 1,
    profile,
    suite: { name: 'adapter-qualify', version: '0.0.0' },
    subject: { config: { protocol: 'algal.coding-operation.v1', authorityId: 'a', executable: '/bin/true', argvPrefix: [] }, executableSha256: null, argvFileSha256s: [], authorityId: 'a' },
    environment: { node: 'v20.0.0', platform: 'linux', arch: 'x64' },
    run: { seed: 1, runs: 1, startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:01.000Z', strict: false, strictShould: false, only: null, options: {} },
    verdict: mustFail ? 'non-conformant' : 'conformant',
    exitCode: suiteErrors.length > 0 ? 3 : mustFail ? 1 : 0,
    summary: { must: counts('MUST'), should: counts('SHOULD') },
    clauses,
    suiteErrors,
  };
}
