import type { ClauseId } from '../clauses.js';
import { checkHistories } from '../history/checkHistory.js';
import { violation, type Violation } from '../violation.js';
import { admissionOf, describeExchange, type Exchange } from '../model/exchange.js';
import type { CaseResult } from '../model/caseResult.js';
import { NEVER_ADMITTED } from './callPacing.js';
import { hostFaultOfExchange, notMadeReason, undecidedCase, witnessesOf } from './exchangeHelpers.js';

// Judges of the fault cases (a crash, a pause past the deadline, a restart step). Each is pure: the
// suite drives the adapter, these decide what its answers prove. What an answer must agree with
// across calls (one acceptanceRef, one terminal envelope) is the binding history's to find; these
// only say which fault clause a disagreement breaks.

/** One answer after a fault, with the step that made it, as violations name it. */
export interface StepAnswer {
  readonly exchange: Exchange;
  readonly step: string;
  /** How long each try of a read-only call took (ms), in order, when it was asked more than once: a timeout is asked again. @defaultValue one try */
  readonly tries?: readonly number[];
}

/**
 * Why a call after a fault gave no outcome: it was not made (`not-sent`: the run's submit
 * budget was spent, the adapter had stopped answering or the case was cancelled), it timed
 * out, the host failed (`host`), or the adapter answered something that is no evidence (`broken`).
 */
export type MissingEvidence = 'not-sent' | 'timeout' | 'host' | 'broken';

/**
 * Why a call after a fault gave no evidence, or null when it gave an outcome: a call not made
 * or timed out proves nothing, nor does the host's own failure (`host`); anything else (nonzero
 * exit, garbage) is a broken ledger.
 * @param exchange - the call's answer
 */
export function noEvidence(exchange: Exchange): MissingEvidence | null {
  if (exchange.kind === 'outcome') return null;
  if (notMadeReason(exchange) !== null) return 'not-sent';
  if (exchange.record?.timedOut === true) return 'timeout';
  return hostFaultOfExchange(exchange) === null ? 'broken' : 'host';
}

/**
 * Why some of `exchanges` prove nothing either way, in words, or null: the first call not
 * made, with its reason (a spent --max-submits budget is the suite's doing, not a timeout),
 * else a call that timed out.
 * @param exchanges - the calls
 * @param call - one of the calls, for the sentence ("a call after the crash")
 */
function unprovenBy(exchanges: readonly Exchange[], call: string): string | null {
  const notMade = exchanges.map(notMadeReason).find((reason) => reason !== null);
  if (notMade !== undefined) return `${call} was not made: ${notMade}`;
  return exchanges.some((exchange) => noEvidence(exchange) === 'timeout') ? `${call} timed out, which proves nothing either way` : null;
}

/**
 * The first call among `answers` that timed out on every try, in words with its tries and how
 * long each took (the evidence still missing after asking again), or null when none was retried.
 */
function timedOutTries(answers: readonly StepAnswer[]): string | null {
  if (answers.some(({ exchange }) => notMadeReason(exchange) !== null)) return null;
  const retried = answers.find(({ exchange, tries }) => noEvidence(exchange) === 'timeout' && tries !== undefined && tries.length > 1);
  if (retried?.tries === undefined) return null;
  return `the ${retried.step} timed out on each of ${retried.tries.length} tries (${retried.tries.map((ms) => `${ms} ms`).join(', ')}), which proves nothing either way`;
}

/** The history violations among `answers` (one binding's calls, in call order) of the given clauses, with the steps they name. */
function historyConflicts(answers: readonly StepAnswer[], clauses: readonly ClauseId[]): { found: Violation; earlier: StepAnswer; later: StepAnswer }[] {
  return checkHistories(witnessesOf(answers.map(({ exchange }) => exchange))).flatMap((found) => {
    const [earlier, later] = (found.details?.refs as readonly number[] | undefined)?.map((ref) => answers[ref]) ?? [];
    return clauses.includes(found.clauseId) && earlier !== undefined && later !== undefined ? [{ found, earlier, later }] : [];
  });
}

/**
 * Judges SEM-CRASH-CONSISTENT for one binding whose submits were killed: every call after a
 * crash gives valid evidence, and every admission among them carries one acceptanceRef.
 * Undecided when a call was not made, timed out or failed on the host's side, when no kill landed (`hits` 0,
 * worded `missed`), or when nothing was admitted.
 *
 * @param after - the answers of the case's calls that were not killed, in call order
 * @param hits - how many kills landed on a running submit
 * @param missed - why no kill landed, for an undecided case
 */
export function judgeCrash(after: readonly StepAnswer[], hits: number, missed: string): CaseResult {
  const violations: Violation[] = [];
  for (const { exchange, step } of after) {
    if (noEvidence(exchange) === 'broken') violations.push(violation('SEM-CRASH-CONSISTENT', `the ${step} gave no valid evidence: ${describeExchange(exchange)}`));
  }
  const [twice] = historyConflicts(after, ['SEM-ACCEPTANCE-STABLE']);
  if (twice !== undefined) {
    const refs = twice.found.details?.acceptanceRefs as readonly string[] | undefined;
    violations.push(
      violation(
        'SEM-CRASH-CONSISTENT',
        `the operation was admitted twice: the ${twice.earlier.step} answered acceptanceRef ${refs?.[0] ?? '?'}, the ${twice.later.step} ${refs?.[1] ?? '?'}`,
        {
          details: { ...twice.found.details },
        },
      ),
    );
  }
  if (violations.length > 0) return { verdict: 'violated', violations };
  const hostFailed = after.filter(({ exchange }) => noEvidence(exchange) === 'host').map(({ exchange }) => exchange);
  if (hostFailed.length > 0) return undecidedCase("a call after the crash failed on the host's side, which proves nothing about the adapter", hostFailed);
  const unproven = unprovenBy(
    after.map(({ exchange }) => exchange),
    'a call after the crash',
  );
  if (unproven !== null) return { verdict: 'undecided', reason: timedOutTries(after) ?? unproven };
  if (hits === 0) return { verdict: 'undecided', reason: missed };
  if (!after.some(({ exchange }) => admissionOf(exchange) !== null)) return { verdict: 'undecided', reason: NEVER_ADMITTED };
  return { verdict: 'held' };
}

/**
 * Why a fault case is undecided when the adapter does not admit its request even without a
 * fault: the control submit of its payload under a fresh operation was not admitted, nor (when
 * tried) the control payload `{}`. A refusal it makes anyway is SEM-SUBMIT-ADMITS's to judge;
 * blaming it on the fault would convict the fault clause for it.
 *
 * @param control - the fault-free submit of the case's payload under a fresh operation
 * @param fallback - the fault-free submit of `{}` under a fresh operation, or null when not tried
 */
export function refusedWithoutFault(control: Exchange, fallback: Exchange | null): CaseResult {
  const refused = `the adapter does not admit this payload even without a fault (a control submit of it under a fresh operation answered ${describeExchange(control)})`;
  const also = fallback === null ? '' : `, nor the control payload {} (${describeExchange(fallback)})`;
  return undecidedCase(`${refused}${also}: a fault case judges only requests the adapter admits without one`, fallback === null ? [control] : [control, fallback]);
}

/**
 * Judges SEM-UNCERTAIN-RECOVERY for one binding whose submit was paused past its host deadline:
 * once it resumed and ended, every observe gives valid evidence that agrees with every other
 * witness of the case (any history violation among them breaks the clause).
 *
 * @param faulted - whether the pause landed on a running submit
 * @param earlier - the answers before and during the pause
 * @param recovered - the observes after the paused submit ended
 */
export function judgeRecovery(faulted: boolean, earlier: readonly Exchange[], recovered: readonly Exchange[]): CaseResult {
  const broken = recovered.find((exchange) => noEvidence(exchange) === 'broken');
  if (broken !== undefined) {
    return {
      verdict: 'violated',
      violations: [violation('SEM-UNCERTAIN-RECOVERY', `after the paused submit resumed and ended, observe gave no valid evidence: ${describeExchange(broken)}`)],
    };
  }
  const hostFailed = recovered.filter((exchange) => noEvidence(exchange) === 'host');
  const history = checkHistories(witnessesOf([...earlier, ...recovered]));
  if (history.length > 0) {
    return {
      verdict: 'violated',
      violations: history.map((found) =>
        violation(
          'SEM-UNCERTAIN-RECOVERY',
          `observe after the uncertain submit disagrees with another witness (${found.clauseId}): ${found.message}`,
          found.details === undefined ? {} : { details: found.details },
        ),
      ),
    };
  }
  if (hostFailed.length > 0) return undecidedCase("an observe after the resume failed on the host's side, which proves nothing about the adapter", hostFailed);
  if (!faulted) return { verdict: 'undecided', reason: 'the submit ended before it could be paused, so the host saw no uncertain submit' };
  if (!recovered.some((exchange) => exchange.kind === 'outcome')) {
    return { verdict: 'undecided', reason: unprovenBy(recovered, 'an observe after the resume') ?? 'no observe after the resume gave an outcome' };
  }
  return { verdict: 'held' };
}

/**
 * Judges SEM-DURABLE-RESTART for one operation: after the restart step, every call shows the
 * key admitted, with the acceptanceRef and (when it was terminal) the envelope of its last
 * admission before the restart.
 *
 * @param before - the last admitting answer before the restart
 * @param after - the answers after it, in call order
 * @returns the problems found, in words (empty: held), or why the calls prove nothing when none was found and a call was not made, timed out or failed on the host's side
 * @throws RangeError when `before` is not an admission
 */
export function judgeRestarted(before: Exchange, after: readonly StepAnswer[]): string[] | { readonly undecided: string } {
  const admission = admissionOf(before);
  if (admission === null) throw new RangeError('judgeRestarted: the answer before the restart must be an admission');
  const problems: string[] = [];
  for (const { exchange, step } of after) {
    if (noEvidence(exchange) === 'broken') problems.push(`the ${step} after the restart gave no valid evidence: ${describeExchange(exchange)}`);
    if (exchange.kind === 'outcome' && exchange.outcome.state === 'unknown') {
      problems.push(
        `admitted (${admission.state}, acceptanceRef ${admission.acceptanceRef}) before the restart, the ${step} after it answered unknown (reason ${exchange.outcome.reason}): the key was lost`,
      );
    }
  }
  const restarted = { exchange: before, step: 'last admission before the restart' };
  // A changed acceptanceRef is the first thing said of an answer; a lost key was said above.
  const said = new Set(after.filter(({ exchange }) => exchange.kind === 'outcome' && exchange.outcome.state === 'unknown'));
  const conflicts = historyConflicts([restarted, ...after], ['SEM-ACCEPTANCE-STABLE', 'SEM-TERMINAL-IMMUTABLE']).sort(
    (a, b) => Number(b.found.clauseId === 'SEM-ACCEPTANCE-STABLE') - Number(a.found.clauseId === 'SEM-ACCEPTANCE-STABLE'),
  );
  for (const { found, earlier, later } of conflicts) {
    // Only a change across the restart is the restart's; two answers after it disagreeing with each other are not.
    if (earlier !== restarted || said.has(later)) continue;
    said.add(later);
    problems.push(
      found.clauseId === 'SEM-ACCEPTANCE-STABLE'
        ? `the ${later.step} after the restart answered acceptanceRef ${admissionOf(later.exchange)?.acceptanceRef ?? '?'} instead of ${admission.acceptanceRef}`
        : `the terminal envelope changed across the restart: the ${later.step} answered ${describeExchange(later.exchange)}, before it was revision ${admission.revision}`,
    );
  }
  if (problems.length > 0) return problems;
  const exchanges = after.map(({ exchange }) => exchange);
  const unproven =
    unprovenBy(exchanges, 'a call after the restart') ??
    (exchanges.some((exchange) => noEvidence(exchange) === 'host') ? "a call after the restart failed on the host's side, which proves nothing about the adapter" : null);
  return unproven === null ? problems : { undecided: unproven };
}
