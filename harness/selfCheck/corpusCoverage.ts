import { codingOperationClauses, type ClauseDefinition } from '../clauses.js';
import type { MutantDefinition } from '../../adapters/mutants/MutantDefinition.js';
import type { CorpusCoverage } from './types.js';

const ADAPTER_FAMILIES: ReadonlySet<string> = new Set(['REQ', 'OUT', 'SEM']);

/**
 * Pure: how far the mutant corpus reaches. Only claims count: a clause a
 * mutant merely breaks incidentally has no mutant proving its check.
 *
 * @param mutants - the whole corpus
 * @param clauses - the profile's clauses @defaultValue the coding-operation clauses
 */
export function corpusCoverage(mutants: readonly MutantDefinition[], clauses: readonly ClauseDefinition[] = codingOperationClauses): CorpusCoverage {
  const claimed = new Set(mutants.flatMap((mutant) => mutant.claims));
  return {
    mutants: mutants.length,
    semMutants: mutants.filter((mutant) => mutant.claims.some((id) => id.startsWith('SEM-'))).length,
    unclaimedMustClauses: clauses
      .filter((entry) => entry.level === 'MUST' && ADAPTER_FAMILIES.has(entry.family) && !claimed.has(entry.id))
      .map((entry) => entry.id),
  };
}
