import type { MutantDefinition } from '../../../adapters/mutants/MutantDefinition.js';
import type { ProfileId } from '../../clauses.js';
import type { SelfCheckInput } from '../buildSelfCheckReport.js';
import { planMutant } from '../planMutant.js';
import type { ControlResult, MutantRun, RowStatus } from '../types.js';

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

/** A self-check's input: the given mutants (with deferred claims as given; `fixtures` are adapter-manifest.v1 rows) and runs. */
export function selfCheckInput(
  mutants: readonly MutantDefinition[],
  runs: readonly MutantRun[],
  overrides: Partial<Omit<SelfCheckInput, 'selected' | 'runs'>> & { readonly deferred?: Parameters<typeof planMutant>[1]; readonly fixtures?: readonly MutantDefinition[] } = {},
): SelfCheckInput {
  const { deferred = {}, fixtures = [], ...rest } = overrides;
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
      ...mutants.map((mutant) => ({ mutant, plan: planMutant(mutant, deferred), profile: 'coding-operation.v1' as const })),
      ...fixtures.map((mutant) => ({ mutant, plan: planMutant(mutant, {}), profile: 'adapter-manifest.v1' as const })),
    ],
    runs,
  };
}
