import { describe, expect, it } from 'vitest';
import { mutants } from '../../adapters/mutants/catalog.js';
import { corpusCoverage } from './corpusCoverage.js';
import { fakeMutant } from './__test-helpers__/selfCheckInput.js';
import { codingOperationClauses } from '../clauses.js';

describe('corpusCoverage', () => {
  it('the corpus holds at least 35 mutants, at least 8 of them breaking SEM clauses (issue 4)', () => {
    const coverage = corpusCoverage(mutants);
    expect(coverage.mutants).toBeGreaterThanOrEqual(35);
    expect(coverage.semMutants).toBeGreaterThanOrEqual(8);
  });

  it('lists the adapter-side MUST clauses no mutant claims; incidental breakage does not count, SHOULD and host clauses are not listed', () => {
    const clauses = codingOperationClauses.filter((entry) => ['REQ-CLOSED', 'REQ-CONTRACT', 'REQ-AUTHORITY', 'WIRE-ARGV', 'OUT-EXIT'].includes(entry.id));
    const coverage = corpusCoverage([{ ...fakeMutant('m', ['REQ-CLOSED']), incidental: ['REQ-CONTRACT'] }], clauses);
    expect(coverage).toEqual({ mutants: 1, semMutants: 0, unclaimedMustClauses: ['REQ-CONTRACT', 'OUT-EXIT'] });
  });
});
