import { clause, type ClauseId } from '../clauses.js';
import type { AcceptanceReport } from '../../reports/types.js';
import type { MutantDefinition } from '../../adapters/mutants/MutantDefinition.js';

/** How one mutant fared, as a kill matrix shows it. */
export type KillStatus =
  /** Every claimed clause FAILed, and nothing failed outside claims and incidental clauses. */
  | 'killed'
  /** Some claimed clause did not FAIL. */
  | 'survived'
  /** Every claimed clause FAILed, but so did a clause the mutant does not declare: a finding. */
  | 'killed-with-findings'
  /** An `inconclusive` control behaved: nothing FAILed outside its incidental clauses and no SEM MUST clause PASSed falsely. */
  | 'control-held'
  /** An `inconclusive` control did not behave. */
  | 'control-broken';

/** The verdict on one mutant, with the clauses that explain it. */
export interface KillEvaluation {
  readonly mutant: string;
  readonly status: KillStatus;
  /** Claimed clauses that did not FAIL, with their verdicts. */
  readonly survivors: readonly { readonly clauseId: ClauseId; readonly verdict: string }[];
  /** FAILed clauses outside claims and incidental clauses. */
  readonly unexpected: readonly ClauseId[];
}

// Clauses an only-unknown adapter can pass honestly: answering unknown to a fresh observe is correct.
const HONEST_UNDER_UNKNOWN: ReadonlySet<ClauseId> = new Set(['SEM-OBSERVE-FRESH', 'SEM-TERMINAL-WITHOUT-ACCEPT']);

/**
 * Pure: judges one mutant's acceptance report against its declaration. A kill
 * counts only at the claimed clauses; failing elsewhere is reported, never
 * credited.
 */
export function evaluateKill(mutant: MutantDefinition, report: AcceptanceReport): KillEvaluation {
  const verdicts = new Map(report.clauses.map((entry) => [entry.id, entry.verdict]));
  const declared = new Set<ClauseId>([...mutant.claims, ...mutant.incidental]);
  const unexpected = report.clauses.filter((entry) => entry.verdict === 'FAIL' && !declared.has(entry.id)).map((entry) => entry.id);
  if (mutant.expect === 'inconclusive') {
    const falsePasses = report.clauses.filter(
      (entry) => entry.verdict === 'PASS' && clause(entry.id).family === 'SEM' && entry.level === 'MUST' && !HONEST_UNDER_UNKNOWN.has(entry.id),
    );
    const survivors = falsePasses.map((entry) => ({ clauseId: entry.id, verdict: entry.verdict }));
    return { mutant: mutant.name, status: survivors.length === 0 && unexpected.length === 0 ? 'control-held' : 'control-broken', survivors, unexpected };
  }
  const survivors = mutant.claims
    .map((clauseId) => ({ clauseId, verdict: verdicts.get(clauseId) ?? 'absent' }))
    .filter((entry) => entry.verdict !== 'FAIL');
  const status: KillStatus = survivors.length > 0 ? 'survived' : unexpected.length > 0 ? 'killed-with-findings' : 'killed';
  return { mutant: mutant.name, status, survivors, unexpected };
}
