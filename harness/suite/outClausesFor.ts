import type { ClauseId } from '../clauses.js';

const ALWAYS: readonly ClauseId[] = [
  'OUT-JSON', 'OUT-EXIT', 'OUT-CONTRACT', 'OUT-BINDING', 'OUT-STATE', 'OUT-CLOSED', 'OUT-REVISION', 'OUT-SIZE', 'OUT-PROOF-SIZE',
];

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
