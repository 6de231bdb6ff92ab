/**
 * The registry of clause IDs of the `acp-agent.v1` profile (catalog `acp-agent-v1.md` §3).
 * Suites, mutants and reports refer to ACP clauses only by these IDs; the
 * normative text lives in the catalog and is not repeated here beyond one line.
 */

/**
 * How binding an ACP clause is. `MUST (if advertised)` binds only when the agent
 * advertises the capability; otherwise the clause is NOT-APPLICABLE, never SKIP.
 */
export const ACP_CLAUSE_LEVELS = ['MUST', 'MUST (if advertised)', 'SHOULD'] as const;

/** One of {@link ACP_CLAUSE_LEVELS}. */
export type AcpClauseLevel = (typeof ACP_CLAUSE_LEVELS)[number];

/**
 * Which part of the profile's work judges a clause: `turns` clauses need a prompt
 * turn (prompt turns, cancellation, the agent's requests to the client); `foundation`
 * clauses need none.
 */
export type AcpClauseStage = 'foundation' | 'turns';

const ACP_SPEC = 'acp-agent-v1.md';

interface AcpCatalogFamily {
  readonly section: string;
  readonly title: string;
  readonly clauses: Readonly<Record<string, { readonly level: AcpClauseLevel; readonly stage: AcpClauseStage; readonly summary: string }>>;
}

const acpCatalog = {
  FRM: {
    section: '§3 Framing and transport',
    title: 'Framing and transport',
    clauses: {
      'ACP-FRM-STDOUT-PURE': { level: 'MUST', stage: 'foundation', summary: 'every byte on stdout belongs to a valid JSON-RPC 2.0 message (no banner, log line, blank line)' },
      'ACP-FRM-LINE': { level: 'MUST', stage: 'foundation', summary: 'each message is one line ending in \\n, no embedded newline, within the frame bound' },
      'ACP-FRM-UTF8': { level: 'MUST', stage: 'foundation', summary: 'stdout is valid UTF-8' },
      'ACP-FRM-ENVELOPE': { level: 'MUST', stage: 'foundation', summary: 'every message is a JSON-RPC 2.0 request, notification or response with a well-formed id, result/error' },
      'ACP-FRM-ONE-RESPONSE': { level: 'MUST', stage: 'foundation', summary: 'every request the suite sends gets exactly one response, ever' },
      'ACP-FRM-NO-RESPONSE-TO-NOTIFICATION': { level: 'MUST', stage: 'foundation', summary: 'the agent never answers a notification' },
      'ACP-FRM-CHUNKED-INPUT': { level: 'SHOULD', stage: 'foundation', summary: 'input split at arbitrary byte boundaries is read as the same messages' },
      'ACP-FRM-LARGE-INPUT': { level: 'SHOULD', stage: 'foundation', summary: 'request lines of 65,537 bytes, 1 MiB and 8 MiB get a response and the agent keeps serving' },
    },
  },
  INIT: {
    section: '§3 Initialization and capabilities',
    title: 'Initialization and capabilities',
    clauses: {
      'ACP-INIT-RESPONDS': { level: 'MUST', stage: 'foundation', summary: 'initialize is answered within the bootstrap bound with protocolVersion and agentCapabilities' },
      'ACP-INIT-VERSION': { level: 'MUST', stage: 'foundation', summary: 'version 1 is answered 1; an unsupported version is answered with the latest supported, as a result' },
      'ACP-INIT-SCHEMA': { level: 'MUST', stage: 'foundation', summary: "the initialize result validates against the schema's InitializeResponse" },
      'ACP-INIT-OMITTED-CAPS': { level: 'MUST', stage: 'foundation', summary: 'initialize with any subset of client capabilities, including none, gets a result' },
      'ACP-INIT-EXTENSIBLE': { level: 'MUST', stage: 'foundation', summary: 'unknown _meta fields and unknown capability keys do not make a request fail or the agent stop' },
      'ACP-INIT-INFO': { level: 'SHOULD', stage: 'foundation', summary: 'agentInfo with name and version' },
      'ACP-INIT-BEFORE': { level: 'SHOULD', stage: 'foundation', summary: 'a session method before initialize gets an error; the agent stays usable after initialize' },
      'ACP-AUTH-REQUIRED': { level: 'SHOULD', stage: 'foundation', summary: 'an agent lacking required authentication fails session/new with -32000 promptly' },
    },
  },
  SESS: {
    section: '§3 Sessions',
    title: 'Sessions',
    clauses: {
      'ACP-SESS-NEW': { level: 'MUST', stage: 'foundation', summary: 'session/new answers a non-empty sessionId unique within the agent process' },
      'ACP-SESS-CWD': { level: 'MUST', stage: 'turns', summary: "every path the agent sends for a session lies under the session's root set" },
      'ACP-SESS-PATHS-ABSOLUTE': { level: 'MUST', stage: 'turns', summary: 'every file path the agent sends is absolute' },
      'ACP-SESS-ORDER': { level: 'SHOULD', stage: 'foundation', summary: 'no session/update names a session before the response that created it' },
      'ACP-SESS-UNKNOWN': { level: 'SHOULD', stage: 'foundation', summary: 'a request naming an unknown session gets an error response and the agent keeps serving' },
      'ACP-SESS-MCP-STDIO': { level: 'MUST', stage: 'turns', summary: 'a stdio MCP server given in session/new is started by the agent' },
      'ACP-SESS-MCP-READY': { level: 'SHOULD', stage: 'turns', summary: "the MCP fixture got tools/list before the agent's first model request" },
      'ACP-SESS-LOAD': { level: 'MUST (if advertised)', stage: 'turns', summary: 'session/load replays the whole conversation before its response, also in a fresh process' },
      'ACP-SESS-RESUME': { level: 'MUST (if advertised)', stage: 'foundation', summary: 'session/resume replays nothing before its response' },
      'ACP-SESS-CLOSE': { level: 'MUST (if advertised)', stage: 'turns', summary: 'session/close during a turn ends that turn as cancelled' },
      'ACP-CFG-OPTIONS': {
        level: 'MUST (if advertised)',
        stage: 'turns',
        summary: 'config options have current values; set_config_option answers the full list; a model option set is the model the next prompt uses',
      },
    },
  },
  TURN: {
    section: '§3 Prompt turn',
    title: 'Prompt turn',
    clauses: {
      'ACP-TURN-STOPREASON': { level: 'MUST', stage: 'turns', summary: 'every session/prompt response carries a stopReason from the closed v1 set' },
      'ACP-TURN-BASELINE-CONTENT': { level: 'MUST', stage: 'turns', summary: 'a prompt of text and of resource_link blocks is accepted' },
      'ACP-TURN-CONTENT-GATED': { level: 'SHOULD', stage: 'turns', summary: 'an unadvertised content block kind gets an error response, not a crash or hang' },
      'ACP-TURN-UPDATES-SCHEMA': { level: 'MUST', stage: 'turns', summary: "every session/update validates against the schema and names the prompt's session" },
      'ACP-TURN-NO-LATE-UPDATES': { level: 'SHOULD', stage: 'turns', summary: 'no turn content for a turn after its prompt response' },
      'ACP-TURN-TOOLCALL-IDS': { level: 'SHOULD', stage: 'turns', summary: 'tool_call_update refers to an announced toolCallId; statuses never go back from completed/failed' },
      'ACP-TURN-SEQUENTIAL': { level: 'MUST', stage: 'turns', summary: 'after a turn ends, further prompts to the same and a second session are served' },
      'ACP-TURN-CONCURRENT-SESSIONS': { level: 'SHOULD', stage: 'turns', summary: 'interleaved turns of two sessions keep every update on its own session' },
    },
  },
  CANCEL: {
    section: '§3 Cancellation',
    title: 'Cancellation',
    clauses: {
      'ACP-CANCEL-STOPREASON': { level: 'MUST', stage: 'turns', summary: 'after session/cancel of an active turn the prompt is answered with stopReason cancelled' },
      'ACP-CANCEL-ORDER': { level: 'MUST', stage: 'turns', summary: 'every update after the cancel comes before the prompt response' },
      'ACP-CANCEL-PERMISSION': { level: 'MUST', stage: 'turns', summary: 'a pending permission answered cancelled still ends the turn cancelled' },
      'ACP-CANCEL-IDLE': { level: 'SHOULD', stage: 'turns', summary: 'session/cancel with no active turn changes nothing' },
      'ACP-CANCEL-PROMPT': { level: 'SHOULD', stage: 'turns', summary: 'the turn ends soon after the cancel once nothing the client owes is pending' },
      'ACP-CANCEL-REQUEST': { level: 'MUST', stage: 'turns', summary: 'a request cancelled with $/cancel_request still gets exactly one response' },
    },
  },
  CLIENT: {
    section: '§3 Agent-to-client requests',
    title: 'Agent-to-client requests',
    clauses: {
      'ACP-FS-GATED': { level: 'MUST', stage: 'turns', summary: 'no fs/* request unless the client advertised that capability' },
      'ACP-TERM-GATED': { level: 'MUST', stage: 'turns', summary: 'no terminal/* request unless the client advertised terminal' },
      'ACP-TERM-RELEASE': { level: 'MUST', stage: 'turns', summary: 'every terminal the agent created is released by the end of its turn or session' },
      'ACP-PERMISSION-SHAPE': { level: 'MUST', stage: 'turns', summary: 'a permission request validates: non-empty options, schema kinds, unique optionIds, announced toolCall' },
      'ACP-PERMISSION-REJECT': { level: 'SHOULD', stage: 'turns', summary: 'after a reject answer the tool does not run and the turn still ends with a stop reason' },
      'ACP-CLIENT-ERRORS': { level: 'SHOULD', stage: 'turns', summary: 'a client error answer to fs/terminal does not end the agent; the turn ends with a stop reason' },
    },
  },
  ROB: {
    section: '§3 Robustness',
    title: 'Robustness',
    clauses: {
      'ACP-ROB-UNKNOWN-METHOD': { level: 'MUST', stage: 'foundation', summary: 'an unknown request method gets an error response and the agent keeps serving' },
      'ACP-ROB-UNKNOWN-NOTIFICATION': { level: 'SHOULD', stage: 'foundation', summary: 'unknown notifications are ignored; the agent keeps serving' },
      'ACP-ROB-INVALID': { level: 'SHOULD', stage: 'foundation', summary: 'an invalid JSON line gets -32700 or is dropped, invalid params get -32602; the agent keeps serving' },
      'ACP-ROB-ID-TYPES': { level: 'MUST', stage: 'foundation', summary: 'string and number request ids are echoed with the same JSON value and type' },
      'ACP-NO-ROOT-EXTRAS': { level: 'MUST', stage: 'foundation', summary: 'no custom field at the root of a specification type (extensions live in _meta)' },
    },
  },
  LIFE: {
    section: '§3 Process lifecycle and containment',
    title: 'Process lifecycle and containment',
    clauses: {
      'ACP-LIFE-STDIN-EOF': { level: 'SHOULD', stage: 'foundation', summary: 'the agent exits within 5 s after its stdin closes' },
      'ACP-LIFE-SIGTERM': { level: 'SHOULD', stage: 'foundation', summary: 'the agent exits within 5 s of SIGTERM' },
      'ACP-LIFE-NO-ORPHANS': { level: 'SHOULD', stage: 'foundation', summary: 'after exit on stdin EOF or SIGTERM no process the agent started survives by more than 5 s' },
      'ACP-LIFE-STDERR': { level: 'SHOULD', stage: 'foundation', summary: 'stderr carries only UTF-8 text' },
      'ACP-ENV-MINIMUM': { level: 'SHOULD', stage: 'foundation', summary: 'initialize and session/new work with only the configured environment and a fresh HOME' },
    },
  },
} as const satisfies Record<string, AcpCatalogFamily>;

/** An ACP clause family (a group of the catalog's §3). */
export type AcpClauseFamily = keyof typeof acpCatalog;

/** A clause ID of the `acp-agent.v1` profile: misspelled IDs do not compile. */
export type AcpClauseId = {
  [F in AcpClauseFamily]: keyof (typeof acpCatalog)[F]['clauses'];
}[AcpClauseFamily] &
  string;

/** One ACP catalog entry. */
export interface AcpClauseDefinition {
  readonly id: AcpClauseId;
  readonly level: AcpClauseLevel;
  readonly family: AcpClauseFamily;
  /** Which part of the profile's work judges it (see {@link AcpClauseStage}). */
  readonly stage: AcpClauseStage;
  /** Spec file and section, e.g. `acp-agent-v1.md §3 Sessions`. */
  readonly section: string;
  /** One line, for tables and summaries. */
  readonly summary: string;
}

/** The families in catalog order, with their titles. */
export const acpClauseFamilies: readonly { readonly family: AcpClauseFamily; readonly title: string }[] = Object.freeze(
  (Object.entries(acpCatalog) as [AcpClauseFamily, AcpCatalogFamily][]).map(([family, entry]) => Object.freeze({ family, title: entry.title })),
);

/** Every clause of `acp-agent.v1`, in catalog order. */
export const acpClauses: readonly AcpClauseDefinition[] = Object.freeze(
  (Object.entries(acpCatalog) as [AcpClauseFamily, AcpCatalogFamily][]).flatMap(([family, entry]) =>
    Object.entries(entry.clauses).map(([id, definition]) =>
      Object.freeze({
        id: id as AcpClauseId,
        level: definition.level,
        family,
        stage: definition.stage,
        section: `${ACP_SPEC} ${entry.section}`,
        summary: definition.summary,
      }),
    ),
  ),
);

const byId = new Map<string, AcpClauseDefinition>(acpClauses.map((definition) => [definition.id, definition]));

/**
 * Looks an ACP clause up by ID.
 * @param id - the catalog ID, e.g. `ACP-FRM-LINE`
 */
export function acpClause(id: AcpClauseId): AcpClauseDefinition {
  const found = byId.get(id);
  if (found === undefined) throw new Error(`Unknown ACP clause ID: ${JSON.stringify(id)}`);
  return found;
}

/** Whether `id` names a registered ACP clause (for IDs read from files or the command line). */
export function isAcpClauseId(id: string): id is AcpClauseId {
  return byId.has(id);
}

/**
 * Whether a failed clause changes the exit code without `--strict-should`:
 * MUST and MUST (if advertised) do, SHOULD does not.
 */
export function isBindingLevel(level: AcpClauseLevel): boolean {
  return level !== 'SHOULD';
}
