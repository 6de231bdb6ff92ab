import { describe, expect, it } from 'vitest';
import { manifestFixtures } from '../../adapters/manifest-fixtures/catalog.js';
import { mutants } from '../../adapters/mutants/catalog.js';
import { adapterManifestClauses, codingOperationClauses } from '../clauses.js';
import { corpusCoverage } from './corpusCoverage.js';
import { fakeMutant } from './__test-helpers__/selfCheckInput.js';

describe('corpusCoverage', () => {
  it('the corpus holds at least 35 mutants, at least 8 of them breaking SEM clauses (issue 4), and claims every adapter-side MUST clause', () => {
    const coverage = corpusCoverage(mutants, manifestFixtures);
    expect(coverage.mutants).toBeGreaterThanOrEqual(35);
    expect(coverage.semMutants).toBeGreaterThanOrEqual(8);
    expect(coverage.unclaimedMustClauses).toEqual([]);
    expect(coverage.manifest.fixtures).toBe(manifestFixtures.length);
  });

  it('lists the adapter-side MUST clauses no mutant claims; incidental breakage does not count, SHOULD and host clauses are not listed', () => {
    const clauses = codingOperationClauses.filter((entry) => ['REQ-CLOSED', 'REQ-CONTRACT', 'REQ-AUTHORITY', 'WIRE-ARGV', 'OUT-EXIT'].includes(entry.id));
    const manifestClauses = adapterManifestClauses.filter((entry) => ['MAN-ID', 'MAN-PATHS'].includes(entry.id));
    const coverage = corpusCoverage([{ ...fakeMutant('m', ['REQ-CLOSED']), incidental: ['REQ-CONTRACT'] }], [fakeMutant('f', ['MAN-ID'])], clauses, manifestClauses);
    expect(coverage).toEqual({ mutants: 1, semMutants: 0, unclaimedMustClauses: ['REQ-CONTRACT', 'OUT-EXIT'], manifest: { fixtures: 1, unclaimedMustClauses: ['MAN-PATHS'] } });
  });
});
