// Which clauses one call or one binding's history gives evidence for, so a check is
// counted as a case only when the answer could have broken it.
import type { ClauseId } from '../clauses.js';
import type { HistoryEntry } from '../history/HistoryChecker.js';

const ALWAYS: readonly ClauseId[] = ['OUT-JSON', 'OUT-EXIT', 'OUT-CONTRACT', 'OUT-BINDING', 'OUT-STATE', 'OUT-CLOSED', 'OUT-REVISION', 'OUT-SIZE', 'OUT-PROOF-SIZE'];

const BY_STATE: Readonly<Record<'unknown' | 'accepted' | 'terminal' | 'none', readonly ClauseId[]>> = {
  unknown: ['OUT-UNKNOWN-REASON'],
  accepted: ['OUT-ACCEPTANCE-REF'],
  terminal: ['OUT-ACCEPTANCE-REF', 'OUT-TERMINAL-OUTCOME', 'OUT-TERMINAL-SETTLEMENT', 'OUT-RESULT-CLOSED', 'OUT-RESULT-INTEGRITY'],
  none: [],
};

/**
 * The OUT clauses one answer exercises: the common ones always, the
 * state-specific ones only for the state the answer claims (a terminal check
 * is not exercised by an `unknown` answer, and must not be counted as a case).
 */
export function outClausesFor(state: keyof typeof BY_STATE): readonly ClauseId[] {
  return [...ALWAYS, ...BY_STATE[state]];
}

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
