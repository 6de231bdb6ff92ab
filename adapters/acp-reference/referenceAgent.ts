import { randomUUID } from 'node:crypto';
import { isAbsolute, relative, resolve } from 'node:path';
import {
  agent,
  PROTOCOL_VERSION,
  RequestError,
  type AgentApp,
  type AgentContext,
  type ClientCapabilities,
  type ContentBlock,
  type InitializeResponse,
  type JsonRpcId,
  type McpServer,
  type McpServerStdio,
  type PromptResponse,
  type RequestPermissionOutcome,
  type SessionUpdate,
  type StopReason,
  type TerminalHandle,
} from '@agentclientprotocol/sdk';
import type { AcpAgentBehavior } from './AcpAgentBehavior.js';
import { configOptionList, defaultConfigValues, setConfigValue, type ConfigValues } from './configOptions.js';
import { startMcpServer, type McpConnection } from './mcpStdioClient.js';
import { playScenario, referencePermissionOptions, scenarioOf, type TurnContext, type TurnTerminal } from './scriptedModel.js';
import type { SessionStore, StoredSession } from './sessionStore.js';

// The reference ACP agent: sessions, prompt turns with cancellation, `session/load` from disk,
// `session/close`, config options and stdio MCP servers, on the SDK's `AgentApp`. Every part a
// mutant may replace is read from `behavior`.

/** What the agent needs from its process. */
export interface ReferenceAgentOptions {
  readonly behavior: AcpAgentBehavior;
  readonly store: SessionStore;
  /** Resolves once the response to the request being handled, whose id is `id`, has been written to stdout (call it before the handler returns). */
  readonly responseWritten: (id: JsonRpcId) => Promise<void>;
  /** Diagnostics (stderr). */
  readonly log: (line: string) => void;
}

/** The name and version the agent reports in `agentInfo`. */
export const referenceAgentInfo = Object.freeze({ name: 'acp-reference-agent', title: 'ACP reference agent (adapter-qualify)', version: '1.0.0' });

/** One running prompt turn. */
interface Turn {
  cancelled: boolean;
  /** Whether a permission request of the turn was answered `cancelled`. */
  permissionCancelled: boolean;
  /** Terminals created and not yet released. */
  readonly terminals: Set<TerminalHandle>;
  /** Resolves when the turn's prompt has been answered (or dropped). */
  readonly ended: Promise<void>;
}

/** A session this process serves. */
interface LiveSession {
  readonly id: string;
  cwd: string;
  config: ConfigValues;
  readonly turns: (readonly SessionUpdate[])[];
  readonly mcp: McpConnection[];
  mcpListed: boolean;
  turn: Turn | undefined;
  /** A `session/cancel` seen with no turn running (only kept by a mutant). */
  pendingCancel: boolean;
  toolCalls: number;
}

/**
 * Builds the agent app; connect it to a stream to serve.
 * @param options - behaviour, session store and the process's hooks
 */
export function createReferenceAgent(options: ReferenceAgentOptions): AgentApp {
  const { behavior, store, log } = options;
  const sessions = new Map<string, LiveSession>();
  let created = 0;
  let newestSessionId = '';
  let clientCapabilities: ClientCapabilities = {};

  const persist = (session: LiveSession) => {
    if (!behavior.persistSessions) return;
    const stored: StoredSession = { sessionId: session.id, cwd: session.cwd, config: session.config, turns: session.turns };
    try {
      store.write(stored);
    } catch (error) {
      log(`could not store session ${session.id}: ${String(error)}`);
    }
  };

  const liveSession = (id: string, cwd: string, config: ConfigValues, turns: (readonly SessionUpdate[])[]): LiveSession => {
    const session: LiveSession = { id, cwd, config, turns, mcp: [], mcpListed: false, turn: undefined, pendingCancel: false, toolCalls: 0 };
    sessions.set(id, session);
    return session;
  };

  const findSession = (sessionId: string): LiveSession => {
    const session = sessions.get(sessionId);
    if (session !== undefined) return session;
    if (behavior.rejectUnknownSession) throw RequestError.sessionNotFound(sessionId);
    return liveSession(sessionId, process.cwd(), defaultConfigValues, []);
  };

  const startServers = async (session: LiveSession, servers: readonly McpServer[]) => {
    if (!behavior.startMcpServers) return;
    for (const server of servers) {
      if ('type' in server && (server.type === 'http' || server.type === 'sse')) continue;
      try {
        const stdio = server as McpServerStdio;
        session.mcp.push(await startMcpServer(behavior.passesMcpServerEnv ? stdio : { ...stdio, env: [] }, log));
      } catch (error) {
        log(`MCP server ${server.name} did not start: ${String(error)}`);
      }
    }
    if (behavior.listMcpToolsBeforeResponse) await listMcpTools(session);
  };

  const listMcpTools = async (session: LiveSession) => {
    session.mcpListed = true;
    for (const server of session.mcp) {
      try {
        await server.listTools();
      } catch (error) {
        log(`MCP server ${server.name} did not list its tools: ${String(error)}`);
      }
    }
  };

  const announce = (client: AgentContext, sessionId: string) =>
    client.notify('session/update', {
      sessionId,
      update: {
        sessionUpdate: 'available_commands_update',
        availableCommands: [{ name: 'scenario', description: 'Play a scripted scenario: write [scenario:NAME] in the prompt', input: { hint: 'NAME' } }],
      },
    });

  const cancelTurn = (session: LiveSession) => {
    const turn = session.turn;
    if (turn === undefined) {
      if (behavior.idleCancelCarriesOver) session.pendingCancel = true;
      return;
    }
    if (turn.cancelled) return;
    turn.cancelled = true;
    for (const terminal of turn.terminals) void terminal.kill().catch(() => {});
  };

  const replay = async (client: AgentContext, session: LiveSession, updates: readonly SessionUpdate[]) => {
    for (const update of updates) await client.notify('session/update', { sessionId: session.id, update });
  };

  const app = agent({ name: referenceAgentInfo.name });

  app.onRequest('initialize', ({ params }) => {
    clientCapabilities = params.clientCapabilities ?? {};
    const reference: InitializeResponse = {
      protocolVersion: PROTOCOL_VERSION,
      agentCapabilities: {
        loadSession: true,
        promptCapabilities: { image: false, audio: false, embeddedContext: false },
        mcpCapabilities: { http: false, sse: false },
        sessionCapabilities: { close: {}, resume: {} },
      },
      authMethods: [],
      agentInfo: { ...referenceAgentInfo },
    };
    return behavior.initialize(params, reference);
  });

  app.onRequest('authenticate', () => ({}));

  app.onRequest('session/new', async ({ params, client, requestId }) => {
    behavior.beforeNewSession();
    if (!isAbsolute(params.cwd)) throw RequestError.invalidParams({ cwd: params.cwd }, 'cwd must be an absolute path');
    created += 1;
    const session = liveSession(behavior.sessionId(created), params.cwd, defaultConfigValues, []);
    newestSessionId = session.id;
    await startServers(session, params.mcpServers);
    persist(session);
    if (behavior.announceAfterResponse) void options.responseWritten(requestId).then(() => announce(client, session.id).catch(() => {}));
    else await announce(client, session.id);
    return behavior.newSessionResponse({ sessionId: session.id, configOptions: configOptionList(session.config) });
  });

  const restore = async (sessionId: string, cwd: string, servers: readonly McpServer[]): Promise<LiveSession> => {
    if (!isAbsolute(cwd)) throw RequestError.invalidParams({ cwd }, 'cwd must be an absolute path');
    const live = sessions.get(sessionId);
    const stored = store.read(sessionId);
    const session =
      live ??
      (stored === undefined
        ? behavior.rejectUnknownSession
          ? undefined
          : liveSession(sessionId, cwd, defaultConfigValues, [])
        : liveSession(sessionId, cwd, stored.config, [...stored.turns]));
    if (session === undefined) throw RequestError.sessionNotFound(sessionId);
    session.cwd = cwd;
    if (session.mcp.length === 0) await startServers(session, servers);
    return session;
  };

  app.onRequest('session/load', async ({ params, client, requestId }) => {
    const session = await restore(params.sessionId, params.cwd, params.mcpServers);
    const plan = behavior.loadReplay(session.turns);
    await replay(client, session, plan.beforeResponse);
    if (plan.afterResponse.length > 0) void options.responseWritten(requestId).then(() => replay(client, session, plan.afterResponse).catch(() => {}));
    return { configOptions: configOptionList(session.config) };
  });

  app.onRequest('session/resume', async ({ params, client, requestId }) => {
    const session = await restore(params.sessionId, params.cwd, params.mcpServers ?? []);
    const plan = behavior.resumeReplay(session.turns);
    await replay(client, session, plan.beforeResponse);
    if (plan.afterResponse.length > 0) void options.responseWritten(requestId).then(() => replay(client, session, plan.afterResponse).catch(() => {}));
    return { configOptions: configOptionList(session.config) };
  });

  app.onRequest('session/close', async ({ params }) => {
    const session = findSession(params.sessionId);
    const turn = session.turn;
    if (turn !== undefined && behavior.closeCancelsTurn) {
      cancelTurn(session);
      await turn.ended;
    }
    for (const server of session.mcp) server.close();
    session.mcp.length = 0;
    if (behavior.closeCancelsTurn || session.turn === undefined) sessions.delete(session.id);
    return {};
  });

  app.onRequest('session/set_config_option', ({ params }) => {
    const session = findSession(params.sessionId);
    session.config = setConfigValue(session.config, params.configId, 'value' in params ? params.value : undefined);
    persist(session);
    return { configOptions: behavior.setConfigAnswer(configOptionList(session.config), params.configId) };
  });

  app.onNotification('session/cancel', ({ params }) => {
    const session = sessions.get(params.sessionId);
    if (session !== undefined) cancelTurn(session);
  });

  app.onRequest('session/prompt', async ({ params, client, requestId, signal }) => {
    const session = findSession(params.sessionId);
    for (const block of params.prompt) {
      const verdict = behavior.acceptsBlock(block);
      if (verdict === 'crash') {
        log(`fatal: cannot handle a ${block.type} block`);
        process.exit(1);
      }
      if (verdict !== true) throw RequestError.invalidParams({ type: block.type }, `this agent does not accept ${block.type} content`);
    }
    if (session.turn !== undefined) throw RequestError.invalidRequest({ sessionId: session.id }, 'a prompt turn is already running in this session');

    let endTurn = () => {};
    const turn: Turn = { cancelled: session.pendingCancel, permissionCancelled: false, terminals: new Set(), ended: new Promise((resolve) => (endTurn = resolve)) };
    session.pendingCancel = false;
    session.turn = turn;
    const history: SessionUpdate[] = params.prompt.flatMap((block) => userChunk(block));
    session.turns.push(history);
    const onAbort = () => cancelTurn(session);
    signal.addEventListener('abort', onAbort);

    const context = turnContext(session, turn, history, client);
    let stop: StopReason | undefined;
    let failure: unknown;
    try {
      stop = await playScenario(scenarioOf(params.prompt), context);
    } catch (error) {
      failure = error;
    }
    const cancelled = turn.cancelled || stop === 'cancelled';
    if (cancelled ? behavior.releaseTerminals.cancelled : behavior.releaseTerminals.normal) {
      for (const terminal of turn.terminals) await terminal.release().catch(() => {});
    }
    signal.removeEventListener('abort', onAbort);
    if (behavior.clearsTurnAtEnd) session.turn = undefined;
    persist(session);
    endTurn();

    if (signal.aborted && !behavior.answersCancelledRequest) return new Promise<PromptResponse>(() => {});
    const late = cancelled ? behavior.afterCancelledResponse(session.id) : behavior.afterNormalResponse(session.id);
    if (late.length > 0) void options.responseWritten(requestId).then(() => replay(client, session, late).catch(() => {}));
    if (turn.permissionCancelled) return { stopReason: 'end_turn' };
    if (cancelled) {
      if (behavior.cancelledAnswer === 'never') return new Promise<PromptResponse>(() => {});
      if (behavior.cancelledAnswer === 'error') throw new RequestError(-32603, 'AbortError: The operation was aborted.');
      return { stopReason: behavior.cancelledAnswer === 'end_turn' ? 'end_turn' : 'cancelled' };
    }
    if (failure !== undefined) {
      log(`turn failed: ${String(failure)}`);
      throw RequestError.internalError(undefined, String(failure));
    }
    return { stopReason: behavior.naturalStopReason(stop ?? 'end_turn') as StopReason };
  });

  const turnContext = (session: LiveSession, turn: Turn, history: SessionUpdate[], client: AgentContext): TurnContext => {
    const send = async (update: SessionUpdate) => {
      const edited = update.sessionUpdate === 'agent_message_chunk' ? behavior.messageChunk(update) : update;
      history.push(edited);
      await client.notify('session/update', { sessionId: behavior.updateSessionId(session.id, newestSessionId), update: edited });
      if (!session.mcpListed && session.mcp.length > 0) await listMcpTools(session);
    };
    const clientCall = async <T>(call: () => Promise<T>): Promise<T> => {
      try {
        return await call();
      } catch (error) {
        if (behavior.clientErrorExits) {
          log(`fatal: the client answered with an error: ${String(error)}`);
          process.exit(1);
        }
        throw error;
      }
    };
    const can = (capability: 'readTextFile' | 'writeTextFile' | 'terminal') =>
      capability === 'terminal' ? behavior.ignoresCapability.terminal || clientCapabilities.terminal === true : behavior.ignoresCapability.fs || clientCapabilities.fs?.[capability] === true;
    return {
      cwd: session.cwd,
      config: behavior.promptConfig(session.config),
      cancelled: () => turn.cancelled,
      modelStep: async () => {},
      send,
      say: (text) => send({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } }),
      path: (name) => behavior.sessionPath(session.cwd, name),
      requestPermission: async (toolCallId, title, kind) => {
        const answer = await client.request('session/request_permission', {
          sessionId: session.id,
          toolCall: { toolCallId, title, kind, status: 'pending' },
          options: behavior.permissionOptions(referencePermissionOptions.map((option) => ({ ...option }))),
        });
        if (answer.outcome.outcome === 'cancelled') {
          if (!behavior.permissionCancelledEndsCancelled) turn.permissionCancelled = true;
          turn.cancelled = true;
        }
        return answer.outcome;
      },
      can,
      readTextFile: (path) => clientCall(async () => (await client.request('fs/read_text_file', { sessionId: session.id, path })).content),
      writeTextFile: (path, content) => clientCall(async () => void (await client.request('fs/write_text_file', { sessionId: session.id, path, content }))),
      createTerminal: (command, args) =>
        clientCall(async () => {
          const handle = await client.createTerminal({ sessionId: session.id, command, args: [...args], cwd: session.cwd });
          turn.terminals.add(handle);
          if (turn.cancelled) void handle.kill().catch(() => {});
          return terminalOf(handle, clientCall);
        }),
      releaseTerminal: async (terminal) => {
        const handle = [...turn.terminals].find((entry) => entry.id === terminal.id);
        if (handle === undefined) return;
        if (!behavior.releaseTerminals.normal) return;
        turn.terminals.delete(handle);
        await clientCall(() => handle.release());
      },
      mcpTools: () => session.mcp.flatMap((server) => server.tools.map((tool) => ({ server: server.name, tool }))),
      callMcpTool: (server, tool, args) => {
        const connection = session.mcp.find((entry) => entry.name === server);
        if (connection === undefined) return Promise.reject(new Error(`no MCP server ${server}`));
        return connection.callTool(tool, args);
      },
      allows: (outcome: RequestPermissionOutcome) =>
        outcome.outcome === 'selected' &&
        (behavior.runsToolAfterReject || referencePermissionOptions.some((option) => option.optionId === outcome.optionId && option.kind.startsWith('allow'))),
      nextToolCallId: () => `call_${++session.toolCalls}`,
      updateToolCall: (toolCallId, fields) => send({ sessionUpdate: 'tool_call_update', toolCallId: behavior.toolCallUpdateId(toolCallId), ...fields }),
    };
  };

  behavior.extendApp(app);
  return app;
}

/** The turn's view of a client terminal. */
function terminalOf(handle: TerminalHandle, clientCall: <T>(call: () => Promise<T>) => Promise<T>): TurnTerminal {
  return {
    id: handle.id,
    waitForExit: () => clientCall(() => handle.waitForExit()),
    output: () => clientCall(() => handle.currentOutput()),
  };
}

/** The `user_message_chunk` a prompt block is replayed as. */
function userChunk(block: ContentBlock): SessionUpdate[] {
  return [{ sessionUpdate: 'user_message_chunk', content: block }];
}

/**
 * The reference's path of a session file: absolute, under the session's cwd.
 * @param sessionCwd - the session's cwd
 * @param name - the file's name relative to it
 */
export function pathUnderCwd(sessionCwd: string, name: string): string {
  const path = resolve(sessionCwd, name);
  if (relative(sessionCwd, path).startsWith('..')) throw new Error(`${name} is outside the session's cwd`);
  return path;
}

/** A fresh session id. */
export function randomSessionId(): string {
  return `sess_${randomUUID()}`;
}
