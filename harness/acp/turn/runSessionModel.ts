import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as fc from 'fast-check';
import type { AcpCaseContext } from '../AcpCase.js';
import { describeOutcome } from '../AcpCase.js';
import type { AcpClauseId } from '../acpClauses.js';
import type { AcpConnection } from '../AcpConnection.js';
import { HeldAnswers } from './heldAnswers.js';
import { lifecycleMustTrySteps, lifecycleSteps } from './sessionLifecycleSteps.js';
import { checkAcpProperty } from '../acpProperty.js';
import { mustTrySteps, renderTrace, sessionSteps, TurnRuleBroken, type SessionModel, type SessionReal, type SessionStep } from './sessionModel.js';

// Runs the session model against one agent as an ACP property: the must-try sequence first, then
// fast-check's drawn sequences, the failing one shrunk; its seed and path replay exactly that sequence.

/** Property runs spent shrinking at most (counted, never timed, so verdicts do not depend on load): plain arrays shrink a step at a time. */
const MAX_SHRINK_RUNS = 40;

/** The largest cancel point drawn, in updates of a streaming turn. */
const MAX_CANCEL_FRAME = 40;

async function freshRun(context: AcpCaseContext, connection: AcpConnection, canClose: boolean, answers: HeldAnswers): Promise<SessionReal | string> {
  const session = await context.newSession(connection);
  if (session.sessionId === null) return `session/new got ${describeOutcome(session.outcome)}`;
  // The file the read scenarios ask for exists, so a default answer is a result, not an error.
  await writeFile(join(session.root, 'notes.txt'), 'adapter-qualify notes\n');
  const configOptions = session.outcome.kind === 'result' ? (session.outcome.result as { configOptions?: unknown } | null)?.configOptions : undefined;
  return { context, connection, sessionId: session.sessionId, canClose, configOptions, answers, trace: [], tested: new Set(), violations: [], inconclusive: [] };
}

/** The steps as they run: each is added to `ran` when it starts. */
function trackRan(steps: readonly SessionStep[], ran: SessionStep[]): Iterable<SessionStep> {
  return (function* () {
    for (const step of steps) {
      ran.push(step);
      yield step;
    }
  })();
}

async function runSteps(real: SessionReal, steps: Iterable<SessionStep>): Promise<void> {
  const model: SessionModel = { sessions: 1, turnsEnded: 0, idleCancelPending: false, closed: false };
  await fc.asyncModelRun(() => ({ model, real }), steps);
}

/**
 * A sequence in words, as its steps print themselves.
 * @param steps - the steps
 */
export function describeSequence(steps: readonly SessionStep[]): string {
  return steps.map(String).join(' → ');
}

/**
 * Runs the session model and records every clause in `clauses` as PASS, FAIL (shortest sequence and
 * its frames) or INCONCLUSIVE (no step of any sequence could test it).
 * @param context - the case's context
 * @param connection - a drivable, initialized agent
 * @param clauses - the clauses the model decides
 * @param canClose - whether the agent advertises `sessionCapabilities.close`
 */
export async function runSessionModel(context: AcpCaseContext, connection: AcpConnection, clauses: readonly AcpClauseId[], canClose: boolean): Promise<void> {
  const answers = new HeldAnswers(connection);
  try {
    await decide(context, connection, clauses, canClose, answers);
  } finally {
    await answers.uninstall();
  }
}

async function decide(context: AcpCaseContext, connection: AcpConnection, clauses: readonly AcpClauseId[], canClose: boolean, answers: HeldAnswers): Promise<void> {
  const decided = new Set<AcpClauseId>();
  const judged = new Set<AcpClauseId>(clauses);
  let setupProblem: string | null = null;
  await checkAcpProperty(context, {
    arbitrary: sessionSteps(MAX_CANCEL_FRAME, lifecycleSteps(MAX_CANCEL_FRAME)),
    // The fixed sequence first, then as many drawn ones as the run asks for.
    numRuns: context.runs + 1,
    examples: [[...mustTrySteps(), ...lifecycleMustTrySteps()]],
    maxShrinkRuns: MAX_SHRINK_RUNS,
    describe: describeSequence,
    run: async (steps, record) => {
      if (setupProblem !== null) return;
      const real = await freshRun(context, connection, canClose, answers);
      if (typeof real === 'string') {
        setupProblem = real;
        return;
      }
      const ran: SessionStep[] = [];
      try {
        await runSteps(real, trackRan(steps, ran));
      } catch (error) {
        if (!(error instanceof TurnRuleBroken)) throw error;
      }
      const broken = new Set(real.violations.map((violation) => violation.clauseId));
      for (const violation of real.violations) {
        // Steps after the failing one never ran: the sequence shown ends there.
        record.fail(violation.clauseId, `${violation.rule}\nsteps run: ${describeSequence(ran)}\nframes:\n${renderTrace(real.trace)}`, violation.frame);
        decided.add(violation.clauseId);
      }
      for (const clauseId of real.tested) {
        if (!judged.has(clauseId) || broken.has(clauseId)) continue;
        record.pass(clauseId);
        decided.add(clauseId);
      }
      for (const item of real.inconclusive) if (judged.has(item.clauseId)) record.inconclusive(item.clauseId, item.reason);
    },
  });
  for (const clauseId of clauses) if (!decided.has(clauseId)) context.inconclusive(clauseId, setupProblem ?? 'no step of the drawn sequences reached a state that tests it');
}
