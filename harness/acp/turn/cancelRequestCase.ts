import type { AcpCaseContext } from '../AcpCase.js';
import { describeOutcome } from '../AcpCase.js';
import { drivableShared } from './drivableAgent.js';
import { finishTurn, startTurn, updatesSoFar } from './promptTurn.js';

// ACP-CANCEL-REQUEST: a `session/prompt` of a stream with no natural end, cancelled with
// `$/cancel_request` once it has shown a few updates. Its one response may be the result, a partial
// result or error -32800. An agent that ignores the notification keeps streaming; the suite then
// ends the turn with `session/cancel`, and the one response that follows is still the rule kept.

/** Updates of the stream before the suite cancels it. */
const CANCEL_AFTER_UPDATES = 3;
/** Updates after `$/cancel_request` that show the agent ignores it (counted, not timed). */
const IGNORED_AFTER_UPDATES = 50;
/** JSON-RPC's "request cancelled". */
const REQUEST_CANCELLED = -32800;

/**
 * Cancels a streaming prompt with `$/cancel_request` and judges its responses.
 * @param context - the case's context
 */
export async function judgeCancelRequest(context: AcpCaseContext): Promise<void> {
  const clauseId = 'ACP-CANCEL-REQUEST';
  const shared = await drivableShared(context, [clauseId]);
  if (shared === null) return;
  const { connection } = shared;
  const session = await context.newSession(connection);
  if (session.sessionId === null) {
    context.inconclusive(clauseId, `session/new got ${describeOutcome(session.outcome)}`);
    return;
  }
  const turn = startTurn(connection, session.sessionId, 'long-stream');
  const reached = await connection.waitUntil(() => updatesSoFar(turn).length >= CANCEL_AFTER_UPDATES || turn.settled.outcome !== null, context.inactivityMs);
  if (!reached || turn.settled.outcome !== null) {
    const finished = await finishTurn(turn, context.bootstrapMs);
    context.inconclusive(clauseId, `the long-stream turn ended (${describeOutcome(finished.outcome)}) before its ${CANCEL_AFTER_UPDATES}th update: nothing to cancel`);
    return;
  }
  const violationsBefore = connection.violations.length;
  connection.notify('$/cancel_request', { requestId: turn.id });
  const shown = updatesSoFar(turn).length;
  const kept = await connection.waitUntil(() => turn.settled.outcome !== null || updatesSoFar(turn).length >= shown + IGNORED_AFTER_UPDATES, context.inactivityMs);
  const ignored = kept && turn.settled.outcome === null;
  if (ignored) connection.notify('session/cancel', { sessionId: session.sessionId });
  const finished = await finishTurn(turn, context.bootstrapMs);
  const { outcome } = finished;
  const how = ignored ? 'cancelled with $/cancel_request (ignored: it kept streaming) and then session/cancel' : 'cancelled with $/cancel_request';
  const second = connection.violations
    .slice(violationsBefore)
    .find((violation) => violation.clauseId === 'ACP-FRM-ONE-RESPONSE' && violation.rule.includes(`request ${JSON.stringify(turn.id)} `));
  if (second !== undefined) context.fail(clauseId, `the prompt ${how} got a second response`, second.frame);
  else if (outcome.kind === 'no-response')
    context.fail(clauseId, `the prompt ${how} was never answered: ${outcome.why === 'inactivity' ? outcome.detail : connection.describeExit()}`, finished.sent);
  else if (outcome.kind === 'error' && outcome.error.code !== REQUEST_CANCELLED)
    context.fail(clauseId, `the prompt ${how} was answered with error ${outcome.error.code}, not its result or ${REQUEST_CANCELLED}`, outcome.frame);
  else context.pass(clauseId);
}
