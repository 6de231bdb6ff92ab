// Which clauses one call or one binding's history gives evidence for, so a check is
// counted as a case only when the answer could have broken it.
import type { ClauseId } from '../clauses.js';
import type { HistoryEntry } from '../history/HistoryChecker.js';
import { admissionState } from '../judge/callEvidence.js';
import { isJsonObject } from '../protocol/jsonValues.js';
import { OUTCOME_STATES, type OutcomeState } from '../protocol/types.js';

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

/** An OUT clause one answer could not test, and why (the field it judges was absent). */
export interface UntestedClause {
  readonly clauseId: ClauseId;
  /** The INCONCLUSIVE reason the clause gets when no answer of the run tested it. */
  readonly reason: string;
}

/** The OUT clauses one answer tested, and those it could have tested but did not, with why. */
export interface AnswerClauses {
  readonly tested: readonly ClauseId[];
  readonly untested: readonly UntestedClause[];
}

/** The fields each value clause judges, all of which an answer must carry for the clause to be tested. */
const JUDGED_FIELDS: readonly { readonly clauseId: ClauseId; readonly fields: readonly string[]; readonly states: readonly OutcomeState[] | 'any' }[] = [
  { clauseId: 'OUT-CONTRACT', fields: ['contract'], states: 'any' },
  { clauseId: 'OUT-BINDING', fields: ['operationId', 'authorityId', 'requestDigest'], states: 'any' },
  { clauseId: 'OUT-STATE', fields: ['state'], states: 'any' },
  { clauseId: 'OUT-REVISION', fields: ['revision'], states: 'any' },
  { clauseId: 'OUT-UNKNOWN-REASON', fields: ['reason'], states: ['unknown'] },
  { clauseId: 'OUT-ACCEPTANCE-REF', fields: ['acceptanceRef'], states: ['accepted', 'terminal'] },
  { clauseId: 'OUT-TERMINAL-OUTCOME', fields: ['outcome'], states: ['terminal'] },
  { clauseId: 'OUT-TERMINAL-SETTLEMENT', fields: ['settlement'], states: ['terminal'] },
  { clauseId: 'OUT-RESULT-CLOSED', fields: ['result'], states: ['terminal'] },
];
const RESULT_FIELDS = ['text', 'digest', 'length'] as const;
/** Clauses judged on any object, whatever fields it carries. */
const ON_ANY_OBJECT: readonly ClauseId[] = ['OUT-CLOSED', 'OUT-SIZE', 'OUT-PROOF-SIZE'];
const NOT_AN_OBJECT = 'the answers that could test it were not one JSON object (OUT-JSON), so nothing in them could be judged';
const NO_VALID_OUTCOME = 'no answer was a valid outcome, so no exit code came with evidence to judge';

function neverAppeared(fields: readonly string[], where: string): string {
  const named = fields.map((field) => `"${field}"`).join(', ');
  return `the field never appeared: no ${where} carried ${named} (its absence is OUT-CLOSED's failure), so the rule was never tested`;
}

/**
 * The OUT clauses one answer that exited 0 (or a valid outcome with another exit) actually
 * tested: a clause judging a field counts only when the answer carries that field, a
 * state's clauses only for an answer in that state, OUT-EXIT only for a valid outcome, and
 * nothing but OUT-JSON for stdout that is no JSON object. A field absent from every answer
 * leaves its clause without a case, never a PASS. OUT-UNIQUE-KEYS is judged apart, on the raw text.
 *
 * @param stdout - the adapter's stdout as text
 * @param valid - whether the stdout is a valid outcome (it then tests every clause of its state)
 */
export function outClausesOfAnswer(stdout: string, valid: boolean): AnswerClauses {
  const object = parseObject(stdout);
  if (object === null) {
    // The state a lenient reader sees says which state's clauses this answer could have tested.
    const untested = outClausesFor(admissionState(stdout)).filter((id) => id !== 'OUT-JSON');
    return { tested: ['OUT-JSON'], untested: untested.map((clauseId) => ({ clauseId, reason: NOT_AN_OBJECT })) };
  }
  const state = (OUTCOME_STATES as readonly unknown[]).includes(object.state) ? (object.state as OutcomeState) : null;
  if (valid && state !== null) return { tested: outClausesFor(state), untested: [] };
  const tested: ClauseId[] = ['OUT-JSON', ...ON_ANY_OBJECT];
  const untested: UntestedClause[] = [{ clauseId: 'OUT-EXIT', reason: NO_VALID_OUTCOME }];
  for (const { clauseId, fields, states } of JUDGED_FIELDS) {
    if (states !== 'any' && (state === null || !states.includes(state))) continue;
    const missing = fields.filter((field) => !Object.hasOwn(object, field));
    if (missing.length === 0) tested.push(clauseId);
    else untested.push({ clauseId, reason: neverAppeared(missing, states === 'any' ? 'answer' : `${states.join(' or ')} answer`) });
  }
  if (state === 'terminal') {
    const result = object.result;
    const missing = isJsonObject(result) ? RESULT_FIELDS.filter((field) => !Object.hasOwn(result, field)) : ['result'];
    if (missing.length === 0) tested.push('OUT-RESULT-INTEGRITY');
    else
      untested.push({
        clauseId: 'OUT-RESULT-INTEGRITY',
        reason: neverAppeared(
          missing.map((field) => (field === 'result' ? field : `result.${field}`)),
          'terminal answer',
        ),
      });
  }
  return { tested, untested };
}

/** Stdout as one JSON object, or null (a scan of the first character keeps a huge non-object from being parsed). */
function parseObject(stdout: string): Record<string, unknown> | null {
  if (!stdout.trimStart().startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(stdout);
    return isJsonObject(value) ? value : null;
  } catch {
    return null;
  }
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
