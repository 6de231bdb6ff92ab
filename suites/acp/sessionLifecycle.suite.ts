import * as fc from 'fast-check';
import { describeOutcome, type AcpCaseContext, type AcpSuite, type InitializedAgent } from '../../harness/acp/AcpCase.js';
import type { AcpClauseId } from '../../harness/acp/acpClauses.js';
import type { AcpConnection, ReceivedNotification } from '../../harness/acp/AcpConnection.js';
import { appendMessage, conversationOf, replayDifference, type ConversationEntry } from '../../harness/acp/session/conversation.js';
import { configOptionsOf, currentValueProblem, type ConfigOptionView } from '../../harness/acp/session/configOptionRules.js';
import { scriptedModelProblem } from '../../harness/acp/turn/drivableAgent.js';
import { finishTurn, scenarioText, sessionOf, startTurn, TURN_CONTENT, updateKind, type FinishedTurn, type RunningTurn, type TurnViolation } from '../../harness/acp/turn/promptTurn.js';
import { closeDuringTurn, setConfigThenPrompt, settableOptions } from '../../harness/acp/turn/sessionLifecycleSteps.js';

// The life of a session beyond one turn: loaded in a fresh process, closed while a turn runs, its
// config options set before a prompt, and two sessions' turns interleaved in one process. Every
// "(if advertised)" clause is NOT-APPLICABLE when the agent's initialize result does not offer it.

/** Scenarios that end by themselves with message text (a conversation to replay). */
const TALKING_SCENARIOS = ['plain', 'chunks', 'max-tokens'] as const;

function capabilitiesOf(result: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const capabilities = result['agentCapabilities'];
  return capabilities !== null && typeof capabilities === 'object' ? (capabilities as Record<string, unknown>) : {};
}

function sessionCapability(result: Readonly<Record<string, unknown>>, name: string): boolean {
  const session = capabilitiesOf(result)['sessionCapabilities'];
  if (session === null || typeof session !== 'object') return false;
  const value = (session as Record<string, unknown>)[name];
  return value !== undefined && value !== null && value !== false;
}

/** A fresh agent of the case, initialized; null (the clause recorded INCONCLUSIVE) when initialize failed. */
async function ownAgent(context: AcpCaseContext, clauseId: AcpClauseId, options?: { readonly sameHomeAs?: AcpConnection }): Promise<InitializedAgent | null> {
  const connection = await context.startAgent(options);
  const initialized = await context.initialize(connection);
  if (initialized.result !== null) return initialized;
  context.inconclusive(clauseId, `initialize of ${options?.sameHomeAs === undefined ? 'an' : 'the second'} agent process did not succeed (${describeOutcome(initialized.outcome)})`);
  return null;
}

function record(context: AcpCaseContext, clauseId: AcpClauseId, violations: readonly TurnViolation[]): void {
  const own = violations.filter((violation) => violation.clauseId === clauseId);
  for (const violation of own) context.fail(violation.clauseId, violation.rule, violation.frame);
  if (own.length === 0) context.pass(clauseId);
}

/** Draws the case's parameters from its seed. */
function draw<T>(context: AcpCaseContext, arbitrary: fc.Arbitrary<T>): T {
  return fc.sample(arbitrary, { seed: context.seed, numRuns: 1 })[0]!;
}

async function loadCase(context: AcpCaseContext): Promise<void> {
  const first = await ownAgent(context, 'ACP-SESS-LOAD');
  if (first === null) return;
  if (capabilitiesOf(first.result!)['loadSession'] !== true) {
    context.notApplicable('ACP-SESS-LOAD', 'the agent does not advertise loadSession');
    return;
  }
  const problem = await scriptedModelProblem(context, first.connection);
  if (problem !== null) {
    context.inconclusive('ACP-SESS-LOAD', problem);
    return;
  }
  const session = await context.newSession(first.connection);
  if (session.sessionId === null) {
    context.inconclusive('ACP-SESS-LOAD', `session/new got ${describeOutcome(session.outcome)}`);
    return;
  }
  const sessionId = session.sessionId;
  // Several turns, each prompt text its own, so a replay of only some of them shows.
  const scenarios = draw(context, fc.array(fc.constantFrom(...TALKING_SCENARIOS), { minLength: 2, maxLength: 3 }));
  const seen: ConversationEntry[] = [];
  for (const [index, scenario] of scenarios.entries()) {
    const text = `${scenarioText(scenario)} ${index + 1} of ${scenarios.length} (seed ${context.seed})`;
    const turn = await finishTurn(startTurn(first.connection, sessionId, scenario, [{ type: 'text', text }]), context.bootstrapMs);
    if (turn.outcome.kind !== 'result') {
      context.inconclusive('ACP-SESS-LOAD', `turn ${index + 1} of the conversation to load got ${describeOutcome(turn.outcome)}`);
      return;
    }
    appendMessage(seen, 'user', text);
    for (const entry of conversationOf(turn.updates, sessionId)) appendMessage(seen, entry.role, entry.text);
  }
  // The first process is killed, as a host's crash would: what it persisted is all the second one has.
  first.connection.close();
  const second = await ownAgent(context, 'ACP-SESS-LOAD', { sameHomeAs: first.connection });
  if (second === null) return;
  const { connection } = second;
  connection.knowSession(sessionId);
  connection.registerSession(sessionId, [session.root]);
  const from = connection.notifications.length;
  const load = connection.request('session/load', { sessionId, cwd: session.root, mcpServers: [] }, { boundMs: context.bootstrapMs });
  const outcome = await load.response;
  if (outcome.kind === 'no-response') {
    if (outcome.why === 'inactivity' || outcome.why === 'bound') context.inconclusive('ACP-SESS-LOAD', `session/load got no response: ${outcome.detail}`);
    else context.fail('ACP-SESS-LOAD', `session/load in a fresh agent process got no response: ${outcome.detail}`, load.sent);
    return;
  }
  if (outcome.kind === 'error') {
    context.fail('ACP-SESS-LOAD', `session/load of a session of an earlier agent process (same HOME) got ${describeOutcome(outcome)}`, outcome.frame);
    return;
  }
  // Everything the agent wrote before the barrier's answer is read: a replay after the response shows by order.
  await connection.request('_adapter-qualify/barrier', {}, { boundMs: context.bootstrapMs }).response;
  const notifications = connection.notifications.slice(from);
  const late = notifications.find(
    (notification) =>
      notification.frame.index > outcome.frame.index &&
      sessionOf(notification) === sessionId &&
      (updateKind(notification) === 'user_message_chunk' || TURN_CONTENT.has(updateKind(notification))),
  );
  if (late !== undefined) {
    context.fail('ACP-SESS-LOAD', `a replayed ${updateKind(late)} after the session/load response (agent→client frame ${outcome.frame.index})`, late.frame);
    return;
  }
  const replayed = conversationOf(
    notifications.filter((notification) => notification.frame.index < outcome.frame.index),
    sessionId,
  );
  const difference = replayDifference(seen, replayed);
  if (difference !== null) context.fail('ACP-SESS-LOAD', `session/load in a fresh agent process did not replay the whole conversation before its response: ${difference}`, outcome.frame);
  else context.pass('ACP-SESS-LOAD');
}

async function closeCase(context: AcpCaseContext): Promise<void> {
  // An agent of its own: a turn that outlives its session's close must not stream into later cases.
  const agent = await ownAgent(context, 'ACP-SESS-CLOSE');
  if (agent === null) return;
  if (!sessionCapability(agent.result!, 'close')) {
    context.notApplicable('ACP-SESS-CLOSE', 'the agent does not advertise sessionCapabilities.close');
    return;
  }
  const problem = await scriptedModelProblem(context, agent.connection);
  if (problem !== null) {
    context.inconclusive('ACP-SESS-CLOSE', problem);
    return;
  }
  const points = draw(context, fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { minLength: 2, maxLength: 2 }));
  for (const frames of [1, ...points]) {
    const session = await context.newSession(agent.connection);
    if (session.sessionId === null) {
      context.inconclusive('ACP-SESS-CLOSE', `session/new got ${describeOutcome(session.outcome)}`);
      return;
    }
    const closed = await closeDuringTurn(agent.connection, session.sessionId, frames, context);
    if (closed.inconclusive !== null) context.inconclusive('ACP-SESS-CLOSE', closed.inconclusive);
    else record(context, 'ACP-SESS-CLOSE', closed.violations);
    if (closed.violations.length > 0) return;
  }
}

/**
 * The value sequence of one option, the current one last (so the session ends as it began): every offered value of
 * a model option (the host's "enforce model" may pick any), one other value of the rest.
 */
function valuesToSet(option: ConfigOptionView): (string | boolean)[] {
  const values = option.values as readonly (string | boolean)[];
  const others = values.filter((value) => value !== option.currentValue);
  return [...(option.category === 'model' ? others : others.slice(0, 1)), ...values.filter((value) => value === option.currentValue)];
}

async function configCase(context: AcpCaseContext): Promise<void> {
  const shared = await context.shared();
  if (shared.result === null) {
    context.inconclusive('ACP-CFG-OPTIONS', `initialize did not succeed (${describeOutcome(shared.outcome)})`);
    return;
  }
  const { connection } = shared;
  const session = await context.newSession(connection);
  if (session.sessionId === null || session.outcome.kind !== 'result') {
    context.inconclusive('ACP-CFG-OPTIONS', `session/new got ${describeOutcome(session.outcome)}`);
    return;
  }
  let options = configOptionsOf(session.outcome.result);
  if (options === null || options.length === 0) {
    context.notApplicable('ACP-CFG-OPTIONS', 'session/new offers no config options');
    return;
  }
  const missing = currentValueProblem(options);
  if (missing !== null) {
    context.fail('ACP-CFG-OPTIONS', `in the session/new result: ${missing}`, session.outcome.frame);
    return;
  }
  const problem = await scriptedModelProblem(context, connection);
  if (problem !== null) {
    // The answers alone cannot show which value a prompt runs with: the clause stays undecided.
    context.inconclusive('ACP-CFG-OPTIONS', problem);
    return;
  }
  // The model option first (the host's "enforce model"), each offered value, then the other options in a drawn order.
  const settable = settableOptions(options);
  const order = draw(context, fc.shuffledSubarray(settable, { minLength: settable.length, maxLength: settable.length }));
  const ordered = [...order.filter((option) => option.category === 'model'), ...order.filter((option) => option.category !== 'model')];
  const violations: TurnViolation[] = [];
  let judged = 0;
  for (const option of ordered) {
    for (const value of valuesToSet(option)) {
      const change = await setConfigThenPrompt(connection, session.sessionId, options, option.id, value, context.bootstrapMs);
      options = [...change.options];
      violations.push(...change.violations);
      for (const item of change.inconclusive) context.inconclusive(item.clauseId, item.reason);
      if (change.violations.length > 0) break;
      if (change.inconclusive.length === 0) judged += 1;
    }
    if (violations.length > 0) break;
  }
  for (const violation of violations) context.fail(violation.clauseId, violation.rule, violation.frame);
  if (violations.length === 0 && judged > 0) context.pass('ACP-CFG-OPTIONS');
}

/** Turn content naming `sessionId` outside the windows in which it had a turn. */
function strayUpdates(notifications: readonly ReceivedNotification[], sessionId: string, windows: readonly { readonly from: number; readonly until: number }[]): ReceivedNotification[] {
  return notifications.filter(
    (notification, position) =>
      notification.method === 'session/update' &&
      sessionOf(notification) === sessionId &&
      TURN_CONTENT.has(updateKind(notification)) &&
      !windows.some((window) => position >= window.from && notification.frame.index < window.until),
  );
}

/** One interleaving: a long stream in `streaming`, a turn of `other` started after `frames` of its updates, then the stream cancelled. */
async function interleave(
  context: AcpCaseContext,
  connection: AcpConnection,
  streaming: string,
  other: string,
  scenario: (typeof TALKING_SCENARIOS)[number],
  frames: number,
): Promise<{ readonly turns: readonly FinishedTurn[]; readonly starts: readonly RunningTurn[] } | string> {
  const long = startTurn(connection, streaming, 'long-stream');
  // Counted over both sessions: an update the stream writes under the wrong session is still a frame of the stream.
  const streamed = () =>
    connection.notifications.slice(long.notificationsFrom).filter((notification) => [streaming, other].includes(sessionOf(notification) ?? '') && TURN_CONTENT.has(updateKind(notification)))
      .length;
  const reached = await connection.waitUntil(() => streamed() >= frames || long.settled.outcome !== null, context.inactivityMs);
  if (!reached || long.settled.outcome !== null) {
    connection.notify('session/cancel', { sessionId: streaming });
    await finishTurn(long, context.bootstrapMs);
    return `the long-stream turn ended or went silent before its ${frames}th update`;
  }
  const short = startTurn(connection, other, scenario);
  const shortTurn = await finishTurn(short, context.bootstrapMs);
  connection.notify('session/cancel', { sessionId: streaming });
  const longTurn = await finishTurn(long, context.bootstrapMs);
  if (shortTurn.outcome.kind !== 'result') return `the ${scenario} turn of the second session, started while the first streamed, got ${describeOutcome(shortTurn.outcome)}`;
  if (longTurn.outcome.kind === 'no-response') return `the streaming turn got no response after its cancel: ${longTurn.outcome.detail}`;
  return { turns: [longTurn, shortTurn], starts: [long, short] };
}

async function concurrentCase(context: AcpCaseContext): Promise<void> {
  const clauseId = 'ACP-TURN-CONCURRENT-SESSIONS';
  const shared = await context.shared();
  const problem = shared.result === null ? `initialize did not succeed (${describeOutcome(shared.outcome)})` : await scriptedModelProblem(context, shared.connection);
  if (problem !== null) {
    context.inconclusive(clauseId, problem);
    return;
  }
  const { connection } = shared;
  const older = await context.newSession(connection);
  const newer = await context.newSession(connection);
  if (older.sessionId === null || newer.sessionId === null) {
    context.inconclusive(clauseId, `session/new got ${describeOutcome((older.sessionId === null ? older : newer).outcome)}`);
    return;
  }
  const sessions = [older.sessionId, newer.sessionId] as const;
  const from = connection.notifications.length;
  const plan = draw(context, fc.tuple(fc.constantFrom(...TALKING_SCENARIOS), fc.constantFrom(...TALKING_SCENARIOS), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 })));
  // Each session streams once while the other takes a turn: the older one first (an agent that writes every update under its newest session shows at once).
  const rounds = [
    { streaming: sessions[0], other: sessions[1], scenario: plan[0], frames: plan[2] },
    { streaming: sessions[1], other: sessions[0], scenario: plan[1], frames: plan[3] },
  ];
  const windows = new Map<string, { from: number; until: number }[]>(sessions.map((id) => [id, []]));
  const violations: TurnViolation[] = [];
  for (const round of rounds) {
    const result = await interleave(context, connection, round.streaming, round.other, round.scenario, round.frames);
    if (typeof result === 'string') {
      context.inconclusive(clauseId, result);
      return;
    }
    for (const [index, turn] of result.turns.entries()) {
      const start = result.starts[index]!;
      const until = turn.outcome.kind === 'no-response' ? Infinity : turn.outcome.frame.index;
      windows.get(turn.sessionId)!.push({ from: start.notificationsFrom - from, until });
      if (!turn.updates.some((update) => TURN_CONTENT.has(updateKind(update))))
        violations.push({
          clauseId,
          rule: `the ${turn.scenario} turn of session ${JSON.stringify(turn.sessionId)}, interleaved with a turn of another session, showed no update naming its own session`,
          frame: turn.outcome.kind === 'no-response' ? null : turn.outcome.frame,
        });
    }
  }
  const read = connection.notifications.slice(from);
  for (const sessionId of sessions)
    for (const stray of strayUpdates(read, sessionId, windows.get(sessionId)!).slice(0, 1))
      violations.push({ clauseId, rule: `a ${updateKind(stray)} naming session ${JSON.stringify(sessionId)} while it had no turn running (only the other session did)`, frame: stray.frame });
  record(context, clauseId, violations);
}

export const acpSuite: AcpSuite = {
  title: 'Session lifecycle',
  cases: [
    {
      name: 'ACP-SESS-LOAD: a conversation of several turns, loaded in a fresh agent process with the same HOME, replayed whole before the response',
      clauses: ['ACP-SESS-LOAD'],
      run: loadCase,
    },
    {
      name: 'ACP-SESS-CLOSE: session/close while a turn streams, at drawn update counts',
      clauses: ['ACP-SESS-CLOSE'],
      run: closeCase,
    },
    {
      name: 'ACP-CFG-OPTIONS: every offered value of each config option set, each followed by a prompt that must run with it',
      clauses: ['ACP-CFG-OPTIONS'],
      run: configCase,
    },
    {
      name: 'ACP-TURN-CONCURRENT-SESSIONS: turns of two sessions of one process interleaved, each update on its own session',
      clauses: ['ACP-TURN-CONCURRENT-SESSIONS'],
      run: concurrentCase,
    },
  ],
};
