/*
 * Why clauses were left INCONCLUSIVE, grouped by the one cause most of them share (an adapter whose answers
 * are never valid leaves dozens of clauses open for that one reason), and the one line a reader needs when
 * nothing could be judged: why, and what to try. Pure; read from the reasons the report already holds.
 */
import type { ClauseId } from '../harness/clauses.js';
import type { AcceptanceReport, ClauseReport } from './types.js';

/** INCONCLUSIVE clauses that follow from one cause. */
export interface OpenCause {
  /** The cause, in words. */
  readonly cause: string;
  /** The clauses it left open, in report order. */
  readonly clauses: readonly ClauseId[];
}

interface CausePattern {
  /** Matches a clause's reason. */
  readonly pattern: RegExp;
  /** The cause in words, given the report (the failed OUT clauses name why answers were invalid). */
  readonly cause: (report: Pick<AcceptanceReport, 'clauses'>) => string;
}

/** The failed OUT clauses, as a clause of a sentence, or ''. */
function afterFailedOut(report: Pick<AcceptanceReport, 'clauses'>): string {
  const failed = report.clauses.filter((entry) => entry.verdict === 'FAIL' && entry.family === 'OUT').map((entry) => entry.id);
  return failed.length === 0 ? '' : ` after ${failed.join(', ')} failed`;
}

/**
 * Causes in order of precedence: answers that are no valid outcome make every later reason moot, an
 * adapter that admits nothing leaves every ledger clause open, and so on.
 */
const CAUSES: readonly CausePattern[] = [
  { pattern: /\binvalid-output\b/, cause: (report) => `the adapter's answers were no valid outcome (invalid-output)${afterFailedOut(report)}` },
  { pattern: /the field never appeared/, cause: () => 'the field the clause judges never appeared in an answer (OUT-CLOSED names the missing fields)' },
  { pattern: /stopped answering/, cause: () => 'the adapter stopped answering (repeated timeouts), so later calls were skipped' },
  { pattern: /--max-submits budget/, cause: () => 'the --max-submits budget was spent' },
  { pattern: /ran past the host deadline/, cause: () => 'submits ran past the host deadline (--timeout-ms), so none was admitted; a slow adapter needs a longer one' },
  {
    pattern: /refuses everything or is unavailable|admitted no valid submit|\bnonzero-exit\b|no digest raced .* was admitted|only 0 of \d+ overlapping submits/,
    cause: () => NO_ADMISSION,
  },
  { pattern: /no answer was a valid outcome/, cause: () => NO_VALID_OUTCOME },
  { pattern: /polling budget/, cause: () => NO_TERMINAL },
];

const NO_TERMINAL = 'no operation reached terminal within the polling budget (--poll-budget)';
const NO_ADMISSION = 'no valid submit was admitted (well-formed calls were refused or answered unknown)';
const NO_VALID_OUTCOME = 'no answer was a valid outcome';
/** Causes that follow from whatever kept SEM-SUBMIT-ADMITS open, when it is. */
const DOWNSTREAM: ReadonlySet<string> = new Set([NO_TERMINAL, NO_ADMISSION, NO_VALID_OUTCOME]);

/** The shared cause of one clause's reason, or the reason itself. */
function causeOf(entry: ClauseReport, report: Pick<AcceptanceReport, 'clauses'>): string {
  const reason = entry.reason ?? 'no reason recorded';
  const known = CAUSES.find(({ pattern }) => pattern.test(reason));
  return known === undefined ? reason : known.cause(report);
}

/**
 * The INCONCLUSIVE clauses that apply to the subject, grouped by cause, largest group first
 * (report order among equals). A clause belongs to the first known cause its reason names
 * (answers with no valid outcome, a field that never appeared, an adapter that stopped
 * answering, a spent budget, no admission, no valid outcome, no terminal outcome); the last three
 * follow from what kept SEM-SUBMIT-ADMITS open, when it is, and are grouped under that. Any other
 * reason is its own cause.
 * @param report - a built report
 */
export function openCauses(report: Pick<AcceptanceReport, 'clauses'>): OpenCause[] {
  const admits = report.clauses.find((entry) => entry.id === 'SEM-SUBMIT-ADMITS');
  // Nothing admitted reaches no terminal and has no admission to judge: those causes are the admission's.
  const root = admits?.verdict === 'INCONCLUSIVE' ? causeOf(admits, report) : null;
  const groups = new Map<string, ClauseId[]>();
  for (const entry of report.clauses) {
    if (entry.verdict !== 'INCONCLUSIVE' || entry.applicable === false) continue;
    const found = causeOf(entry, report);
    const cause = root !== null && DOWNSTREAM.has(found) ? root : found;
    groups.set(cause, [...(groups.get(cause) ?? []), entry.id]);
  }
  return [...groups].map(([cause, clauses]) => ({ cause, clauses })).sort((a, b) => b.clauses.length - a.clauses.length);
}

const TRY_WHEN_REFUSED =
  "run one submit by hand (the requests are in transcript.jsonl; --keep-stderr keeps the adapter's stderr there) and make sure the authority is reachable from the suite's scrubbed environment (--pass-env NAME passes a variable it needs)";
const TRY_WHEN_INVALID = 'fix the failed OUT clauses first: no answer was a valid outcome, so no ledger clause could be judged';

/**
 * One line saying why the ledger could not be judged and what to try, when SEM-SUBMIT-ADMITS is
 * INCONCLUSIVE (no valid submit was admitted, so no SEM clause had a case); null otherwise.
 * @param report - a built report
 */
export function nothingJudgedLine(report: Pick<AcceptanceReport, 'clauses'>): string | null {
  const admits = report.clauses.find((entry) => entry.id === 'SEM-SUBMIT-ADMITS');
  if (admits?.verdict !== 'INCONCLUSIVE') return null;
  const reason = admits.reason ?? 'no reason recorded';
  const hint = /\binvalid-output\b/.test(reason) ? TRY_WHEN_INVALID : /refuses everything or is unavailable|\bnonzero-exit\b/.test(reason) ? TRY_WHEN_REFUSED : null;
  return `Nothing was admitted, so the ledger could not be judged: ${reason}.${hint === null ? ' See SEM-SUBMIT-ADMITS in acceptance.md.' : ` Try: ${hint}.`}`;
}
