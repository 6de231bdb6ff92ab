import type { MutantDefinition } from '../../../adapters/mutants/MutantDefinition.js';
import { type ClauseId, profileClauses, type ProfileId } from '../../clauses.js';
import { buildSelfCheckReport, type ControlResult, type MutantRun, type RowStatus, type SelfCheckInput, type SelfCheckReport } from '../selfCheckReport.js';
import { planMutant } from '../planMutant.js';
import type { AcceptanceReport, ClauseReport, ClauseVerdict } from '../../../reports/types.js';

/** A green control. */
export const greenControl: ControlResult = { profile: 'coding-operation.v1', green: true, problems: [], failedClauses: [], verdict: 'incomplete', reportDir: 'control', durationMs: 1000 };

/** A control with a MUST FAIL. */
export const redControl: ControlResult = {
  profile: 'coding-operation.v1',
  green: false,
  problems: ['REQ-CLOSED FAILed on the reference adapter: admitted "retry"'],
  failedClauses: [{ clauseId: 'REQ-CLOSED', level: 'MUST' }],
  verdict: 'non-conformant',
  reportDir: 'control',
  durationMs: 1000,
};

/** A green adapter-manifest.v1 control. */
export const greenManifestControl: ControlResult = { ...greenControl, profile: 'adapter-manifest.v1', reportDir: 'manifest-control' };

/** An adapter-manifest.v1 control with a MUST FAIL. */
export const redManifestControl: ControlResult = {
  ...greenManifestControl,
  green: false,
  problems: ['MAN-ID FAILed on the manifest reference directory: "com1"'],
  failedClauses: [{ clauseId: 'MAN-ID', level: 'MUST' }],
  verdict: 'non-conformant',
};

/** A `fail` mutant claiming one clause. */
export function fakeMutant(name: string, claims: MutantDefinition['claims'] = ['REQ-CLOSED']): MutantDefinition {
  return { name, claims, incidental: [], description: `${name} defect`, expect: 'fail', args: [] };
}

/** One run of a mutant with the given status (cells follow the status). */
export function fakeRun(mutant: MutantDefinition, status: RowStatus, seed = 7, profile: ProfileId = 'coding-operation.v1'): MutantRun {
  const cellStatus = status === 'killed' || status === 'killed-with-findings' ? 'killed' : status === 'timed-out' || status === 'error' || status === 'wrong-reason' ? status : 'survived';
  return {
    mutant: mutant.name,
    profile,
    seed,
    status,
    cells: mutant.claims.map((clauseId) => ({ clauseId, status: cellStatus, verdict: cellStatus === 'killed' ? 'FAIL' : cellStatus === 'survived' ? 'PASS' : null })),
    findings: status === 'killed-with-findings' || status === 'wrong-reason' ? ['OUT-EXIT'] : [],
    detail: status === 'killed' ? null : `${status} | because`,
    reportDir: `mutants/${mutant.name}`,
    durationMs: 500,
  };
}

/** A self-check's input: the given mutants (`fixtures` are adapter-manifest.v1 rows) and runs. */
export function selfCheckInput(
  mutants: readonly MutantDefinition[],
  runs: readonly MutantRun[],
  overrides: Partial<Omit<SelfCheckInput, 'selected' | 'runs'>> & { readonly fixtures?: readonly MutantDefinition[] } = {},
): SelfCheckInput {
  const { fixtures = [], ...rest } = overrides;
  return {
    mode: 'matrix',
    suite: { name: 'adapter-qualify', version: '0.1.0' },
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:01:00.000Z',
    settings: { seeds: [7], runs: 4, timeoutMs: 5000, pollBudget: 4, concurrency: 2, parallel: 3, runCapMs: 180_000, requiredKillRate: 1, threshold: null },
    control: greenControl,
    manifestControl: fixtures.length === 0 ? null : greenManifestControl,
    corpus: { mutants: mutants.length, semMutants: 0, unclaimedMustClauses: ['SEM-DURABLE-RESTART'], manifest: { fixtures: fixtures.length, unclaimedMustClauses: [] } },
    ...rest,
    selected: [
      ...mutants.map((mutant) => ({ mutant, plan: planMutant(mutant), profile: 'coding-operation.v1' as const })),
      ...fixtures.map((mutant) => ({ mutant, plan: planMutant(mutant), profile: 'adapter-manifest.v1' as const })),
    ],
    runs,
  };
}

/**
 * An `acceptance.json` value in which every clause of the profile PASSes
 * except those given; only the fields self-check reads carry meaning.
 */
export function fakeAcceptanceReport(
  verdicts: Partial<Record<ClauseId, ClauseVerdict>> = {},
  suiteErrors: readonly string[] = [],
  profile: ProfileId = 'coding-operation.v1',
): AcceptanceReport {
  const clauses = profileClauses[profile].map((definition): ClauseReport => {
    const verdict = verdicts[definition.id] ?? 'PASS';
    const base = { id: definition.id, level: definition.level, family: definition.family, summary: definition.summary };
    return verdict === 'PASS' ? { ...base, verdict, cases: 1 } : { ...base, verdict, cases: 0, reason: `${definition.id} is ${verdict} here` };
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

/** Markup a mutant's detail may quote from adapter output; it must stay text on the page. */
export const HOSTILE_DETAIL = '</td></table><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';

/** A failed self-check: one mutant killed, one survived with a hostile detail. */
export function hostileSelfCheckReport(): SelfCheckReport {
  const killed = fakeMutant('mutant-killed');
  const survived = fakeMutant('mutant-survived', ['OUT-CLOSED']);
  return buildSelfCheckReport(selfCheckInput([killed, survived], [fakeRun(killed, 'killed'), { ...fakeRun(survived, 'survived'), detail: HOSTILE_DETAIL }]));
}
