import type { AcpClauseId } from '../acpClauses.js';
import type { AcpConnection, FrameRef, ReceivedNotification, ResponseOutcome } from '../AcpConnection.js';
import { acpSchemaErrors, describeAcpSchemaErrors } from '../acpSchema.js';

// One prompt turn over an agent connection: what the suite sent, every frame of the turn in
// order, and the rules of the "Prompt turn" clauses judged from those frames as data.

/** The closed v1 set of stop reasons. */
export const STOP_REASONS: ReadonlySet<string> = new Set(['end_turn', 'max_tokens', 'max_turn_requests', 'refusal', 'cancelled']);

/** `session/update` kinds that are content of a turn (session-level updates are not). */
export const TURN_CONTENT: ReadonlySet<string> = new Set(['agent_message_chunk', 'agent_thought_chunk', 'tool_call', 'tool_call_update', 'plan']);

/** A prompt block the suite sends. */
export type PromptBlock = Readonly<Record<string, unknown>>;

/** A turn the suite started and has not finished reading. */
export interface RunningTurn {
  readonly connection: AcpConnection;
  readonly sessionId: string;
  readonly scenario: string;
  readonly id: number | string;
  readonly sent: FrameRef;
  readonly response: Promise<ResponseOutcome>;
  /** The response, once it arrived (set as soon as it does). */
  readonly settled: { outcome: ResponseOutcome | null };
  /** Index into `connection.notifications` where this turn's frames start. */
  readonly notificationsFrom: number;
  /** Index into `connection.agentRequests` where this turn's requests start. */
  readonly requestsFrom: number;
}

/** A finished turn: its response and the frames read while it ran and right after. */
export interface FinishedTurn {
  readonly sessionId: string;
  readonly scenario: string;
  readonly sent: FrameRef;
  readonly outcome: ResponseOutcome;
  /** `session/update`s of this turn's session read before the response. */
  readonly updates: readonly ReceivedNotification[];
  /** Turn content for this session read after the response, before the barrier's answer. */
  readonly late: readonly ReceivedNotification[];
  /** Agent→client requests read during the turn. */
  readonly requests: readonly { readonly method: string; readonly params: unknown; readonly frame: FrameRef }[];
}

/** A rule a turn broke. */
export interface TurnViolation {
  readonly clauseId: AcpClauseId;
  readonly rule: string;
  readonly frame: FrameRef | null;
}

/**
 * The text of a prompt that names a scenario of the scripted model.
 * @param scenario - the scenario's name
 */
export function scenarioText(scenario: string): string {
  return `[scenario:${scenario}] adapter-qualify turn`;
}

/**
 * Sends `session/prompt` with no wall-clock bound (only inactivity ends the wait).
 * @param connection - the agent
 * @param sessionId - the session
 * @param scenario - the scripted model's scenario named in the text
 * @param blocks - the prompt blocks. @defaultValue one text block naming the scenario
 */
export function startTurn(connection: AcpConnection, sessionId: string, scenario: string, blocks?: readonly PromptBlock[]): RunningTurn {
  const notificationsFrom = connection.notifications.length;
  const requestsFrom = connection.agentRequests.length;
  const prompt = blocks ?? [{ type: 'text', text: scenarioText(scenario) }];
  const { id, sent, response } = connection.request('session/prompt', { sessionId, prompt });
  const settled: { outcome: ResponseOutcome | null } = { outcome: null };
  void response.then((outcome) => (settled.outcome = outcome));
  return { connection, sessionId, scenario, id, sent, response, settled, notificationsFrom, requestsFrom };
}

/** Updates of a running turn's session read so far. */
export function updatesSoFar(turn: RunningTurn): readonly ReceivedNotification[] {
  return turn.connection.notifications.slice(turn.notificationsFrom).filter((notification) => notification.method === 'session/update' && sessionOf(notification) === turn.sessionId);
}

/**
 * Waits for the turn's response, then for the answer to a barrier request sent after it: every
 * frame the agent wrote before that answer is in order before it, so late turn content shows by
 * construction, not by waiting.
 * @param turn - the running turn
 * @param barrierBoundMs - the barrier's bound
 */
export async function finishTurn(turn: RunningTurn, barrierBoundMs: number): Promise<FinishedTurn> {
  const outcome = await turn.response;
  const { connection } = turn;
  const responseIndex = outcome.kind === 'no-response' ? Infinity : outcome.frame.index;
  if (outcome.kind !== 'no-response' && !connection.stdoutEnded) await connection.request('_adapter-qualify/barrier', {}, { boundMs: barrierBoundMs }).response;
  const mine = connection.notifications.slice(turn.notificationsFrom).filter((notification) => notification.method === 'session/update' && sessionOf(notification) === turn.sessionId);
  return {
    sessionId: turn.sessionId,
    scenario: turn.scenario,
    sent: turn.sent,
    outcome,
    updates: mine.filter((notification) => notification.frame.index < responseIndex),
    late: mine.filter((notification) => notification.frame.index > responseIndex && TURN_CONTENT.has(updateKind(notification))),
    requests: connection.agentRequests.slice(turn.requestsFrom),
  };
}

/** The `sessionId` a notification names, or null. */
export function sessionOf(notification: ReceivedNotification): string | null {
  const sessionId = (notification.params as { sessionId?: unknown } | null | undefined)?.sessionId;
  return typeof sessionId === 'string' ? sessionId : null;
}

/** The `sessionUpdate` kind of a `session/update`, or ''. */
export function updateKind(notification: ReceivedNotification): string {
  const kind = (notification.params as { update?: { sessionUpdate?: unknown } } | null | undefined)?.update?.sessionUpdate;
  return typeof kind === 'string' ? kind : '';
}

/** The stop reason of a result outcome, or undefined. */
export function stopReasonOf(outcome: ResponseOutcome): unknown {
  return outcome.kind === 'result' ? (outcome.result as { stopReason?: unknown } | null)?.stopReason : undefined;
}

/** How many `agent_message_chunk`s a turn showed. */
export function messageChunks(turn: FinishedTurn): number {
  return turn.updates.filter((update) => updateKind(update) === 'agent_message_chunk').length;
}

/**
 * Judges the stop reason of a turn that was not cancelled (ACP-TURN-STOPREASON).
 * @param turn - the finished turn
 */
export function judgeStopReason(turn: FinishedTurn): TurnViolation | null {
  const { outcome } = turn;
  if (outcome.kind === 'no-response') return null;
  if (outcome.kind === 'error')
    return { clauseId: 'ACP-TURN-STOPREASON', rule: `the ${turn.scenario} turn ended with error ${outcome.error.code} instead of a stopReason`, frame: outcome.frame };
  const stopReason = stopReasonOf(outcome);
  if (typeof stopReason !== 'string' || !STOP_REASONS.has(stopReason))
    return {
      clauseId: 'ACP-TURN-STOPREASON',
      rule: `the ${turn.scenario} turn ended with stopReason ${JSON.stringify(stopReason) ?? 'absent'}, not one of ${[...STOP_REASONS].join(', ')}`,
      frame: outcome.frame,
    };
  return null;
}

/**
 * Judges the frames of one turn against the prompt-turn rules that every turn must keep: updates name
 * the turn's session (ACP-TURN-UPDATES-SCHEMA; schema errors are recorded by the connection), no turn
 * content after the response (ACP-TURN-NO-LATE-UPDATES), tool call ids and statuses
 * (ACP-TURN-TOOLCALL-IDS).
 * @param turn - the finished turn
 * @param otherSessions - turn content naming these sessions while this turn ran breaks ACP-TURN-UPDATES-SCHEMA
 */
export function judgeTurnFrames(turn: FinishedTurn, otherSessions: readonly ReceivedNotification[] = []): TurnViolation[] {
  const violations: TurnViolation[] = [];
  for (const stray of otherSessions)
    violations.push({
      clauseId: 'ACP-TURN-UPDATES-SCHEMA',
      rule: `turn content naming session ${JSON.stringify(sessionOf(stray))} while only session ${JSON.stringify(turn.sessionId)} had a turn`,
      frame: stray.frame,
    });
  const late = turn.late[0];
  if (late !== undefined)
    violations.push({
      clauseId: 'ACP-TURN-NO-LATE-UPDATES',
      rule: `a ${updateKind(late)} for the ${turn.scenario} turn after its prompt response (agent→client frame ${turn.outcome.kind === 'no-response' ? '?' : turn.outcome.frame.index})`,
      frame: late.frame,
    });
  violations.push(...judgeToolCalls(turn.updates));
  return violations;
}

const TOOL_STATUSES: ReadonlySet<string> = new Set(['pending', 'in_progress', 'completed', 'failed']);
const FINAL_STATUSES: ReadonlySet<string> = new Set(['completed', 'failed']);

function judgeToolCalls(updates: readonly ReceivedNotification[]): TurnViolation[] {
  const status = new Map<string, string>();
  const violations: TurnViolation[] = [];
  for (const update of updates) {
    const kind = updateKind(update);
    if (kind !== 'tool_call' && kind !== 'tool_call_update') continue;
    const body = (update.params as { update: { toolCallId?: unknown; status?: unknown } }).update;
    const id = typeof body.toolCallId === 'string' ? body.toolCallId : '';
    if (kind === 'tool_call_update' && !status.has(id)) {
      violations.push({
        clauseId: 'ACP-TURN-TOOLCALL-IDS',
        rule: `a tool_call_update for toolCallId ${JSON.stringify(id)}, which no tool_call of the session announced`,
        frame: update.frame,
      });
      continue;
    }
    const previous = status.get(id);
    const next = typeof body.status === 'string' ? body.status : undefined;
    if (next !== undefined && !TOOL_STATUSES.has(next))
      violations.push({ clauseId: 'ACP-TURN-TOOLCALL-IDS', rule: `tool call ${JSON.stringify(id)} has status ${JSON.stringify(next)}, not in the schema's set`, frame: update.frame });
    else if (next !== undefined && previous !== undefined && FINAL_STATUSES.has(previous) && next !== previous)
      violations.push({ clauseId: 'ACP-TURN-TOOLCALL-IDS', rule: `tool call ${JSON.stringify(id)} went from ${previous} back to ${next}`, frame: update.frame });
    status.set(id, next ?? previous ?? 'pending');
  }
  return violations;
}

/**
 * Judges the permission requests of a turn (ACP-PERMISSION-SHAPE): schema, non-empty options, unique
 * option ids, a tool call announced by a `tool_call` of the session before the request.
 * @param turn - the finished turn
 */
export function judgePermissionRequests(turn: FinishedTurn): TurnViolation[] {
  const violations: TurnViolation[] = [];
  for (const request of turn.requests) {
    if (request.method !== 'session/request_permission') continue;
    const errors = acpSchemaErrors('RequestPermissionRequest', request.params);
    if (errors.length > 0) {
      violations.push({ clauseId: 'ACP-PERMISSION-SHAPE', rule: `a permission request that does not validate: ${describeAcpSchemaErrors(errors)}`, frame: request.frame });
      continue;
    }
    const params = request.params as { options: { optionId: string }[]; toolCall: { toolCallId: string } };
    const ids = params.options.map((option) => option.optionId);
    if (ids.length === 0) violations.push({ clauseId: 'ACP-PERMISSION-SHAPE', rule: 'a permission request with no options', frame: request.frame });
    else if (new Set(ids).size !== ids.length)
      violations.push({ clauseId: 'ACP-PERMISSION-SHAPE', rule: `a permission request whose options share an optionId (${JSON.stringify(ids)})`, frame: request.frame });
    const announced = turn.updates.some(
      (update) =>
        update.frame.index < request.frame.index &&
        updateKind(update) === 'tool_call' &&
        (update.params as { update: { toolCallId?: unknown } }).update.toolCallId === params.toolCall.toolCallId,
    );
    if (!announced)
      violations.push({
        clauseId: 'ACP-PERMISSION-SHAPE',
        rule: `a permission request for toolCallId ${JSON.stringify(params.toolCall.toolCallId)}, which no earlier tool_call announced`,
        frame: request.frame,
      });
  }
  return violations;
}

/**
 * Judges terminals of a turn (ACP-TERM-RELEASE): every terminal the turn used (named by a `terminal/*`
 * request, or created without ever being named again) is released by the turn's end.
 * @param turn - the finished turn
 */
export function judgeTerminalRelease(turn: FinishedTurn): TurnViolation | null {
  const terminalIdOf = (params: unknown): unknown => (params as { terminalId?: unknown } | null)?.terminalId;
  const terminal = turn.requests.filter((request) => request.method.startsWith('terminal/'));
  const created = terminal.filter((request) => request.method === 'terminal/create').length;
  const named = new Set(terminal.filter((request) => request.method !== 'terminal/create').map((request) => terminalIdOf(request.params)));
  const released = new Set(terminal.filter((request) => request.method === 'terminal/release').map((request) => terminalIdOf(request.params)));
  const kept = [...named].filter((id) => !released.has(id));
  const unnamed = Math.max(0, created - named.size);
  if (kept.length === 0 && unnamed === 0) return null;
  const what = [...kept.map((id) => JSON.stringify(id)), ...(unnamed > 0 ? [`${unnamed} created and never named`] : [])].join(', ');
  return {
    clauseId: 'ACP-TERM-RELEASE',
    rule: `terminal(s) ${what} of the ${turn.scenario} turn were not released by its end (${turn.outcome.kind === 'result' ? `stopReason ${JSON.stringify(stopReasonOf(turn.outcome))}` : turn.outcome.kind})`,
    frame: turn.outcome.kind === 'no-response' ? null : turn.outcome.frame,
  };
}
