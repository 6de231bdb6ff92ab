import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as fc from 'fast-check';
import type { AcpCaseContext } from '../AcpCase.js';
import { describeOutcome } from '../AcpCase.js';
import type { AcpClauseId } from '../acpClauses.js';
import type { AcpConnection } from '../AcpConnection.js';
import { HeldAnswers } from './heldAnswers.js';
import { lifecycleMustTrySteps, lifecycleSteps } from './sessionLifecycleSteps.js';
import { mustTrySteps, renderTrace, sessionSteps, TurnRuleBroken, type SessionModel, type SessionReal, type SessionStep } from './sessionModel.js';

// Runs the session model against one agent: a fixed must-try sequence, then fast-check's drawn
// sequences, shrunk on failure; the shortest failing sequence and its frames are the evidence.

/** Property runs spent shrinking at most (counted, never timed, so verdicts do not depend on load). */
const MAX_SHRINK_RUNS = 40;

/** The largest cancel point drawn, in updates of a streaming turn. */
const MAX_CANCEL_FRAME = 40;

type Steps = Iterable<SessionStep>;

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

async function runSteps(real: SessionReal, steps: Steps): Promise<void> {
  const model: SessionModel = { sessions: 1, turnsEnded: 0, idleCancelPending: false, closed: false };
  await fc.asyncModelRun(() => ({ model, real }), steps);
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
  const tested = new Set<AcpClauseId>();
  const inconclusive = new Map<AcpClauseId, string>();
  let failing: { readonly real: SessionReal; readonly steps: string } | null = null;
  let firstFailing: { readonly real: SessionReal; readonly steps: string } | null = null;
  let mustFailing: { readonly real: SessionReal; readonly steps: string } | null = null;
  let firstMust: { readonly real: SessionReal; readonly steps: string } | null = null;
  let setupProblem: string | null = null;
  const absorb = (real: SessionReal): void => {
    for (const clauseId of real.tested) tested.add(clauseId);
    for (const item of real.inconclusive) if (!inconclusive.has(item.clauseId)) inconclusive.set(item.clauseId, item.reason);
  };

  // The fixed sequence first; when it fails, steps are dropped one at a time while it still fails.
  let mustTry: SessionStep[] = [...mustTrySteps(), ...lifecycleMustTrySteps()];
  let shrinkRuns = 0;
  for (let drop = -1; drop < mustTry.length && shrinkRuns <= MAX_SHRINK_RUNS && setupProblem === null; drop += 1) {
    const candidate = drop < 0 ? mustTry : mustTry.filter((_, index) => index !== drop);
    if (drop >= 0) shrinkRuns += 1;
    const real = await freshRun(context, connection, canClose, answers);
    if (typeof real === 'string') {
      setupProblem = real;
      break;
    }
    const ran: SessionStep[] = [];
    try {
      await runSteps(real, trackRan(candidate, ran));
      absorb(real);
    } catch (error) {
      absorb(real);
      if (!(error instanceof TurnRuleBroken)) throw error;
      mustFailing = { real, steps: ran.map(String).join(' → ') };
      firstMust ??= mustFailing;
      // Steps after the failing one never ran: the sequence ends there; dropping a step restarts the scan.
      mustTry = ran;
      drop = drop < 0 ? -1 : drop - 1;
      continue;
    }
    if (drop < 0) break;
  }

  if (setupProblem === null) {
    let runsAfterFailure = -1;
    const property = fc.asyncProperty(sessionSteps(MAX_CANCEL_FRAME, lifecycleSteps(MAX_CANCEL_FRAME)), async (steps) => {
      if (runsAfterFailure >= MAX_SHRINK_RUNS) fc.pre(false);
      if (runsAfterFailure >= 0) runsAfterFailure += 1;
      const real = await freshRun(context, connection, canClose, answers);
      if (typeof real === 'string') {
        setupProblem = real;
        return;
      }
      try {
        await runSteps(real, steps);
      } catch (error) {
        absorb(real);
        if (!(error instanceof TurnRuleBroken)) throw error;
        if (runsAfterFailure < 0) runsAfterFailure = 0;
        failing = { real, steps: [...steps].map(String).join(' → ') };
        firstFailing ??= failing;
        throw error;
      }
      absorb(real);
    });
    await fc.check(property, { seed: context.seed, numRuns: context.runs });
  }

  const failed = new Set<AcpClauseId>();
  // The shortest sequence decides the clauses it breaks; a clause only the first failing sequence broke keeps that one.
  for (const [found, label] of [
    [mustFailing, 'shortest failing sequence (fixed steps)'],
    [failing, 'shortest failing sequence (drawn steps)'],
    [firstMust, 'failing sequence (fixed steps, not shrunk for this clause)'],
    [firstFailing, 'failing sequence (not shrunk for this clause)'],
  ] as const) {
    if (found === null) continue;
    const { real, steps } = found as { readonly real: SessionReal; readonly steps: string };
    const fresh = real.violations.filter((violation) => !failed.has(violation.clauseId));
    for (const violation of fresh) context.fail(violation.clauseId, `${violation.rule}\n${label}: ${steps}\nframes:\n${renderTrace(real.trace)}`, violation.frame);
    for (const violation of fresh) failed.add(violation.clauseId);
  }
  for (const clauseId of clauses) {
    if (failed.has(clauseId)) continue;
    if (tested.has(clauseId)) context.pass(clauseId);
    else context.inconclusive(clauseId, setupProblem ?? inconclusive.get(clauseId) ?? 'no step of the drawn sequences reached a state that tests it');
  }
}
