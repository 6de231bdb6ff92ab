import * as fc from 'fast-check';
import type { AcpCaseContext } from '../AcpCase.js';
import { describeOutcome } from '../AcpCase.js';
import type { AcpClauseId } from '../acpClauses.js';
import type { AcpConnection, FrameRef, ReceivedNotification } from '../AcpConnection.js';
import type { HeldAnswers } from './heldAnswers.js';
import {
  finishTurn,
  judgePermissionRequests,
  judgeStopReason,
  judgeTerminalRelease,
  judgeTurnFrames,
  sessionOf,
  startTurn,
  stopReasonOf,
  TURN_CONTENT,
  updateKind,
  updatesSoFar,
  type FinishedTurn,
  type TurnViolation,
} from './promptTurn.js';

// A model of one agent session for fc.commands: what each step may produce, and every frame of a
// step judged as it is read. A step that breaks a rule throws, so fast-check shrinks the sequence;
// the violations of the last (shortest) failing run are the case's evidence.

/** Scenarios of the scripted model that end by themselves. */
export const NATURAL_SCENARIOS = ['plain', 'chunks', 'max-tokens', 'refusal', 'permission-read', 'fs-write', 'terminal'] as const;

/** What the suite knows about the session under test. */
export interface SessionModel {
  /** Sessions opened in this run, the first being the one under test. */
  sessions: number;
  /** Turns that ended in the current session. */
  turnsEnded: number;
  /** A `session/cancel` was sent while no turn ran, and no turn has run since. */
  idleCancelPending: boolean;
  /** The current session was closed (no more steps on it). */
  closed: boolean;
}

/** What a step acts on: the agent, the current session, and the run's evidence. */
export interface SessionReal {
  readonly context: AcpCaseContext;
  readonly connection: AcpConnection;
  sessionId: string;
  /** Whether the agent advertises `sessionCapabilities.close`. */
  readonly canClose: boolean;
  /** The current session's `configOptions` as the agent last answered them (raw). */
  configOptions: unknown;
  /** The suite's answers to the agent's requests, chosen per step. */
  readonly answers: HeldAnswers;
  /** Frames of this run, both directions, in order (for counterexamples). */
  readonly trace: FrameRef[];
  /** Clauses a step of this run tested. */
  readonly tested: Set<AcpClauseId>;
  /** Rules broken in this run. */
  readonly violations: TurnViolation[];
  /** Steps whose outcome was undecidable, with why (a race, no response). */
  readonly inconclusive: { readonly clauseId: AcpClauseId; readonly reason: string }[];
}

/** Thrown by a step that broke a rule, so fast-check shrinks. */
export class TurnRuleBroken extends Error {
  override readonly name = 'TurnRuleBroken';
}

/** A step of the session model. */
export type SessionStep = fc.AsyncCommand<SessionModel, SessionReal>;
type Step = SessionStep;

/** Whether the agent is gone (its death was judged by the step that saw it; later steps test nothing). */
function gone(real: SessionReal): boolean {
  return real.connection.stdoutEnded || real.connection.process.exit !== null;
}

function fail(real: SessionReal, violations: readonly TurnViolation[]): void {
  if (violations.length === 0) return;
  real.violations.push(...violations);
  throw new TurnRuleBroken(violations.map((violation) => `${violation.clauseId}: ${violation.rule}`).join('; '));
}

function traceTurn(real: SessionReal, turn: FinishedTurn): void {
  real.trace.push(turn.sent, ...turn.updates.map((update) => update.frame), ...turn.requests.map((request) => request.frame));
  if (turn.outcome.kind !== 'no-response') real.trace.push(turn.outcome.frame);
  real.trace.push(...turn.late.map((update) => update.frame));
}

/** Turn content of other sessions read during a turn (one session has a turn at a time in this model). */
function strayContent(real: SessionReal, from: number, to: number): readonly ReceivedNotification[] {
  return real.connection.notifications
    .slice(from, to)
    .filter((notification) => notification.method === 'session/update' && sessionOf(notification) !== real.sessionId && TURN_CONTENT.has(updateKind(notification)));
}

/** A prompt whose scenario ends by itself. */
class PromptStep implements Step {
  constructor(readonly scenario: (typeof NATURAL_SCENARIOS)[number]) {}
  check(model: Readonly<SessionModel>): boolean {
    return !model.closed;
  }
  async run(model: SessionModel, real: SessionReal): Promise<void> {
    if (gone(real)) return;
    const from = real.connection.notifications.length;
    const turn = await finishTurn(startTurn(real.connection, real.sessionId, this.scenario), real.context.bootstrapMs);
    traceTurn(real, turn);
    if (turn.outcome.kind === 'no-response') {
      if (turn.outcome.why === 'inactivity' || turn.outcome.why === 'bound') {
        real.inconclusive.push({ clauseId: 'ACP-TURN-STOPREASON', reason: `the ${this.scenario} turn got no response: ${turn.outcome.detail}` });
        return;
      }
      real.tested.add('ACP-TURN-STOPREASON');
      fail(real, [{ clauseId: 'ACP-TURN-STOPREASON', rule: `the ${this.scenario} turn ended without a response: ${real.connection.describeExit()}`, frame: turn.sent }]);
      return;
    }
    const violations = judgeTurnFrames(turn, strayContent(real, from, real.connection.notifications.length));
    const stop = judgeStopReason(turn);
    // A prompt refused because an earlier turn of the session ended is a sequencing fault, not a stop reason.
    if (stop !== null && model.turnsEnded > 0 && turn.outcome.kind === 'error')
      violations.push({
        clauseId: 'ACP-TURN-SEQUENTIAL',
        rule: `prompt ${model.turnsEnded + 1} of the session got ${describeOutcome(turn.outcome)} after the earlier turn ended`,
        frame: turn.outcome.frame,
      });
    else if (stop !== null) violations.push(stop);
    if (model.idleCancelPending && stopReasonOf(turn.outcome) === 'cancelled')
      violations.push({ clauseId: 'ACP-CANCEL-IDLE', rule: `the first ${this.scenario} turn after a session/cancel sent while no turn ran ended "cancelled"`, frame: turn.outcome.frame });
    violations.push(...judgePermissionRequests(turn));
    const release = judgeTerminalRelease(turn);
    if (release !== null) violations.push(release);
    real.tested.add('ACP-TURN-STOPREASON').add('ACP-TURN-UPDATES-SCHEMA').add('ACP-TURN-NO-LATE-UPDATES');
    if (model.turnsEnded > 0 || model.sessions > 1) real.tested.add('ACP-TURN-SEQUENTIAL');
    if (model.idleCancelPending) real.tested.add('ACP-CANCEL-IDLE');
    if (turn.updates.some((update) => updateKind(update) === 'tool_call_update')) real.tested.add('ACP-TURN-TOOLCALL-IDS');
    if (turn.requests.some((request) => request.method === 'session/request_permission')) real.tested.add('ACP-PERMISSION-SHAPE');
    if (turn.requests.some((request) => request.method === 'terminal/create')) real.tested.add('ACP-TERM-RELEASE');
    fail(real, violations);
    model.turnsEnded += 1;
    model.idleCancelPending = false;
  }
  toString(): string {
    return `prompt [scenario:${this.scenario}]`;
  }
}

/** A `long-stream` prompt (no natural end) cancelled once the turn has shown `frames` updates. */
class CancelAtFrameStep implements Step {
  constructor(readonly frames: number) {}
  check(model: Readonly<SessionModel>): boolean {
    return !model.closed;
  }
  async run(model: SessionModel, real: SessionReal): Promise<void> {
    if (gone(real)) return;
    const turn = startTurn(real.connection, real.sessionId, 'long-stream');
    const reached = await real.connection.waitUntil(() => updatesSoFar(turn).length >= this.frames || turn.settled.outcome !== null, real.context.inactivityMs);
    if (!reached || turn.settled.outcome !== null) {
      // The stream ended (or went silent) before the cancel point: nothing to cancel here.
      const finished = await finishTurn(turn, real.context.bootstrapMs);
      traceTurn(real, finished);
      real.inconclusive.push({
        clauseId: 'ACP-CANCEL-STOPREASON',
        reason: `the long-stream turn ${finished.outcome.kind === 'no-response' ? `got no response (${finished.outcome.detail})` : `ended by itself (${describeOutcome(finished.outcome)})`} before its ${this.frames}th update`,
      });
      return;
    }
    const cancel = real.connection.notify('session/cancel', { sessionId: real.sessionId });
    const finished = await finishTurn(turn, real.context.bootstrapMs);
    traceTurn(real, finished);
    real.trace.push(cancel);
    const violations = judgeCancelledTurn(real, finished, cancel, `at update ${this.frames} of a long-stream turn`);
    fail(real, violations);
    model.turnsEnded += 1;
    model.idleCancelPending = false;
  }
  toString(): string {
    return `prompt [scenario:long-stream], session/cancel after update ${this.frames}`;
  }
}

/**
 * Judges a turn cancelled by the suite: answered `cancelled` (ACP-CANCEL-STOPREASON), within the
 * inactivity limit (ACP-CANCEL-PROMPT), no update after the response (ACP-CANCEL-ORDER).
 * @param real - the run
 * @param turn - the finished turn
 * @param cancel - the `session/cancel` frame
 * @param where - the cancel point, in words
 */
export function judgeCancelledTurn(real: SessionReal, turn: FinishedTurn, cancel: FrameRef, where: string): TurnViolation[] {
  const violations: TurnViolation[] = [];
  const { outcome } = turn;
  if (outcome.kind === 'no-response') {
    if (outcome.why === 'inactivity') {
      real.tested.add('ACP-CANCEL-PROMPT');
      violations.push({ clauseId: 'ACP-CANCEL-PROMPT', rule: `the turn cancelled ${where} was not answered: ${outcome.detail}`, frame: cancel });
    } else real.inconclusive.push({ clauseId: 'ACP-CANCEL-STOPREASON', reason: `the turn cancelled ${where} got no response: ${outcome.detail}` });
    return violations;
  }
  real.tested.add('ACP-CANCEL-STOPREASON').add('ACP-CANCEL-ORDER').add('ACP-CANCEL-PROMPT');
  if (outcome.kind === 'error')
    violations.push({
      clauseId: 'ACP-CANCEL-STOPREASON',
      rule: `the turn cancelled ${where} was answered with error ${outcome.error.code} instead of stopReason "cancelled"`,
      frame: outcome.frame,
    });
  else if (stopReasonOf(outcome) !== 'cancelled')
    violations.push({
      clauseId: 'ACP-CANCEL-STOPREASON',
      rule: `the turn cancelled ${where} ended with stopReason ${JSON.stringify(stopReasonOf(outcome))}, not "cancelled"`,
      frame: outcome.frame,
    });
  const late = turn.late[0];
  if (late !== undefined) violations.push({ clauseId: 'ACP-CANCEL-ORDER', rule: `a ${updateKind(late)} after the response of the turn cancelled ${where}`, frame: late.frame });
  violations.push(...judgeTurnFrames({ ...turn, late: [] }));
  const release = judgeTerminalRelease(turn);
  if (release !== null) violations.push(release);
  return violations;
}

/** Where a turn can be frozen: the scenario, and the agent request whose answer the suite holds. */
export const HOLD_POINTS = [
  { scenario: 'permission-read', method: 'session/request_permission' },
  { scenario: 'permission-read', method: 'fs/read_text_file' },
  { scenario: 'fs-write', method: 'fs/write_text_file' },
  { scenario: 'terminal', method: 'terminal/wait_for_exit' },
] as const;

/** A turn frozen at a held agent request, cancelled there, the held request then answered as a client must. */
class CancelAtRequestStep implements Step {
  constructor(readonly point: (typeof HOLD_POINTS)[number]) {}
  check(model: Readonly<SessionModel>): boolean {
    return !model.closed;
  }
  async run(model: SessionModel, real: SessionReal): Promise<void> {
    if (gone(real)) return;
    const { method, scenario } = this.point;
    real.answers.plan({ [method]: { kind: 'hold' } });
    const turn = startTurn(real.connection, real.sessionId, scenario);
    const reached = await real.connection.waitUntil(() => real.answers.held.length > 0 || turn.settled.outcome !== null, real.context.inactivityMs);
    if (!reached || real.answers.held.length === 0) {
      await real.answers.releaseAll();
      const finished = await finishTurn(turn, real.context.bootstrapMs);
      traceTurn(real, finished);
      const clauseId = method === 'session/request_permission' ? 'ACP-CANCEL-PERMISSION' : 'ACP-CANCEL-STOPREASON';
      real.inconclusive.push({
        clauseId,
        reason: `the ${scenario} turn ended (${finished.outcome.kind === 'no-response' ? finished.outcome.detail : describeOutcome(finished.outcome)}) without sending ${method}`,
      });
      return;
    }
    const cancel = real.connection.notify('session/cancel', { sessionId: real.sessionId });
    // The held request is answered once the agent has read the cancel (its answer to a later request proves it).
    await real.connection.request('_adapter-qualify/barrier', {}, { boundMs: real.context.bootstrapMs }).response;
    await real.answers.releaseAll();
    const finished = await finishTurn(turn, real.context.bootstrapMs);
    traceTurn(real, finished);
    real.trace.push(cancel);
    const violations = judgeCancelledTurn(real, finished, cancel, `while its ${method} was held`);
    if (method === 'session/request_permission' && finished.outcome.kind !== 'no-response') {
      real.tested.add('ACP-CANCEL-PERMISSION');
      if (stopReasonOf(finished.outcome) !== 'cancelled')
        violations.push({
          clauseId: 'ACP-CANCEL-PERMISSION',
          rule: `the permission request was answered "cancelled" after session/cancel, and the turn ended with ${finished.outcome.kind === 'error' ? `error ${finished.outcome.error.code}` : `stopReason ${JSON.stringify(stopReasonOf(finished.outcome))}`}, not "cancelled"`,
          frame: finished.outcome.frame,
        });
    }
    fail(real, violations);
    model.turnsEnded += 1;
    model.idleCancelPending = false;
  }
  toString(): string {
    return `prompt [scenario:${this.point.scenario}], ${this.point.method} held, session/cancel, then answered`;
  }
}

/** Tool scenarios whose permission the suite can reject or whose fs / terminal requests it can fail. */
export const TOOL_SCENARIOS = ['permission-read', 'fs-write', 'terminal'] as const;

const TOOL_METHODS: ReadonlySet<string> = new Set(['fs/read_text_file', 'fs/write_text_file', 'terminal/create']);

/** A tool turn whose permission request the suite answers with a reject option. */
class RejectPermissionStep implements Step {
  constructor(readonly scenario: (typeof TOOL_SCENARIOS)[number]) {}
  check(model: Readonly<SessionModel>): boolean {
    return !model.closed;
  }
  async run(model: SessionModel, real: SessionReal): Promise<void> {
    if (gone(real)) return;
    real.answers.plan({ 'session/request_permission': { kind: 'permission', outcome: 'reject' } });
    const turn = await finishTurn(startTurn(real.connection, real.sessionId, this.scenario), real.context.bootstrapMs);
    await real.answers.releaseAll();
    traceTurn(real, turn);
    const permission = turn.requests.find((request) => request.method === 'session/request_permission');
    if (permission === undefined) {
      real.inconclusive.push({ clauseId: 'ACP-PERMISSION-REJECT', reason: `the ${this.scenario} turn asked no permission` });
      return;
    }
    const violations: TurnViolation[] = [];
    const ran = turn.requests.find((request) => request.frame.index > permission.frame.index && TOOL_METHODS.has(request.method));
    if (ran !== undefined) violations.push({ clauseId: 'ACP-PERMISSION-REJECT', rule: `${ran.method} after the suite answered the permission request with reject_once`, frame: ran.frame });
    if (turn.outcome.kind === 'no-response')
      violations.push({ clauseId: 'ACP-PERMISSION-REJECT', rule: `the ${this.scenario} turn did not end after a rejected permission: ${turn.outcome.detail}`, frame: permission.frame });
    else {
      const stop = judgeStopReason(turn);
      if (stop !== null) violations.push(stop);
      real.tested.add('ACP-TURN-STOPREASON');
    }
    real.tested.add('ACP-PERMISSION-REJECT');
    violations.push(...judgeTurnFrames(turn));
    fail(real, violations);
    model.turnsEnded += 1;
    model.idleCancelPending = false;
  }
  toString(): string {
    return `prompt [scenario:${this.scenario}], permission answered reject_once`;
  }
}

/** A tool turn whose fs and terminal requests the suite answers with an error. */
class ClientErrorStep implements Step {
  constructor(
    readonly scenario: (typeof TOOL_SCENARIOS)[number],
    readonly code: -32002 | -32603,
  ) {}
  check(model: Readonly<SessionModel>): boolean {
    return !model.closed;
  }
  async run(model: SessionModel, real: SessionReal): Promise<void> {
    if (gone(real)) return;
    const error = { kind: 'error', code: this.code } as const;
    real.answers.plan({ 'fs/read_text_file': error, 'fs/write_text_file': error, 'terminal/create': error });
    const turn = await finishTurn(startTurn(real.connection, real.sessionId, this.scenario), real.context.bootstrapMs);
    await real.answers.releaseAll();
    traceTurn(real, turn);
    const failed = turn.requests.find((request) => TOOL_METHODS.has(request.method));
    if (failed === undefined) {
      real.inconclusive.push({ clauseId: 'ACP-CLIENT-ERRORS', reason: `the ${this.scenario} turn sent no fs or terminal request` });
      return;
    }
    real.tested.add('ACP-CLIENT-ERRORS');
    const violations: TurnViolation[] = [];
    if (turn.outcome.kind === 'no-response') {
      const dead = real.connection.process.exit !== null || real.connection.stdoutEnded;
      violations.push({
        clauseId: 'ACP-CLIENT-ERRORS',
        rule: `after the suite answered ${failed.method} with error ${this.code}, ${dead ? real.connection.describeExit() : `the turn did not end: ${turn.outcome.detail}`}`,
        frame: failed.frame,
      });
    } else {
      const stop = judgeStopReason(turn);
      if (stop !== null) violations.push({ ...stop, clauseId: 'ACP-CLIENT-ERRORS', rule: `after an error answer to ${failed.method}: ${stop.rule}` });
    }
    violations.push(...judgeTurnFrames(turn));
    fail(real, violations);
    model.turnsEnded += 1;
    model.idleCancelPending = false;
  }
  toString(): string {
    return `prompt [scenario:${this.scenario}], fs/terminal requests answered with error ${this.code}`;
  }
}

/** `session/cancel` while no turn runs. */
class IdleCancelStep implements Step {
  check(model: Readonly<SessionModel>): boolean {
    return !model.closed;
  }
  async run(model: SessionModel, real: SessionReal): Promise<void> {
    if (gone(real)) return;
    real.trace.push(real.connection.notify('session/cancel', { sessionId: real.sessionId }));
    model.idleCancelPending = true;
  }
  toString(): string {
    return 'session/cancel with no turn running';
  }
}

/** A second session of the same process becomes the one under test. */
class NewSessionStep implements Step {
  check(model: Readonly<SessionModel>): boolean {
    return model.sessions < 3;
  }
  async run(model: SessionModel, real: SessionReal): Promise<void> {
    if (gone(real)) return;
    const session = await real.context.newSession(real.connection);
    if (session.outcome.kind !== 'no-response') real.trace.push(session.outcome.frame);
    if (session.sessionId === null) {
      real.inconclusive.push({ clauseId: 'ACP-TURN-SEQUENTIAL', reason: `a second session/new got ${describeOutcome(session.outcome)}` });
      return;
    }
    real.sessionId = session.sessionId;
    real.configOptions = session.outcome.kind === 'result' ? (session.outcome.result as { configOptions?: unknown } | null)?.configOptions : undefined;
    model.sessions += 1;
    model.turnsEnded = 0;
    model.idleCancelPending = false;
    model.closed = false;
  }
  toString(): string {
    return 'session/new';
  }
}

/** An unknown method, then the session must still serve. */
class UnknownMethodStep implements Step {
  check(): boolean {
    return true;
  }
  async run(_model: SessionModel, real: SessionReal): Promise<void> {
    if (gone(real)) return;
    const { sent, response } = real.connection.request('_adapter-qualify/no-such-method', {}, { boundMs: real.context.bootstrapMs });
    real.trace.push(sent);
    const outcome = await response;
    if (outcome.kind !== 'no-response') real.trace.push(outcome.frame);
  }
  toString(): string {
    return 'unknown method _adapter-qualify/no-such-method';
  }
}

/** A line that is not JSON, then the session must still serve. */
class GarbageLineStep implements Step {
  check(): boolean {
    return true;
  }
  async run(_model: SessionModel, real: SessionReal): Promise<void> {
    if (gone(real)) return;
    real.trace.push(real.connection.sendRaw(Buffer.from('{"jsonrpc":"2.0", this is not json')));
    const barrier = real.connection.request('_adapter-qualify/barrier', {}, { boundMs: real.context.bootstrapMs });
    real.trace.push(barrier.sent);
    const outcome = await barrier.response;
    if (outcome.kind !== 'no-response') real.trace.push(outcome.frame);
  }
  toString(): string {
    return 'a line that is not JSON';
  }
}

/**
 * Maps the source of a step back from a step of `kind`, so that a sequence given as an example (the
 * must-try one) shrinks like a drawn one.
 * @param kind - the step's class
 * @param source - the drawn value the step was built from
 */
export function unmapStep<S, V>(kind: abstract new (...args: never[]) => S, source: (step: S) => V): (value: unknown) => V {
  return (value) => {
    if (value instanceof kind) return source(value);
    throw new TypeError(`not a ${kind.name}`);
  };
}

/** A step that takes no arguments, as an arbitrary that shrinks back to it. */
function stepWithoutArguments<S>(Step: new () => S): fc.Arbitrary<S> {
  return fc.constant(0).map(
    () => new Step(),
    unmapStep(Step, () => 0),
  );
}

/** The longest sequence the model's arbitrary shrinks (the must-try sequence included). */
export const MAX_SEQUENCE = 40;

/**
 * The steps of the session model, as a plain array (it shrinks without fast-check's context, so the
 * seed and path alone replay a shrunk sequence, the must-try example's included).
 * @param maxFrames - the largest cancel point drawn (in updates of the turn)
 * @param more - further steps drawn beside these (the config and close steps). @defaultValue none
 */
export function sessionSteps(maxFrames: number, more: readonly fc.Arbitrary<Step>[] = []): fc.Arbitrary<readonly Step[]> {
  const step = fc.oneof(
    fc.constantFrom(...NATURAL_SCENARIOS).map(
      (scenario) => new PromptStep(scenario),
      unmapStep(PromptStep, (prompt) => prompt.scenario),
    ),
    fc.integer({ min: 1, max: maxFrames }).map(
      (frames) => new CancelAtFrameStep(frames),
      unmapStep(CancelAtFrameStep, (cancel) => cancel.frames),
    ),
    fc.constantFrom(...HOLD_POINTS).map(
      (point) => new CancelAtRequestStep(point),
      unmapStep(CancelAtRequestStep, (cancel) => cancel.point),
    ),
    fc.constantFrom(...TOOL_SCENARIOS).map(
      (scenario) => new RejectPermissionStep(scenario),
      unmapStep(RejectPermissionStep, (reject) => reject.scenario),
    ),
    fc.tuple(fc.constantFrom(...TOOL_SCENARIOS), fc.constantFrom(-32002 as const, -32603 as const)).map(
      ([scenario, code]) => new ClientErrorStep(scenario, code),
      unmapStep(ClientErrorStep, (error): [(typeof TOOL_SCENARIOS)[number], -32002 | -32603] => [error.scenario, error.code]),
    ),
    stepWithoutArguments(IdleCancelStep),
    stepWithoutArguments(NewSessionStep),
    stepWithoutArguments(UnknownMethodStep),
    stepWithoutArguments(GarbageLineStep),
    ...more,
  );
  // 'small' draws up to ten steps; the larger bound only admits the must-try sequence as a shrinkable example.
  return fc.array(step, { maxLength: MAX_SEQUENCE, size: 'small' });
}

/**
 * A fixed sequence beside the random ones: every scenario, an idle cancel before a turn, cancels early
 * and late in a stream, a second session.
 */
export function mustTrySteps(): Step[] {
  return [
    ...NATURAL_SCENARIOS.map((scenario) => new PromptStep(scenario)),
    new IdleCancelStep(),
    new PromptStep('plain'),
    new CancelAtFrameStep(1),
    new CancelAtFrameStep(25),
    ...HOLD_POINTS.map((point) => new CancelAtRequestStep(point)),
    ...TOOL_SCENARIOS.map((scenario) => new RejectPermissionStep(scenario)),
    new ClientErrorStep('fs-write', -32603),
    new ClientErrorStep('terminal', -32002),
    new ClientErrorStep('permission-read', -32002),
    new NewSessionStep(),
    new PromptStep('chunks'),
  ];
}

/**
 * Renders the frames of a run for a counterexample: both directions, the last `limit` of them, each bounded.
 * @param trace - the run's frames
 * @param limit - how many frames at most
 */
export function renderTrace(trace: readonly FrameRef[], limit = 24): string {
  const ordered = [...trace];
  const shown = ordered.slice(-limit);
  const lines = shown.map((frame) => `${frame.direction} #${frame.index} ${frame.raw.length > 240 ? `${frame.raw.slice(0, 240)}…` : frame.raw}`);
  return `${ordered.length > limit ? `(${ordered.length - limit} earlier frames omitted)\n` : ''}${lines.join('\n')}`;
}
