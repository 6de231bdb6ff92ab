import type { ContentBlock, PermissionOption, RequestPermissionOutcome, SessionUpdate, StopReason, ToolCallContent, ToolKind } from '@agentclientprotocol/sdk';
import type { ConfigValues } from './configOptions.js';
import type { McpTool } from './mcpStdioClient.js';

// The reference agent's scripted model: the prompt's text names a scenario with the marker
// `[scenario:NAME]`, and each scenario is a fixed sequence of updates and client requests, so the
// suite can drive every kind of turn (tool calls, permission, fs, terminal, long streams,
// non-`end_turn` stop reasons) without a real model.

/** The scenario names the prompt text may carry. */
export const scenarioNames = ['plain', 'chunks', 'permission-read', 'fs-write', 'terminal', 'long-stream', 'max-tokens', 'refusal', 'mcp-tool', 'echo-config'] as const;

/** One scenario of the scripted model. */
export type ScenarioName = (typeof scenarioNames)[number];

/** Number of chunks of the `chunks` and `max-tokens` scenarios. */
export const CHUNK_COUNT = 40;
/** Pause between two chunks of the long stream, so a `session/cancel` is read between them. */
const LONG_STREAM_PAUSE_MS = 5;
/** The file the `permission-read` scenario reads and `fs-write` writes, relative to the session's cwd. */
export const READ_FILE_NAME = 'notes.txt';
/** The file the `fs-write` scenario writes, relative to the session's cwd. */
export const WRITE_FILE_NAME = 'acp-reference-output.txt';
/** What the `fs-write` scenario writes. */
export const WRITTEN_CONTENT = 'written by the ACP reference agent\n';
/** The command the `terminal` scenario runs in a client terminal. */
export const TERMINAL_COMMAND = { command: 'echo', args: ['hello from the reference agent'] } as const;

/**
 * The scenario a prompt names: the first `[scenario:NAME]` marker of its text blocks, `plain`
 * when there is none; an unknown name is `plain` too.
 * @param prompt - the prompt's content blocks
 */
export function scenarioOf(prompt: readonly ContentBlock[]): ScenarioName {
  for (const block of prompt) {
    if (block.type !== 'text') continue;
    const name = /\[scenario:([a-z-]+)\]/.exec(block.text)?.[1];
    if (name !== undefined) return (scenarioNames as readonly string[]).includes(name) ? (name as ScenarioName) : 'plain';
  }
  return 'plain';
}

/** A terminal the client created for the turn. */
export interface TurnTerminal {
  readonly id: string;
  waitForExit(): Promise<{ exitCode?: number | null; signal?: string | null }>;
  output(): Promise<{ output: string; truncated: boolean }>;
}

/** What a scenario may do during its turn; the prompt turn implements it. */
export interface TurnContext {
  /** The session's cwd (absolute). */
  readonly cwd: string;
  /** The configuration this prompt runs with. */
  readonly config: ConfigValues;
  /** Whether the turn has been cancelled (`session/cancel`, `session/close`, `$/cancel_request`). */
  cancelled(): boolean;
  /** Marks the start of a model step (the first one is where the MCP tool list must be known). */
  modelStep(): Promise<void>;
  /** Sends one `session/update` of this turn. */
  send(update: SessionUpdate): Promise<void>;
  /** Sends an `agent_message_chunk` of text. */
  say(text: string): Promise<void>;
  /** A path of the session's file `name`, as the agent writes it in requests. */
  path(name: string): string;
  /** Asks the client's permission for an announced tool call. */
  requestPermission(toolCallId: string, title: string, kind: ToolKind): Promise<RequestPermissionOutcome>;
  /** Whether the client advertised the capability in this connection. */
  can(capability: 'readTextFile' | 'writeTextFile' | 'terminal'): boolean;
  readTextFile(path: string): Promise<string>;
  writeTextFile(path: string, content: string): Promise<void>;
  createTerminal(command: string, args: readonly string[]): Promise<TurnTerminal>;
  /** Releases the terminal (the turn also releases every terminal left at its end). */
  releaseTerminal(terminal: TurnTerminal): Promise<void>;
  /** The session's MCP tools, with the server that has each. */
  mcpTools(): readonly { readonly server: string; readonly tool: McpTool }[];
  callMcpTool(server: string, tool: string, args: Record<string, unknown>): Promise<unknown>;
  /** Whether a permission outcome lets the tool run (the reference: only an allow option). */
  allows(outcome: RequestPermissionOutcome): boolean;
  /** The id of the next tool call of this session. */
  nextToolCallId(): string;
  /** Sends a `tool_call_update` (the id goes through the behaviour's edit). */
  updateToolCall(toolCallId: string, fields: { status: 'in_progress' | 'completed' | 'failed'; content?: ToolCallContent[] }): Promise<void>;
}

/** The permission options the reference offers for every tool call. */
export const referencePermissionOptions: PermissionOption[] = [
  { optionId: 'allow-once', name: 'Allow once', kind: 'allow_once' },
  { optionId: 'allow-always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'reject-once', name: 'Reject', kind: 'reject_once' },
];

/**
 * Plays one scenario; returns the stop reason it ends with by itself (`cancelled` once the turn
 * was cancelled, whatever the step).
 * @param scenario - the scenario to play
 * @param ctx - the prompt turn
 */
export async function playScenario(scenario: ScenarioName, ctx: TurnContext): Promise<StopReason> {
  await ctx.modelStep();
  if (ctx.cancelled()) return 'cancelled';
  switch (scenario) {
    case 'plain':
      await ctx.say('Hello from the ACP reference agent.');
      return ctx.cancelled() ? 'cancelled' : 'end_turn';
    case 'chunks':
      return streamChunks(ctx, CHUNK_COUNT, 'end_turn');
    case 'max-tokens':
      return streamChunks(ctx, CHUNK_COUNT, 'max_tokens');
    case 'refusal':
      return 'refusal';
    case 'long-stream':
      return longStream(ctx);
    case 'echo-config':
      await ctx.say(JSON.stringify(ctx.config));
      return ctx.cancelled() ? 'cancelled' : 'end_turn';
    case 'permission-read':
      return permissionRead(ctx);
    case 'fs-write':
      return fsWrite(ctx);
    case 'terminal':
      return terminal(ctx);
    case 'mcp-tool':
      return mcpTool(ctx);
  }
}

async function streamChunks(ctx: TurnContext, count: number, end: StopReason): Promise<StopReason> {
  for (let index = 0; index < count; index++) {
    if (ctx.cancelled()) return 'cancelled';
    await ctx.say(`chunk ${index + 1} of ${count}. `);
  }
  return ctx.cancelled() ? 'cancelled' : end;
}

async function longStream(ctx: TurnContext): Promise<StopReason> {
  for (let index = 1; !ctx.cancelled(); index++) {
    await ctx.say(`stream chunk ${index}. `);
    await new Promise((resolve) => setTimeout(resolve, LONG_STREAM_PAUSE_MS));
  }
  return 'cancelled';
}

/**
 * Announces a tool call and asks permission. Returns the tool call id when the tool may run,
 * or the stop reason the turn ends with when it may not.
 */
async function announceAndAsk(ctx: TurnContext, title: string, kind: ToolKind, file: string | undefined): Promise<{ toolCallId: string } | { stop: StopReason }> {
  const toolCallId = ctx.nextToolCallId();
  await ctx.send({
    sessionUpdate: 'tool_call',
    toolCallId,
    title,
    kind,
    status: 'pending',
    ...(file === undefined ? {} : { locations: [{ path: ctx.path(file) }] }),
  });
  if (ctx.cancelled()) return { stop: 'cancelled' };
  const outcome = await ctx.requestPermission(toolCallId, title, kind);
  if (outcome.outcome === 'cancelled' || ctx.cancelled()) {
    await ctx.updateToolCall(toolCallId, { status: 'failed' });
    return { stop: 'cancelled' };
  }
  if (!ctx.allows(outcome)) {
    await ctx.updateToolCall(toolCallId, { status: 'failed' });
    await ctx.say('Permission was refused; the tool did not run.');
    return { stop: ctx.cancelled() ? 'cancelled' : 'end_turn' };
  }
  await ctx.updateToolCall(toolCallId, { status: 'in_progress' });
  return { toolCallId };
}

/** Ends a tool call that failed on a client error, and the turn with it. */
async function toolFailed(ctx: TurnContext, toolCallId: string, error: unknown): Promise<StopReason> {
  await ctx.updateToolCall(toolCallId, { status: 'failed' });
  if (ctx.cancelled()) return 'cancelled';
  await ctx.say(`The tool failed: ${error instanceof Error ? error.message : String(error)}`);
  return ctx.cancelled() ? 'cancelled' : 'end_turn';
}

const textContent = (text: string): ToolCallContent[] => [{ type: 'content', content: { type: 'text', text } }];

async function permissionRead(ctx: TurnContext): Promise<StopReason> {
  const asked = await announceAndAsk(ctx, `Read ${READ_FILE_NAME}`, 'read', READ_FILE_NAME);
  if ('stop' in asked) return asked.stop;
  let text: string;
  try {
    text = ctx.can('readTextFile') ? await ctx.readTextFile(ctx.path(READ_FILE_NAME)) : `(the client cannot read files; ${READ_FILE_NAME} was not read)`;
  } catch (error) {
    return toolFailed(ctx, asked.toolCallId, error);
  }
  if (ctx.cancelled()) return toolFailed(ctx, asked.toolCallId, 'cancelled');
  await ctx.updateToolCall(asked.toolCallId, { status: 'completed', content: textContent(text) });
  await ctx.say(`${READ_FILE_NAME} has ${text.length} characters.`);
  return ctx.cancelled() ? 'cancelled' : 'end_turn';
}

async function fsWrite(ctx: TurnContext): Promise<StopReason> {
  const asked = await announceAndAsk(ctx, `Write ${WRITE_FILE_NAME}`, 'edit', WRITE_FILE_NAME);
  if ('stop' in asked) return asked.stop;
  try {
    if (ctx.can('writeTextFile')) await ctx.writeTextFile(ctx.path(WRITE_FILE_NAME), WRITTEN_CONTENT);
  } catch (error) {
    return toolFailed(ctx, asked.toolCallId, error);
  }
  if (ctx.cancelled()) return toolFailed(ctx, asked.toolCallId, 'cancelled');
  const done = ctx.can('writeTextFile') ? `Wrote ${WRITE_FILE_NAME}.` : `The client cannot write files; ${WRITE_FILE_NAME} was not written.`;
  await ctx.updateToolCall(asked.toolCallId, { status: 'completed', content: textContent(done) });
  await ctx.say(done);
  return ctx.cancelled() ? 'cancelled' : 'end_turn';
}

async function terminal(ctx: TurnContext): Promise<StopReason> {
  const title = `Run ${TERMINAL_COMMAND.command}`;
  const asked = await announceAndAsk(ctx, title, 'execute', undefined);
  if ('stop' in asked) return asked.stop;
  if (!ctx.can('terminal')) {
    const text = 'The client has no terminal; the command was not run.';
    await ctx.updateToolCall(asked.toolCallId, { status: 'completed', content: textContent(text) });
    await ctx.say(text);
    return ctx.cancelled() ? 'cancelled' : 'end_turn';
  }
  try {
    const created = await ctx.createTerminal(TERMINAL_COMMAND.command, TERMINAL_COMMAND.args);
    await ctx.updateToolCall(asked.toolCallId, { status: 'in_progress', content: [{ type: 'terminal', terminalId: created.id }] });
    if (ctx.cancelled()) return 'cancelled';
    const exit = await created.waitForExit();
    if (ctx.cancelled()) return 'cancelled';
    const { output } = await created.output();
    await ctx.releaseTerminal(created);
    await ctx.updateToolCall(asked.toolCallId, { status: 'completed', content: [{ type: 'terminal', terminalId: created.id }] });
    await ctx.say(`The command exited with ${exit.exitCode ?? exit.signal ?? 'no status'} and printed ${output.length} characters.`);
  } catch (error) {
    return toolFailed(ctx, asked.toolCallId, error);
  }
  return ctx.cancelled() ? 'cancelled' : 'end_turn';
}

async function mcpTool(ctx: TurnContext): Promise<StopReason> {
  const first = ctx.mcpTools()[0];
  if (first === undefined) {
    await ctx.say('No MCP tool is available in this session.');
    return ctx.cancelled() ? 'cancelled' : 'end_turn';
  }
  const toolCallId = ctx.nextToolCallId();
  await ctx.send({ sessionUpdate: 'tool_call', toolCallId, title: `${first.server}: ${first.tool.name}`, kind: 'other', status: 'in_progress' });
  if (ctx.cancelled()) return toolFailed(ctx, toolCallId, 'cancelled');
  try {
    const result = await ctx.callMcpTool(first.server, first.tool.name, argumentsFor(first.tool.inputSchema));
    await ctx.updateToolCall(toolCallId, { status: 'completed', content: textContent(JSON.stringify(result) ?? 'null') });
  } catch (error) {
    return toolFailed(ctx, toolCallId, error);
  }
  await ctx.say(`Called ${first.tool.name}.`);
  return ctx.cancelled() ? 'cancelled' : 'end_turn';
}

/** Arguments that satisfy a simple JSON Schema: each required property gets a value of its type. */
function argumentsFor(schema: unknown): Record<string, unknown> {
  if (schema === null || typeof schema !== 'object') return {};
  const { properties, required } = schema as { properties?: Record<string, { type?: unknown }>; required?: unknown };
  const names = Array.isArray(required) ? required.filter((name): name is string => typeof name === 'string') : [];
  const sample: Record<string, unknown> = { string: 'hello', number: 1, integer: 1, boolean: true, array: [], object: {} };
  return Object.fromEntries(names.map((name) => [name, sample[String(properties?.[name]?.type)] ?? 'hello']));
}
