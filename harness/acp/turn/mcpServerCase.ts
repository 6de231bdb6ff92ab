import type { AcpCaseContext } from '../AcpCase.js';
import { describeOutcome } from '../AcpCase.js';
import type { AcpClauseId } from '../acpClauses.js';
import type { AcpConnection, ReceivedNotification, ResponseOutcome } from '../AcpConnection.js';
import { scriptedModelProblem } from './drivableAgent.js';
import { McpFixture, type FixtureMessage } from './mcpFixture.js';
import { finishTurn, sessionOf, startTurn, TURN_CONTENT, updateKind, type FinishedTurn, type RunningTurn } from './promptTurn.js';

// ACP-SESS-MCP-STDIO and ACP-SESS-MCP-READY from the fixture's own record: a session opened with
// the suite's stdio MCP fixture, then a first prompt (`mcp-tool`). The fixture answers `tools/list`
// only when the suite lets it; a `tools/list` that arrives during the first prompt is let through
// once a barrier shows every frame the agent wrote before it, so turn content written while the
// tool list was still unanswered is seen by construction, not by timing.

/** The clauses this case decides. */
export const MCP_SERVER_CLAUSES: readonly AcpClauseId[] = ['ACP-SESS-MCP-STDIO', 'ACP-SESS-MCP-READY'];

/** When the agent asked the fixture for its tools, relative to the first prompt. */
type ToolListing = { readonly when: 'before-prompt' } | { readonly when: 'during-prompt'; readonly contentBefore: ReceivedNotification | null; readonly barrier: ResponseOutcome };

/** Turn content of the turn's session read so far. */
function turnContent(connection: AcpConnection, turn: RunningTurn): ReceivedNotification[] {
  return connection.notifications
    .slice(turn.notificationsFrom)
    .filter((notification) => notification.method === 'session/update' && sessionOf(notification) === turn.sessionId && TURN_CONTENT.has(updateKind(notification)));
}

/**
 * Opens a session with the fixture on the shared agent, plays a first `mcp-tool` prompt, and judges
 * the fixture's record.
 * @param context - the case's context
 */
export async function judgeMcpServer(context: AcpCaseContext): Promise<void> {
  const inconclusive = (reason: string, clauses: readonly AcpClauseId[] = MCP_SERVER_CLAUSES): void => {
    for (const clauseId of clauses) context.inconclusive(clauseId, reason);
  };
  const shared = await context.shared();
  if (shared.result === null) return inconclusive(`initialize did not succeed (${describeOutcome(shared.outcome)})`);
  const fixture = await McpFixture.open(await context.freshRoot(shared.connection));
  if (typeof fixture === 'string') return inconclusive(fixture);
  try {
    await judgeWithFixture(context, shared.connection, fixture, inconclusive);
  } finally {
    fixture.close();
  }
}

async function judgeWithFixture(
  context: AcpCaseContext,
  connection: AcpConnection,
  fixture: McpFixture,
  inconclusive: (reason: string, clauses?: readonly AcpClauseId[]) => void,
): Promise<void> {
  // The scripted-model probe runs first, so its turn is not mistaken for the fixture session's first prompt.
  const modelProblem = await scriptedModelProblem(context, connection);
  let turn: RunningTurn | null = null;
  let listing: ToolListing | null = null;
  fixture.gateRequests(async (message: FixtureMessage) => {
    if (message.method !== 'tools/list' || listing !== null) return;
    if (turn === null) {
      listing = { when: 'before-prompt' };
      return;
    }
    const running = turn;
    const barrier = await connection.request('_adapter-qualify/barrier', {}, { boundMs: context.bootstrapMs }).response;
    const upTo = barrier.kind === 'no-response' ? Infinity : barrier.frame.index;
    listing = { when: 'during-prompt', contentBefore: turnContent(connection, running).find((update) => update.frame.index < upTo) ?? null, barrier };
  });

  const session = await context.newSession(connection, { mcpServers: [fixture.entry] });
  if (session.sessionId === null) {
    if (session.outcome.kind === 'error') context.fail('ACP-SESS-MCP-STDIO', `session/new with a stdio MCP server got ${describeOutcome(session.outcome)}`, session.outcome.frame);
    else inconclusive(`session/new with a stdio MCP server got ${describeOutcome(session.outcome)}`, ['ACP-SESS-MCP-STDIO']);
    inconclusive(`session/new with a stdio MCP server got ${describeOutcome(session.outcome)}`, ['ACP-SESS-MCP-READY']);
    return;
  }
  const answeredAt = Date.now();
  let finished: FinishedTurn | null = null;
  if (modelProblem === null) {
    turn = startTurn(connection, session.sessionId, 'mcp-tool');
    finished = await finishTurn(turn, context.bootstrapMs);
  }

  // Starting the server is part of bootstrap: it is bounded from the session/new response.
  const remaining = Math.max(0, context.bootstrapMs - (Date.now() - answeredAt));
  await fixture.waitUntil(() => fixture.starts.length > 0 && fixture.first('initialize') !== undefined, remaining);
  judgeStart(context, fixture, finished);

  if (finished === null) return inconclusive(modelProblem ?? 'no prompt turn was played', ['ACP-SESS-MCP-READY']);
  judgeReadiness(context, fixture, finished, listing);
}

function judgeStart(context: AcpCaseContext, fixture: McpFixture, turn: FinishedTurn | null): void {
  const start = fixture.starts[0];
  const by = turn === null ? 'within the bootstrap bound after session/new answered' : `by the end of the first prompt and within the bootstrap bound after session/new answered`;
  if (start === undefined) {
    context.fail('ACP-SESS-MCP-STDIO', `the stdio MCP server given in session/new was never started ${by}`, null);
    return;
  }
  const expected = fixture.entry.args.slice(1);
  if (JSON.stringify(start.argv) !== JSON.stringify(expected)) {
    context.fail('ACP-SESS-MCP-STDIO', `the MCP server was started with arguments ${JSON.stringify(start.argv)}, not the given ${JSON.stringify(expected)}`, null);
    return;
  }
  if (start.environmentNonce !== fixture.environmentNonce) {
    context.fail(
      'ACP-SESS-MCP-STDIO',
      `the MCP server was started without the environment given in session/new (${fixture.entry.env[0]!.name} was ${start.environmentNonce === null ? 'unset' : 'another value'})`,
      null,
    );
    return;
  }
  if (fixture.first('initialize') === undefined) {
    context.fail('ACP-SESS-MCP-STDIO', `the MCP server was started but never sent initialize ${by}`, null);
    return;
  }
  context.pass('ACP-SESS-MCP-STDIO');
}

function judgeReadiness(context: AcpCaseContext, fixture: McpFixture, turn: FinishedTurn, listing: ToolListing | null): void {
  if (turn.outcome.kind === 'no-response') {
    context.inconclusive('ACP-SESS-MCP-READY', `the first prompt of the session got no response: ${turn.outcome.detail}`);
    return;
  }
  if (listing === null) {
    if (fixture.starts.length === 0) context.inconclusive('ACP-SESS-MCP-READY', 'the agent never started the MCP fixture (ACP-SESS-MCP-STDIO)');
    else if (turn.updates.some((update) => TURN_CONTENT.has(updateKind(update))))
      context.fail(
        'ACP-SESS-MCP-READY',
        `the first prompt ended (${describeOutcome(turn.outcome)}) with turn content and the agent never asked the MCP fixture for its tools`,
        turn.outcome.frame,
      );
    else context.inconclusive('ACP-SESS-MCP-READY', 'the first prompt showed no model output and the agent never asked the MCP fixture for its tools');
    return;
  }
  if (listing.when === 'before-prompt') {
    context.pass('ACP-SESS-MCP-READY');
    return;
  }
  if (listing.contentBefore !== null) {
    const content = listing.contentBefore;
    context.fail(
      'ACP-SESS-MCP-READY',
      `agent→client frame ${content.frame.index} (${updateKind(content)}) of the first prompt was written before the MCP fixture answered the agent's tools/list: the model ran without the tool list`,
      content.frame,
    );
    return;
  }
  if (listing.barrier.kind === 'no-response') {
    context.inconclusive('ACP-SESS-MCP-READY', `the agent asked for the tools during the first prompt, and the barrier that orders its frames got no response: ${listing.barrier.detail}`);
    return;
  }
  context.pass('ACP-SESS-MCP-READY');
}
