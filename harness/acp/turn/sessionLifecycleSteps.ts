import * as fc from 'fast-check';
import { describeOutcome } from '../AcpCase.js';
import type { AcpClauseId } from '../acpClauses.js';
import type { AcpConnection, FrameRef, ReceivedNotification, ResponseOutcome } from '../AcpConnection.js';
import { conversationOf } from '../session/conversation.js';
import { configOptionsOf, echoedConfiguration, setAnswerProblem, setConfigParams, type ConfigOptionView, type ConfigValue } from '../session/configOptionRules.js';
import { finishTurn, judgeTurnFrames, sessionOf, startTurn, stopReasonOf, TURN_CONTENT, updateKind, updatesSoFar, type TurnViolation } from './promptTurn.js';
import { TurnRuleBroken, unmapStep, type SessionModel, type SessionReal, type SessionStep } from './sessionModel.js';

// The session-lifecycle steps of the session model: a config option set between turns (and the next
// prompt judged to run with it), and `session/close` while a turn streams. Their rules are also the
// dedicated cases' (suites/acp/sessionLifecycle.suite.ts), so both judge alike.

/** What one `session/close` during a streaming turn showed. */
export interface ClosedTurn {
  readonly violations: TurnViolation[];
  /** Why the close could not be judged, or null. */
  readonly inconclusive: string | null;
  /** The frames of the turn and the close, both directions. */
  readonly trace: FrameRef[];
}

function turnContentAfter(connection: AcpConnection, sessionId: string, from: number, afterIndex: number): ReceivedNotification | undefined {
  return connection.notifications
    .slice(from)
    .find(
      (notification) =>
        notification.method === 'session/update' && sessionOf(notification) === sessionId && notification.frame.index > afterIndex && TURN_CONTENT.has(updateKind(notification)),
    );
}

/**
 * Starts a `long-stream` turn, sends `session/close` once the turn has shown `frames` updates, and judges
 * ACP-SESS-CLOSE from the frame order: the close is answered with a result, no turn content of the session
 * follows that answer, and the prompt is answered `cancelled`.
 * @param connection - a drivable agent
 * @param sessionId - an open session without a running turn
 * @param frames - the close point, in updates of the turn
 * @param bounds - the bootstrap bound (the close and barrier requests) and the inactivity limit
 */
export async function closeDuringTurn(
  connection: AcpConnection,
  sessionId: string,
  frames: number,
  bounds: { readonly bootstrapMs: number; readonly inactivityMs: number },
): Promise<ClosedTurn> {
  const trace: FrameRef[] = [];
  const violations: TurnViolation[] = [];
  const turn = startTurn(connection, sessionId, 'long-stream');
  trace.push(turn.sent);
  const reached = await connection.waitUntil(() => updatesSoFar(turn).length >= frames || turn.settled.outcome !== null, bounds.inactivityMs);
  if (!reached || turn.settled.outcome !== null) {
    const outcome = turn.settled.outcome;
    await stopTurn(connection, sessionId, turn.settled, bounds.inactivityMs);
    return { violations, trace, inconclusive: `the long-stream turn ${outcome === null ? 'went silent' : `ended by itself (${describeOutcome(outcome)})`} before its ${frames}th update` };
  }
  const close = connection.request('session/close', { sessionId }, { boundMs: bounds.bootstrapMs });
  trace.push(close.sent);
  const closed = await close.response;
  if (closed.kind === 'no-response') {
    await stopTurn(connection, sessionId, turn.settled, bounds.inactivityMs);
    if (closed.why === 'inactivity' || closed.why === 'bound') return { violations, trace, inconclusive: `session/close got no response: ${closed.detail}` };
    violations.push({ clauseId: 'ACP-SESS-CLOSE', rule: `session/close during a turn got no response: ${closed.detail}`, frame: close.sent });
    return { violations, trace, inconclusive: null };
  }
  trace.push(closed.frame);
  if (closed.kind === 'error') violations.push({ clauseId: 'ACP-SESS-CLOSE', rule: `session/close during a turn got ${describeOutcome(closed)}`, frame: closed.frame });
  // Content of the session after the close's answer and before the prompt's is a turn still running (content after the
  // prompt's answer is the late-update rules' business, not this clause's).
  const from = turn.notificationsFrom;
  await connection.waitUntil(() => turn.settled.outcome !== null || turnContentAfter(connection, sessionId, from, closed.frame.index) !== undefined, bounds.inactivityMs);
  // Read again: the wait above let the response arrive.
  const prompt = turn.settled.outcome as ResponseOutcome | null;
  const answeredAt = prompt === null || prompt.kind === 'no-response' ? Infinity : prompt.frame.index;
  const after = turnContentAfter(connection, sessionId, from, closed.frame.index);
  const running = after !== undefined && after.frame.index < answeredAt ? after : undefined;
  if (running !== undefined) {
    trace.push(running.frame);
    violations.push({
      clauseId: 'ACP-SESS-CLOSE',
      rule: `an update (${updateKind(running)}) of the session after session/close was answered (agent→client frame ${closed.frame.index}): the turn kept running`,
      frame: running.frame,
    });
  } else if (prompt === null)
    violations.push({
      clauseId: 'ACP-SESS-CLOSE',
      rule: `the prompt of the closed session was not answered within the inactivity limit after session/close was answered`,
      frame: closed.frame,
    });
  if (prompt === null) {
    await stopTurn(connection, sessionId, turn.settled, bounds.inactivityMs);
    return { violations, trace, inconclusive: null };
  }
  // Every frame the agent wrote before a barrier's answer is read before the next step.
  await finishTurn(turn, bounds.bootstrapMs);
  if (prompt.kind !== 'no-response') trace.push(prompt.frame);
  if (prompt.kind === 'no-response') violations.push({ clauseId: 'ACP-SESS-CLOSE', rule: `the prompt of the closed session got no response: ${prompt.detail}`, frame: closed.frame });
  else if (stopReasonOf(prompt) !== 'cancelled')
    violations.push({
      clauseId: 'ACP-SESS-CLOSE',
      rule: `the turn of the session closed at its update ${frames} ended with ${prompt.kind === 'error' ? `error ${prompt.error.code}` : `stopReason ${JSON.stringify(stopReasonOf(prompt)) ?? 'absent'}`}, not "cancelled"`,
      frame: prompt.frame,
    });
  return { violations, trace, inconclusive: null };
}

/** Stops a turn that outlived its session's close (a `session/cancel`, then waits within the inactivity limit). */
async function stopTurn(connection: AcpConnection, sessionId: string, settled: { outcome: ResponseOutcome | null }, inactivityMs: number): Promise<void> {
  if (settled.outcome !== null) return;
  connection.notify('session/cancel', { sessionId });
  await connection.waitUntil(() => settled.outcome !== null, inactivityMs);
}

/** The message text of a turn's updates. */
function messageText(updates: readonly ReceivedNotification[], sessionId: string): string {
  return conversationOf(updates, sessionId)
    .filter((entry) => entry.role === 'agent')
    .map((entry) => entry.text)
    .join('');
}

/** What setting one config option showed. */
export interface ConfigChange {
  readonly violations: TurnViolation[];
  readonly inconclusive: { readonly clauseId: AcpClauseId; readonly reason: string }[];
  readonly trace: FrameRef[];
  /** The option list after the change (the answer's when it gave one). */
  readonly options: readonly ConfigOptionView[];
  /** The stop reason (or error) of the prompt that followed, null when none ran. */
  readonly prompt: ResponseOutcome | null;
}

/**
 * Sets one config option, judges the answer (the complete list, the new value set), then runs an
 * `echo-config` prompt and judges that it ran with the value (ACP-CFG-OPTIONS).
 * @param connection - a drivable agent
 * @param sessionId - the session
 * @param options - its current option list
 * @param configId - the option to set
 * @param value - one of its offered values
 * @param bootstrapMs - the bound of set_config_option and of the barrier
 */
export async function setConfigThenPrompt(
  connection: AcpConnection,
  sessionId: string,
  options: readonly ConfigOptionView[],
  configId: string,
  value: ConfigValue,
  bootstrapMs: number,
): Promise<ConfigChange> {
  const trace: FrameRef[] = [];
  const violations: TurnViolation[] = [];
  const inconclusive: ConfigChange['inconclusive'] = [];
  const set = connection.request('session/set_config_option', setConfigParams(sessionId, configId, value), { boundMs: bootstrapMs });
  trace.push(set.sent);
  const answer = await set.response;
  const what = `session/set_config_option ${configId}=${JSON.stringify(value)}`;
  if (answer.kind === 'no-response') {
    if (answer.why === 'inactivity' || answer.why === 'bound') inconclusive.push({ clauseId: 'ACP-CFG-OPTIONS', reason: `${what} got no response: ${answer.detail}` });
    else violations.push({ clauseId: 'ACP-CFG-OPTIONS', rule: `${what} got no response: ${answer.detail}`, frame: set.sent });
    return { violations, inconclusive, trace, options, prompt: null };
  }
  trace.push(answer.frame);
  if (answer.kind === 'error') {
    violations.push({ clauseId: 'ACP-CFG-OPTIONS', rule: `${what}, an offered value, got ${describeOutcome(answer)}`, frame: answer.frame });
    return { violations, inconclusive, trace, options, prompt: null };
  }
  const problem = setAnswerProblem(options, configId, value, answer.result);
  if (problem !== null) violations.push({ clauseId: 'ACP-CFG-OPTIONS', rule: `${what}: ${problem}`, frame: answer.frame });
  const after = configOptionsOf(answer.result) ?? options;
  const turn = await finishTurn(startTurn(connection, sessionId, 'echo-config'), bootstrapMs);
  trace.push(turn.sent, ...turn.updates.map((update) => update.frame));
  if (turn.outcome.kind !== 'no-response') trace.push(turn.outcome.frame);
  violations.push(...judgeTurnFrames(turn));
  if (turn.outcome.kind !== 'result') {
    inconclusive.push({ clauseId: 'ACP-CFG-OPTIONS', reason: `the echo-config prompt after ${what} got ${describeOutcome(turn.outcome)}` });
    return { violations, inconclusive, trace, options: after, prompt: turn.outcome };
  }
  const echoed = echoedConfiguration(messageText(turn.updates, sessionId));
  if (echoed === null) inconclusive.push({ clauseId: 'ACP-CFG-OPTIONS', reason: `the echo-config prompt after ${what} did not answer with its configuration as a JSON object` });
  else if (echoed[configId] !== value)
    violations.push({
      clauseId: 'ACP-CFG-OPTIONS',
      rule: `the prompt after ${what} ran with ${configId}=${JSON.stringify(echoed[configId]) ?? 'absent'} (its echoed configuration: ${JSON.stringify(echoed).slice(0, 160)})`,
      frame: turn.outcome.frame,
    });
  return { violations, inconclusive, trace, options: after, prompt: turn.outcome };
}

/**
 * The options a step or case can set, each with its offered values.
 * @param options - an option list
 */
export function settableOptions(options: readonly ConfigOptionView[]): ConfigOptionView[] {
  return options.filter((option) => option.id !== '' && option.values.length > 0);
}

function gone(real: SessionReal): boolean {
  return real.connection.stdoutEnded || real.connection.process.exit !== null;
}

function failOn(real: SessionReal, violations: readonly TurnViolation[]): void {
  if (violations.length === 0) return;
  real.violations.push(...violations);
  throw new TurnRuleBroken(violations.map((violation) => `${violation.clauseId}: ${violation.rule}`).join('; '));
}

/** A config option of the current session set to a drawn offered value, then an `echo-config` prompt. */
class SetConfigStep implements SessionStep {
  constructor(
    readonly optionPick: number,
    readonly valuePick: number,
  ) {}
  check(model: Readonly<SessionModel>): boolean {
    return !model.closed;
  }
  async run(model: SessionModel, real: SessionReal): Promise<void> {
    if (gone(real)) return;
    const options = configOptionsOf({ configOptions: real.configOptions }) ?? [];
    const settable = settableOptions(options);
    const option = settable[this.optionPick % Math.max(1, settable.length)];
    if (option === undefined) {
      real.inconclusive.push({ clauseId: 'ACP-CFG-OPTIONS', reason: 'the session offers no config option to set' });
      return;
    }
    const value = option.values[this.valuePick % option.values.length]!;
    const change = await setConfigThenPrompt(real.connection, real.sessionId, options, option.id, value, real.context.bootstrapMs);
    real.trace.push(...change.trace);
    real.inconclusive.push(...change.inconclusive);
    real.configOptions = change.options;
    real.tested.add('ACP-CFG-OPTIONS');
    const violations = [...change.violations];
    if (change.prompt !== null && model.idleCancelPending && stopReasonOf(change.prompt) === 'cancelled')
      violations.push({
        clauseId: 'ACP-CANCEL-IDLE',
        rule: 'the first (echo-config) turn after a session/cancel sent while no turn ran ended "cancelled"',
        frame: change.prompt.kind === 'no-response' ? null : change.prompt.frame,
      });
    failOn(real, violations);
    if (change.prompt !== null) {
      model.turnsEnded += 1;
      model.idleCancelPending = false;
    }
  }
  toString(): string {
    return `session/set_config_option (option #${this.optionPick}, value #${this.valuePick}), then prompt [scenario:echo-config]`;
  }
}

/** `session/close` while a `long-stream` turn runs, once it has shown `frames` updates (when the agent advertises close). */
class CloseDuringTurnStep implements SessionStep {
  constructor(readonly frames: number) {}
  check(model: Readonly<SessionModel>): boolean {
    return !model.closed;
  }
  async run(model: SessionModel, real: SessionReal): Promise<void> {
    if (gone(real) || !real.canClose) return;
    const closed = await closeDuringTurn(real.connection, real.sessionId, this.frames, real.context);
    real.trace.push(...closed.trace);
    if (closed.inconclusive !== null) real.inconclusive.push({ clauseId: 'ACP-SESS-CLOSE', reason: closed.inconclusive });
    else real.tested.add('ACP-SESS-CLOSE');
    model.closed = true;
    failOn(real, closed.violations);
  }
  toString(): string {
    return `prompt [scenario:long-stream], session/close after update ${this.frames}`;
  }
}

/**
 * The lifecycle steps drawn beside the turn steps of the session model.
 * @param maxFrames - the largest close point drawn (in updates of the turn)
 */
export function lifecycleSteps(maxFrames: number): fc.Arbitrary<SessionStep>[] {
  return [
    fc.tuple(fc.nat({ max: 7 }), fc.nat({ max: 7 })).map(
      ([option, value]) => new SetConfigStep(option, value),
      unmapStep(SetConfigStep, (step): [number, number] => [step.optionPick, step.valuePick]),
    ),
    fc.integer({ min: 1, max: maxFrames }).map(
      (frames) => new CloseDuringTurnStep(frames),
      unmapStep(CloseDuringTurnStep, (step) => step.frames),
    ),
  ];
}

/** The lifecycle steps of the fixed sequence, run after its turn steps: every value of the first options, then a close. */
export function lifecycleMustTrySteps(): SessionStep[] {
  return [new SetConfigStep(0, 1), new SetConfigStep(1, 1), new SetConfigStep(0, 0), new CloseDuringTurnStep(3)];
}
