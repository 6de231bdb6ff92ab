import type { AcpCaseContext, InitializedAgent } from '../AcpCase.js';
import { describeOutcome } from '../AcpCase.js';
import type { AcpClauseId } from '../acpClauses.js';
import type { AcpConnection } from '../AcpConnection.js';
import { finishTurn, messageChunks, startTurn, type FinishedTurn, type TurnViolation } from './promptTurn.js';

// Whether an agent's turns can be driven: its model follows the scenario markers. An agent
// whose answers do not (a real model without the suite's stub) leaves every turn clause INCONCLUSIVE.

/** Why the turn clauses of an agent without a scripted model are undecided. */
export const NO_SCRIPTED_MODEL = 'no scripted model for this agent';

const probed = new WeakMap<AcpConnection, Promise<string | null>>();

/**
 * Whether the agent follows the scenario markers: a `chunks` turn shows several message chunks where
 * a `plain` one shows at most one. Probed once per connection.
 * @param context - the case's context
 * @param connection - an initialized agent
 * @returns null when it does, else why its turns cannot be driven
 */
export function scriptedModelProblem(context: AcpCaseContext, connection: AcpConnection): Promise<string | null> {
  let problem = probed.get(connection);
  if (problem === undefined) {
    problem = (async () => {
      const session = await context.newSession(connection);
      if (session.sessionId === null) return `session/new got ${describeOutcome(session.outcome)}`;
      const turn = await finishTurn(startTurn(connection, session.sessionId, 'chunks'), context.bootstrapMs);
      if (turn.outcome.kind === 'no-response') return turn.outcome.detail;
      return messageChunks(turn) >= 2 ? null : NO_SCRIPTED_MODEL;
    })();
    probed.set(connection, problem);
  }
  return problem;
}

/**
 * The shared agent when its turns can be driven; otherwise every clause is recorded INCONCLUSIVE.
 * @param context - the case's context
 * @param clauses - the clauses the case decides
 */
export async function drivableShared(context: AcpCaseContext, clauses: readonly AcpClauseId[]): Promise<InitializedAgent | null> {
  const shared = await context.shared();
  const problem = shared.result === null ? `initialize did not succeed (${describeOutcome(shared.outcome)})` : await scriptedModelProblem(context, shared.connection);
  if (problem === null) return shared;
  for (const clauseId of clauses) context.inconclusive(clauseId, problem);
  return null;
}

/**
 * Records violations as FAILs, and a PASS for each of `clauses` that the turns tested without a violation.
 * @param context - the case's context
 * @param clauses - the clauses the turns tested
 * @param violations - what the judges found
 */
export function record(context: AcpCaseContext, clauses: readonly AcpClauseId[], violations: readonly TurnViolation[]): void {
  for (const violation of violations) context.fail(violation.clauseId, violation.rule, violation.frame);
  const failed = new Set(violations.map((violation) => violation.clauseId));
  for (const clauseId of clauses) if (!failed.has(clauseId)) context.pass(clauseId);
}

/**
 * A turn that got no response, as an INCONCLUSIVE reason (inactivity or the agent's death are reported
 * by the clauses they break, not here).
 * @param turn - the finished turn
 */
export function noResponseReason(turn: FinishedTurn): string | null {
  return turn.outcome.kind === 'no-response' ? `the ${turn.scenario} turn got no response: ${turn.outcome.detail}` : null;
}
