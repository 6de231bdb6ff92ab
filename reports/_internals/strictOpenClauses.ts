import type { ClauseReport, ClauseVerdict } from '../types.js';

/** Whether a verdict is missing evidence that `--strict` demands. */
const lacksEvidence = {
  PASS: false,
  FAIL: false,
  SKIP: true,
  INCONCLUSIVE: true,
} as const satisfies Record<ClauseVerdict, boolean>;

/**
 * Pure: whether a clause is left open (SKIP or INCONCLUSIVE where it applies).
 * @internal
 */
export function isOpen(entry: ClauseReport): boolean {
  return lacksEvidence[entry.verdict] && entry.applicable !== false;
}

/**
 * Pure: the clauses that make a `--strict` run fail: open, counted at their
 * level (MUST, or SHOULD too with `--strict-should`), and not listed in the
 * baseline (a listed clause is known not to pass, so it is not asked for evidence).
 * Empty without `--strict`.
 * @internal Shared by the report builder (the exit code) and the summaries (which name them).
 */
export function strictOpenClauses(clauses: readonly ClauseReport[], run: { readonly strict: boolean; readonly strictShould: boolean }): readonly ClauseReport[] {
  if (!run.strict) return [];
  // A fault verdict judged by timing alone may have missed its window: strict runs do not take its PASS as proof.
  const timingOnly = (entry: ClauseReport): boolean => entry.verdict === 'PASS' && entry.method === 'timing';
  return clauses.filter((entry) => (entry.level === 'MUST' || run.strictShould) && (isOpen(entry) || timingOnly(entry)) && entry.baseline === undefined);
}
