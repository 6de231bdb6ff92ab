import type { ClauseId } from '../clauses.js';
import type { HistoryEntry } from '../history/types.js';

/**
 * The history clauses a binding's history can show broken, given what it holds:
 * revision clauses need two outcomes, SEM-ACCEPTANCE-STABLE two admissions,
 * SEM-TERMINAL-IMMUTABLE a terminal outcome and another terminal or an outcome
 * of a call that started after it ended (overlapping calls are not ordered).
 *
 * @param entries - the valid outcomes of one binding with their call times
 */
export function exercisedHistoryClauses(entries: readonly HistoryEntry[]): ClauseId[] {
  const admissions = entries.filter((entry) => entry.outcome.state !== 'unknown');
  const terminals = entries.filter((entry) => entry.outcome.state === 'terminal');
  const firstEnd = Math.min(...terminals.map((entry) => entry.endedAt));
  const afterTerminal = terminals.length >= 2 || entries.some((entry) => entry.startedAt > firstEnd);
  return [
    ...(entries.length >= 2 ? (['SEM-REVISION-MONOTONIC', 'SEM-EQUAL-REVISION'] as const) : []),
    ...(admissions.length >= 2 ? (['SEM-ACCEPTANCE-STABLE'] as const) : []),
    ...(terminals.length >= 1 && afterTerminal ? (['SEM-TERMINAL-IMMUTABLE'] as const) : []),
  ];
}
