import { describe, expect, it } from 'vitest';
import type { MutantDefinition } from '../../adapters/mutants/MutantDefinition.js';
import { planMutant } from './planMutant.js';

const base: MutantDefinition = {
  name: 'some-mutant',
  claims: ['SEM-SUBMIT-IDEMPOTENT', 'SEM-CONCURRENT-SUBMIT'],
  incidental: ['SEM-ACCEPTANCE-STABLE', 'SEM-CRASH-CONSISTENT'],
  description: 'a defect',
  expect: 'fail',
  args: [],
};
const deferred = { 'SEM-CONCURRENT-SUBMIT': 'later', 'SEM-CRASH-CONSISTENT': 'later' } as const;

describe('planMutant', () => {
  it('moves deferred claims to incidental and limits the run to the checked claims', () => {
    const plan = planMutant(base, deferred);
    expect(plan.judged.claims).toEqual(['SEM-SUBMIT-IDEMPOTENT']);
    expect(plan.judged.incidental).toEqual(['SEM-ACCEPTANCE-STABLE', 'SEM-CRASH-CONSISTENT', 'SEM-CONCURRENT-SUBMIT']);
    expect(plan.deferredClaims).toEqual(['SEM-CONCURRENT-SUBMIT']);
    expect(plan.judgeable).toBe(true);
    expect(plan.only).toBe('(SEM-SUBMIT-IDEMPOTENT)');
    expect(plan.needles).toEqual(['SEM-SUBMIT-IDEMPOTENT']);
  });

  it('a mutant whose every claim is deferred is not judgeable', () => {
    const plan = planMutant({ ...base, claims: ['SEM-CONCURRENT-SUBMIT'] }, deferred);
    expect(plan.judgeable).toBe(false);
    expect(plan.deferredClaims).toEqual(['SEM-CONCURRENT-SUBMIT']);
  });

  it('once a clause leaves the deferred list, the claim is judged again', () => {
    const plan = planMutant(base, {});
    expect(plan.judged.claims).toEqual(base.claims);
    expect(plan.deferredClaims).toEqual([]);
  });

  it('a control mutant claims nothing, is judgeable, and runs the SEM suite', () => {
    const plan = planMutant({ ...base, claims: [], incidental: ['REQ-BOUNDARY-ACCEPT'], expect: 'inconclusive' }, deferred);
    expect(plan.judgeable).toBe(true);
    expect(plan.only).toBe('(SEM-)');
    expect(plan.needles).toEqual(['SEM-']);
  });
});
