import type { Binding, Outcome } from '../protocol/types.js';
import { hostFaultOf } from '../transport/callRecord.js';
import type { AdapterSession } from './AdapterSession.js';
import { admissionOf, type Exchange } from '../model/exchange.js';
import { BUDGET_SPENT } from './callPacing.js';
import type { CaseResult } from '../model/caseResult.js';

/** One valid outcome with the time span of its call, for the history checker. */
export interface Witness {
  readonly outcome: Outcome;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly ref: number;
}

/** Turns the valid outcomes among `exchanges` into witnesses, in call order. */
export function witnessesOf(exchanges: readonly Exchange[]): Witness[] {
  return exchanges.flatMap((exchange, ref) =>
    exchange.kind === 'outcome' ? [{ outcome: exchange.outcome, startedAt: exchange.record.startedAt, endedAt: exchange.record.endedAt, ref }] : [],
  );
}

/**
 * Observes `binding` until a terminal outcome or until `budget` observes are
 * spent. Stops early on an uncertain call: a host never turns one into proof.
 */
export async function pollUntilTerminal(session: AdapterSession, binding: Binding, budget: number): Promise<Exchange[]> {
  const exchanges: Exchange[] = [];
  for (let poll = 0; poll < budget; poll++) {
    const exchange = await session.observe(binding);
    exchanges.push(exchange);
    if (exchange.kind === 'uncertain' || exchange.outcome.state === 'terminal') break;
  }
  return exchanges;
}

/**
 * Why no operation of a session reached terminal: the polling budget, and, once the
 * `--max-submits` budget refused a submit, that budget too (operations it refused were never submitted).
 * @param session - the session whose operations were polled
 * @param pollBudget - observes per operation (`--poll-budget`)
 */
export function noTerminalReason(session: AdapterSession, pollBudget: number): string {
  const polling = `within the polling budget (${pollBudget} observes; raise it with --poll-budget)`;
  return session.submitBudgetSpent() ? `${BUDGET_SPENT}, and no operation submitted before reached terminal ${polling}` : `no operation reached terminal ${polling}`;
}

/** Why the session did not make this call (its reason: the submit budget, an adapter that stopped answering, a cancelled case), or null when it did. */
export function notMadeReason(exchange: Exchange): string | null {
  return exchange.kind === 'uncertain' && exchange.record === null ? exchange.reason : null;
}

/**
 * Why an exchange is uncertain through the host's own failure (a stream or
 * spawn failure, a cancellation), or null: such an exchange is never evidence
 * against the adapter.
 */
export function hostFaultOfExchange(exchange: Exchange): string | null {
  return exchange.kind === 'uncertain' ? hostFaultOf(exchange.record) : null;
}

/**
 * An undecided case whose reason is `reason`, marked as the host's fault when
 * the first of `exchanges` that is uncertain through the host is found (then
 * the case is retried once and counted apart).
 */
export function undecidedCase(reason: string, exchanges: readonly Exchange[] = []): CaseResult {
  const hostFault = exchanges.map(hostFaultOfExchange).find((fault) => fault !== null);
  return hostFault === undefined ? { verdict: 'undecided', reason } : { verdict: 'undecided', reason, hostFault };
}

/**
 * `result`, marked contended when it is undecided while some of `raced` (calls
 * the suite started at once, beyond `--concurrency`) missed their deadline: on a
 * loaded machine the burst itself can starve every racer, so the case is run
 * again, fresh, instead of standing as the adapter's evidence.
 */
export function contendedCase(result: CaseResult, raced: readonly Exchange[]): CaseResult {
  if (result.verdict !== 'undecided') return result;
  // A racing call the session did not make (the submit budget) explains the case better than its answers.
  const notMade = raced.map(notMadeReason).filter((reason) => reason !== null);
  if (notMade.length > 0) return { ...result, reason: `${notMade.length} of ${raced.length} racing calls were not made: ${notMade[0]}` };
  const late = raced.filter((exchange) => exchange.kind === 'uncertain' && exchange.record?.uncertainty === 'timeout').length;
  return late === 0 ? result : { ...result, contended: `${late} of ${raced.length} racing calls missed their deadline` };
}

/** Why a follow-up observe cannot convict: the adapter's observe shows admissions that never happened. */
export const PHANTOM_ADMISSIONS = 'observe answers an admission for a binding that was never submitted (see SEM-OBSERVE-FRESH), so a later observe cannot tell what this request admitted';

/**
 * A control for follow-up observes: observes a binding that was never
 * submitted. Called only when a follow-up showed an admission, to tell an
 * admission caused by the request under test from an observe that invents
 * admissions (which is SEM-OBSERVE-FRESH's failure, not the request's).
 */
export async function observeInventsAdmissions(session: AdapterSession, neverSubmitted: Binding): Promise<boolean> {
  return admissionOf(await session.observe(neverSubmitted)) !== null;
}
