import { adapterManifestClauses, codingOperationClauses, type ClauseDefinition, type ClauseId } from '../clauses.js';
import type { MutantDefinition } from '../../adapters/mutants/MutantDefinition.js';
import type { CorpusCoverage } from './types.js';

// The command adapter's families; SDK clauses concern a module, which no command mutant can break.
const COMMAND_FAMILIES: ReadonlySet<string> = new Set(['REQ', 'OUT', 'SEM']);

/**
 * Pure: how far the mutant corpus reaches: the adapter-side MUST clauses
 * (REQ, OUT, SEM; every clause of the manifest profile) no mutant claims.
 * Host obligations such as the history checker's are proved by the suite's
 * own tests. Only claims count: a clause a mutant merely
 * breaks incidentally has no mutant proving its check.
 *
 * @param mutants - the whole coding-operation corpus
 * @param fixtures - the adapter-manifest.v1 fixtures (every clause of that profile is adapter-side)
 * @param clauses - the coding-operation clauses @defaultValue the registry's
 * @param manifestClauses - the adapter-manifest.v1 clauses @defaultValue the registry's
 */
export function corpusCoverage(
  mutants: readonly MutantDefinition[],
  fixtures: readonly MutantDefinition[],
  clauses: readonly ClauseDefinition[] = codingOperationClauses,
  manifestClauses: readonly ClauseDefinition[] = adapterManifestClauses,
): CorpusCoverage {
  return {
    mutants: mutants.length,
    semMutants: mutants.filter((mutant) => mutant.claims.some((id) => id.startsWith('SEM-'))).length,
    unclaimedMustClauses: unclaimedMust(mutants, clauses.filter((entry) => COMMAND_FAMILIES.has(entry.family))),
    manifest: { fixtures: fixtures.length, unclaimedMustClauses: unclaimedMust(fixtures, manifestClauses) },
  };
}

function unclaimedMust(corpus: readonly MutantDefinition[], clauses: readonly ClauseDefinition[]): ClauseId[] {
  const claimed = new Set(corpus.flatMap((mutant) => mutant.claims));
  return clauses.filter((entry) => entry.level === 'MUST' && entry.obligation === 'adapter' && !claimed.has(entry.id)).map((entry) => entry.id);
}
