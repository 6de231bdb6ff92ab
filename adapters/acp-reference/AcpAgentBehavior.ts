import type {
  AgentApp,
  ContentBlock,
  InitializeRequest,
  InitializeResponse,
  NewSessionResponse,
  PermissionOption,
  SessionConfigOption,
  SessionUpdate,
  StopReason,
} from '@agentclientprotocol/sdk';
import type { ConfigValues } from './configOptions.js';
import type { WireFilter } from './stdioTransport.js';

// The parts of the reference agent a mutant may replace, one per defect the suite must find.
// `referenceBehavior` gives the conforming value of each; a mutant replaces one and keeps the rest,
// so its run differs from the reference's only there.

/** How a cancelled turn's `session/prompt` is answered (`never`: it is not). */
export type CancelledAnswer = 'cancelled' | 'end_turn' | 'error' | 'never';

/** How `session/load` (and `session/resume`) replay the stored conversation. */
export type ReplayPlan = (turns: readonly (readonly SessionUpdate[])[]) => { readonly beforeResponse: readonly SessionUpdate[]; readonly afterResponse: readonly SessionUpdate[] };

/** What the agent does with a prompt content block it did not advertise. */
export type UnadvertisedContent = 'error' | 'crash';

/** The replaceable parts of the reference agent. */
export interface AcpAgentBehavior {
  /** The raw-wire filter between the process's stdio and the SDK. */
  readonly wire: WireFilter;
  /** Edits the `initialize` result the reference would give (may throw a `RequestError`). */
  readonly initialize: (request: InitializeRequest, reference: InitializeResponse) => InitializeResponse;
  /** Registers more handlers on the app (the reference registers none beyond ACP's own). */
  readonly extendApp: (app: AgentApp) => void;
  /** Runs before `session/new` does anything (the reference: nothing). */
  readonly beforeNewSession: () => void;
  /** The id of the `n`-th session this process creates (from 1). */
  readonly sessionId: (n: number) => string;
  /** Edits the `session/new` result. */
  readonly newSessionResponse: (reference: NewSessionResponse) => NewSessionResponse;
  /** Whether the session's first `available_commands_update` waits until the `session/new` response is written. */
  readonly announceAfterResponse: boolean;
  /** Whether stdio MCP servers from `session/new` are started at all. */
  readonly startMcpServers: boolean;
  /** Whether `tools/list` is sent before `session/new` answers (otherwise after the first model step). */
  readonly listMcpToolsBeforeResponse: boolean;
  /** Whether a request naming an unknown session is answered with an error (otherwise a session is made up for it). */
  readonly rejectUnknownSession: boolean;
  /** Whether sessions are written to the state directory. */
  readonly persistSessions: boolean;
  /** How `session/load` replays a stored conversation. */
  readonly loadReplay: ReplayPlan;
  /** How `session/resume` replays a stored conversation (the reference: nothing). */
  readonly resumeReplay: ReplayPlan;
  /** Whether `session/close` cancels the session's running turn. */
  readonly closeCancelsTurn: boolean;
  /** The options `session/set_config_option` answers, given the complete list and the changed id. */
  readonly setConfigAnswer: (all: SessionConfigOption[], changedId: string) => SessionConfigOption[];
  /** The configuration a prompt runs with, given the session's current values. */
  readonly promptConfig: (current: ConfigValues) => ConfigValues;
  /** Checks the prompt's content blocks; the reference refuses unadvertised kinds with invalid params. */
  readonly acceptsBlock: (block: ContentBlock) => boolean | UnadvertisedContent;
  /** The stop reason sent for a scenario that ended by itself. */
  readonly naturalStopReason: (natural: StopReason) => string;
  /** How a cancelled turn's prompt is answered. */
  readonly cancelledAnswer: CancelledAnswer;
  /** Updates sent after the prompt response of a turn that ended normally (the reference: none). */
  readonly afterNormalResponse: (sessionId: string) => readonly SessionUpdate[];
  /** Updates sent after the prompt response of a cancelled turn (the reference: none). */
  readonly afterCancelledResponse: (sessionId: string) => readonly SessionUpdate[];
  /** Whether a permission answered `cancelled` ends the turn `cancelled` (otherwise `end_turn`, even after a `session/cancel`). */
  readonly permissionCancelledEndsCancelled: boolean;
  /** Whether a `session/cancel` with no turn running is remembered and cancels the next turn. */
  readonly idleCancelCarriesOver: boolean;
  /** Whether a session accepts another prompt after a turn ended. */
  readonly clearsTurnAtEnd: boolean;
  /** The session id written in a turn's updates, given the prompt's and the most recently created one. */
  readonly updateSessionId: (promptSession: string, newestSession: string) => string;
  /** Whether the tool runs even after a `reject_*` answer. */
  readonly runsToolAfterReject: boolean;
  /** Whether terminals are released at the end of a normal turn and of a cancelled one. */
  readonly releaseTerminals: { readonly normal: boolean; readonly cancelled: boolean };
  /** Whether fs (or terminal) requests are sent even when the client did not advertise them. */
  readonly ignoresCapability: { readonly fs: boolean; readonly terminal: boolean };
  /** The path the agent uses for a file of the session (the reference: absolute, under the session's cwd). */
  readonly sessionPath: (sessionCwd: string, name: string) => string;
  /** The options of a permission request. */
  readonly permissionOptions: (reference: PermissionOption[]) => PermissionOption[];
  /** The tool call id written in a `tool_call_update`, given the announced one. */
  readonly toolCallUpdateId: (announced: string) => string;
  /** Edits one `agent_message_chunk` update (for schema defects). */
  readonly messageChunk: (reference: SessionUpdate) => SessionUpdate;
  /** Whether an error answer to an fs or terminal request ends the process. */
  readonly clientErrorExits: boolean;
  /** Whether a prompt cancelled by `$/cancel_request` is answered at all. */
  readonly answersCancelledRequest: boolean;
  /** How the process ends. */
  readonly lifecycle: ProcessLifecycle;
  /** Whether a stdio MCP server gets the `env` that `session/new` gave for it. */
  readonly passesMcpServerEnv: boolean;
}

/** How the agent process ends. */
export interface ProcessLifecycle {
  /** Whether the process exits once stdin closes. */
  readonly exitOnStdinEnd: boolean;
  /** Whether the process exits on SIGTERM. */
  readonly exitOnSigterm: boolean;
  /** Whether the process is a wrapper that starts the agent as its child and leaves it running when it ends itself. */
  readonly wrapsLeavingChild: boolean;
}
