// The provider-neutral half of the model stub: from a model request, already translated out of
// its wire format, decide what the model answers. The scenarios are the reference agent's
// (named by a `[scenario:NAME]` marker in the prompt), played as a model would play them: text,
// a call to one of the tools the agent declared in that very request, the final text once the
// tool's result is in the conversation, or a stream that never ends.

/** The scenario names a prompt may carry, the same as the reference agent's scripted model. */
export const scenarioNames = ['plain', 'chunks', 'permission-read', 'fs-write', 'terminal', 'long-stream', 'max-tokens', 'refusal', 'mcp-tool', 'echo-config'] as const;

/** One scenario of the scripted model. */
export type ScenarioName = (typeof scenarioNames)[number];

/** A tool the agent declared in a model request: its name and its parameters' JSON Schema. */
export interface DeclaredTool {
  readonly name: string;
  /** The JSON Schema of the tool's arguments (`{}` when the request gave none). */
  readonly parameters: unknown;
}

/** A model request, read out of its wire format by a provider module. */
export interface NeutralRequest {
  /** The text of the latest user message that holds text (its text parts joined); undefined when there is none. */
  readonly latestUserText: string | undefined;
  /** Whether the conversation ends with a tool's result (the model's next step after a tool call). */
  readonly endsWithToolResult: boolean;
  /** The tools declared in this request, in order. */
  readonly declaredTools: readonly DeclaredTool[];
  /** The model the request names, when the wire format names one. */
  readonly model: string | undefined;
  /**
   * The JSON Schema of a structured (JSON) answer the request asks for; undefined for a
   * conversational turn. Agents ask for these on their own account (a "who speaks next"
   * check, a router), never for the user's prompt.
   */
  readonly responseSchema: unknown;
}

/** What a scenario needs from a declared tool. */
export type ToolRole = 'file-read' | 'file-write' | 'shell' | 'mcp';

/** One event of a scripted model answer, in the order the model emits it. */
export type TurnEvent =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'tool-call'; readonly name: string; readonly args: Readonly<Record<string, unknown>> }
  | { readonly type: 'json'; readonly value: unknown }
  | { readonly type: 'finish'; readonly reason: FinishReason };

/** Why a model answer ends: naturally, at the token limit, or refused by the model. */
export type FinishReason = 'stop' | 'max-tokens' | 'refusal';

/** How the stub answers one model request. */
export type ScriptedAnswer =
  | {
      readonly kind: 'turn';
      /** The events of the answer; an endless answer's iterable never ends. */
      readonly events: Iterable<TurnEvent>;
      readonly endless: boolean;
    }
  | {
      /** The request is a model request, but not one the scenarios can answer (the reason says why). */
      readonly kind: 'unscripted';
    };

/**
 * Which step of a scenario a model request is: the first answer, the answer after a tool's
 * result, or an agent's own structured request (outside the scenario).
 */
export type ScenarioStep = 'first' | 'after-tool-result' | 'structured';

/** The engine's decision for one request, with what the evidence shows about it. */
export interface ScriptedDecision {
  /** The scenario played; undefined for a structured (JSON) request or an unknown scenario name. */
  readonly scenario: ScenarioName | undefined;
  /** Which step of the scenario this request is. */
  readonly step: ScenarioStep;
  /** The tool chosen for a tool-calling step (its declared name), when one was needed and found. */
  readonly toolChosen: string | undefined;
  /** Why the answer is not the scenario's full script (no fitting tool, unknown scenario); undefined when it is. */
  readonly reason: string | undefined;
  readonly answer: ScriptedAnswer;
}

/** What the scenarios put into tool calls and texts; normalized by the stub's options. */
export interface ScriptSettings {
  /** The file the read scenario reads (as the file-read tool's path argument). */
  readonly readPath: string;
  /** The file the `fs-write` scenario writes. */
  readonly writePath: string;
  /** What the `fs-write` scenario writes. */
  readonly writeContent: string;
  /** The command the `terminal` scenario runs. */
  readonly shellCommand: string;
  /** The MCP fixture's tool name (as the MCP server lists it); undefined when the run has no MCP fixture. */
  readonly mcpToolName: string | undefined;
  /** Number of text chunks of the `chunks` and `max-tokens` scenarios. */
  readonly chunkCount: number;
}

/** Number of chunks of `chunks` and `max-tokens`, as in the reference agent's scripted model. */
export const DEFAULT_CHUNK_COUNT = 40;

const SCENARIO_MARKER = /\[scenario:([a-z0-9-]+)\]/;
const PATH_MARKER = /\[path:([^\]\s]+)\]/;

/**
 * The scenario a prompt text names: the first `[scenario:NAME]` marker, `plain` when there is none.
 * @param text - the latest user text of a model request
 * @returns the scenario, or the unknown name that was given
 */
export function scenarioOfText(text: string | undefined): { readonly scenario: ScenarioName } | { readonly unknownName: string } {
  const name = text === undefined ? undefined : SCENARIO_MARKER.exec(text)?.[1];
  if (name === undefined) return { scenario: 'plain' };
  return isScenarioName(name) ? { scenario: name } : { unknownName: name };
}

function isScenarioName(name: string): name is ScenarioName {
  return (scenarioNames as readonly string[]).includes(name);
}

/**
 * Decides the answer to one model request.
 * @param request - the request, out of its wire format
 * @param settings - what the scenarios put into tool calls and texts
 */
export function decideAnswer(request: NeutralRequest, settings: ScriptSettings): ScriptedDecision {
  if (request.responseSchema !== undefined) {
    return { scenario: undefined, step: 'structured', toolChosen: undefined, reason: undefined, answer: finite([{ type: 'json', value: minimalInstance(request.responseSchema) }, stop()]) };
  }
  const named = scenarioOfText(request.latestUserText);
  if ('unknownName' in named) {
    return {
      scenario: undefined,
      step: request.endsWithToolResult ? 'after-tool-result' : 'first',
      toolChosen: undefined,
      reason: `unknown scenario "${named.unknownName}" (known: ${scenarioNames.join(', ')})`,
      answer: { kind: 'unscripted' },
    };
  }
  const { scenario } = named;
  if (request.endsWithToolResult) {
    return { scenario, step: 'after-tool-result', toolChosen: undefined, reason: undefined, answer: finite([{ type: 'text', text: `Done: the ${scenario} scenario's tool ran.` }, stop()]) };
  }
  const first = (events: TurnEvent[]): ScriptedDecision => ({ scenario, step: 'first', toolChosen: undefined, reason: undefined, answer: finite(events) });
  switch (scenario) {
    case 'plain':
      return first([{ type: 'text', text: 'Hello from the model stub.' }, stop()]);
    case 'chunks':
      return first([...chunkTexts(settings.chunkCount), stop()]);
    case 'max-tokens':
      return first([...chunkTexts(settings.chunkCount), { type: 'finish', reason: 'max-tokens' }]);
    case 'refusal':
      // With a short text, as models refuse: some agents take an empty answer for a broken stream and retry it.
      return first([
        { type: 'text', text: 'I cannot help with that.' },
        { type: 'finish', reason: 'refusal' },
      ]);
    case 'echo-config':
      return first([{ type: 'text', text: `model=${request.model ?? '(none named)'}` }, stop()]);
    case 'long-stream':
      return { scenario, step: 'first', toolChosen: undefined, reason: undefined, answer: { kind: 'turn', events: endlessTexts(), endless: true } };
    case 'permission-read':
      return toolStep(scenario, request, 'file-read', settings);
    case 'fs-write':
      return toolStep(scenario, request, 'file-write', settings);
    case 'terminal':
      return toolStep(scenario, request, 'shell', settings);
    case 'mcp-tool':
      return toolStep(scenario, request, 'mcp', settings);
  }
}

const stop = (): TurnEvent => ({ type: 'finish', reason: 'stop' });

function finite(events: TurnEvent[]): ScriptedAnswer {
  return { kind: 'turn', events, endless: false };
}

function chunkTexts(count: number): TurnEvent[] {
  return Array.from({ length: count }, (_, index) => ({ type: 'text', text: `chunk ${index + 1} of ${count}. ` }));
}

function* endlessTexts(): Generator<TurnEvent> {
  for (let index = 1; ; index++) yield { type: 'text', text: `stream chunk ${index}. ` };
}

function toolStep(scenario: ScenarioName, request: NeutralRequest, role: ToolRole, settings: ScriptSettings): ScriptedDecision {
  const tool = chooseTool(request.declaredTools, role, settings.mcpToolName);
  if (tool === undefined) {
    const declared = request.declaredTools.map((declaredTool) => declaredTool.name).join(', ') || '(none)';
    const wanted = role === 'mcp' ? `the MCP tool "${settings.mcpToolName ?? '(no MCP tool name given to the stub)'}"` : `a ${role} tool`;
    const reason = `no declared tool fits ${wanted}; declared: ${declared}`;
    // A text answer ends the turn normally; the reason in the evidence says the scenario did not run.
    return { scenario, step: 'first', toolChosen: undefined, reason, answer: finite([{ type: 'text', text: `[model stub] ${reason}` }, stop()]) };
  }
  const pathFromPrompt = request.latestUserText === undefined ? undefined : PATH_MARKER.exec(request.latestUserText)?.[1];
  const args = toolArguments(tool, role, { ...settings, ...(pathFromPrompt === undefined ? {} : { readPath: pathFromPrompt, writePath: pathFromPrompt }) });
  return { scenario, step: 'first', toolChosen: tool.name, reason: undefined, answer: finite([{ type: 'tool-call', name: tool.name, args }, stop()]) };
}

/** Property names that hold a single file's path, in the spellings agents use. */
const PATH_PROPERTY = /^(absolute_?path|file_?path|path|file_?name|file|target_?file|uri)$/i;
/** Property names that hold a file's new content. */
const CONTENT_PROPERTY = /^(content|contents|text|new_?content|file_?text|data)$/i;
/** Property names that hold a shell command line. */
const COMMAND_PROPERTY = /^(command|cmd|command_?line|script)$/i;

/** Name hints per role: what a tool of that role is called, and what rules a name out. */
const NAME_HINTS: Record<Exclude<ToolRole, 'mcp'>, { readonly wanted: RegExp; readonly unwanted: RegExp }> = {
  'file-read': { wanted: /read|view|cat|open/i, unwanted: /many|multiple|dir|folder|list|glob|write|edit|search|grep|mcp/i },
  'file-write': { wanted: /write|create|save/i, unwanted: /read|dir|folder|todo|memory|mcp/i },
  shell: { wanted: /shell|bash|terminal|exec|command|run/i, unwanted: /read|write|mcp/i },
};

/**
 * Picks the declared tool that plays `role`, by its name and the shape of its parameters' schema;
 * undefined when none fits. An MCP tool is found by its name as the MCP server lists it, which
 * agents may prefix with the server's name.
 * @param tools - the tools declared in the request
 * @param role - what the scenario needs
 * @param mcpToolName - the MCP fixture's tool name, for the `mcp` role
 */
export function chooseTool(tools: readonly DeclaredTool[], role: ToolRole, mcpToolName: string | undefined): DeclaredTool | undefined {
  if (role === 'mcp') return mcpToolName === undefined ? undefined : tools.find((tool) => isMcpToolName(tool.name, mcpToolName));
  const hints = NAME_HINTS[role];
  return tools.find((tool) => hints.wanted.test(tool.name) && !hints.unwanted.test(tool.name) && fitsShape(tool, role));
}

/**
 * Whether a declared tool name is the MCP tool `mcpToolName`: the same name, or that name after a
 * server prefix (`server__tool`, `mcp_server_tool`, `server.tool`, `server/tool`).
 * @param declared - a declared tool name
 * @param mcpToolName - the tool name as the MCP server lists it
 */
export function isMcpToolName(declared: string, mcpToolName: string): boolean {
  return declared === mcpToolName || ['_', '.', '/', '-'].some((separator) => declared.endsWith(`${separator}${mcpToolName}`));
}

function fitsShape(tool: DeclaredTool, role: Exclude<ToolRole, 'mcp'>): boolean {
  const names = stringPropertyNames(tool.parameters);
  const has = (pattern: RegExp): boolean => names.some((name) => pattern.test(name));
  switch (role) {
    case 'file-read':
      return has(PATH_PROPERTY) && !has(CONTENT_PROPERTY);
    case 'file-write':
      return has(PATH_PROPERTY) && has(CONTENT_PROPERTY);
    case 'shell':
      return has(COMMAND_PROPERTY);
  }
}

function objectProperties(schema: unknown): Record<string, unknown> {
  if (!isRecord(schema) || !isRecord(schema['properties'])) return {};
  return schema['properties'];
}

function stringPropertyNames(schema: unknown): string[] {
  return Object.entries(objectProperties(schema))
    .filter(([, property]) => schemaType(property) === 'string')
    .map(([name]) => name);
}

function requiredNames(schema: unknown): string[] {
  if (!isRecord(schema) || !Array.isArray(schema['required'])) return [];
  return schema['required'].filter((name): name is string => typeof name === 'string');
}

function toolArguments(tool: DeclaredTool, role: ToolRole, settings: ScriptSettings): Record<string, unknown> {
  const properties = objectProperties(tool.parameters);
  const args: Record<string, unknown> = {};
  for (const name of requiredNames(tool.parameters)) args[name] = minimalInstance(properties[name]);
  const set = (pattern: RegExp, value: string): void => {
    const name = Object.keys(properties).find((property) => pattern.test(property) && schemaType(properties[property]) === 'string');
    if (name !== undefined) args[name] = value;
  };
  if (role === 'file-read') set(PATH_PROPERTY, settings.readPath);
  if (role === 'file-write') {
    set(PATH_PROPERTY, settings.writePath);
    set(CONTENT_PROPERTY, settings.writeContent);
  }
  if (role === 'shell') set(COMMAND_PROPERTY, settings.shellCommand);
  return args;
}

function schemaType(schema: unknown): string | undefined {
  if (!isRecord(schema)) return undefined;
  const type = schema['type'];
  if (typeof type === 'string') return type.toLowerCase();
  if (Array.isArray(type)) return type.find((entry): entry is string => typeof entry === 'string' && entry !== 'null')?.toLowerCase();
  if (Array.isArray(schema['enum'])) return typeof schema['enum'][0];
  return undefined;
}

/**
 * The smallest value a JSON Schema accepts, as far as the stub needs one: an object with its
 * required properties, the first value of an enum, an empty string or array, zero, false. Agents'
 * own structured requests get this answer (for a "who speaks next" check, the first choice).
 * Gemini's upper-case type names (`OBJECT`, `STRING`) are read as the lower-case ones.
 * @param schema - a JSON Schema (or Gemini's schema dialect)
 */
export function minimalInstance(schema: unknown): unknown {
  if (!isRecord(schema)) return null;
  if ('const' in schema) return schema['const'];
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return schema['enum'][0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0) return minimalInstance(options[0]);
  }
  switch (schemaType(schema)) {
    case 'object': {
      const properties = objectProperties(schema);
      return Object.fromEntries(requiredNames(schema).map((name) => [name, minimalInstance(properties[name])]));
    }
    case 'array':
      return [];
    case 'string':
      return 'stub';
    case 'number':
    case 'integer':
      return typeof schema['minimum'] === 'number' ? schema['minimum'] : 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
