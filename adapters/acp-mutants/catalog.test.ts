import { describe, expect, it } from 'vitest';
import { acpClauses, isAcpClauseId } from '../../harness/acp/acpClauses.js';
import { acpMutants, findAcpMutant } from './catalog.js';
import { mutantProbes } from './__test-helpers__/mutantProbes.js';

/**
 * Clauses no mutant claims, each with the reason: an agent that breaks ACP-ENV-MINIMUM needs a
 * variable the suite never passes, so it fails every other clause too and cannot break this one
 * alone.
 */
const UNMUTATED: Readonly<Record<string, string>> = { 'ACP-ENV-MINIMUM': 'its defect cannot be isolated from every other clause' };

describe('the ACP mutant catalog', () => {
  it('names each mutant once, in kebab-case, and finds it by name', () => {
    const names = acpMutants.map((mutant) => mutant.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(findAcpMutant(name)?.name).toBe(name);
    }
    expect(findAcpMutant('no-such-mutant')).toBeUndefined();
  });

  it('claims catalog clauses only, never a clause it also lists as incidental, and describes its bug', () => {
    for (const mutant of acpMutants) {
      expect(mutant.claims.length, mutant.name).toBeGreaterThan(0);
      for (const id of [...mutant.claims, ...mutant.incidental]) expect(isAcpClauseId(id), `${mutant.name}: ${id}`).toBe(true);
      expect(
        mutant.claims.filter((id) => mutant.incidental.includes(id)),
        mutant.name,
      ).toEqual([]);
      expect(mutant.description.length, mutant.name).toBeGreaterThan(20);
      expect(mutant.expect).toBe('fail');
    }
  });

  it('has a killer mutant for every clause but the documented exceptions', () => {
    const claimed = new Set(acpMutants.flatMap((mutant) => mutant.claims));
    const unclaimed = acpClauses.filter((clause) => !claimed.has(clause.id)).map((clause) => clause.id);
    expect(unclaimed).toEqual(Object.keys(UNMUTATED));
    for (const id of Object.keys(UNMUTATED)) expect(acpClauses.find((clause) => clause.id === id)?.level).toBe('SHOULD');
  });

  it('has a probe for every mutant and none for a mutant that does not exist', () => {
    expect(Object.keys(mutantProbes).sort()).toEqual(acpMutants.map((mutant) => mutant.name).sort());
  });
});
