import type { SessionUpdate } from '@agentclientprotocol/sdk';
import { defineAcpMutant, type AcpMutant } from './AcpMutantDefinition.js';

// Prompt turns, cancellation and the agent's requests to the client: each mutant gets one rule of
// a turn wrong.

/** One late `agent_message_chunk`. */
const lateChunk = (): readonly SessionUpdate[] => [{ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'One more thing.' } }];

/** The prompt-turn mutants. */
export const turnMutants: readonly AcpMutant[] = [
  defineAcpMutant(
    {
      name: 'stop-reason-error',
      claims: ['ACP-TURN-STOPREASON'],
      description: 'Ends max-tokens and refusal turns with stopReason "error", which is not in the v1 set (a provider finish reason passed through).',
    },
    { naturalStopReason: (natural) => (natural === 'max_tokens' || natural === 'refusal' ? 'error' : natural) },
  ),
  defineAcpMutant(
    {
      name: 'rejects-resource-link',
      claims: ['ACP-TURN-BASELINE-CONTENT'],
      description: 'Refuses resource_link prompt blocks, which every agent must accept.',
    },
    { acceptsBlock: (block) => block.type === 'text' || 'error' },
  ),
  defineAcpMutant(
    {
      name: 'crash-on-unadvertised-content',
      claims: ['ACP-TURN-CONTENT-GATED'],
      description: 'Dies on an image, audio or embedded-resource block it did not advertise instead of answering with an error.',
    },
    { acceptsBlock: (block) => block.type === 'text' || block.type === 'resource_link' || 'crash' },
  ),
  defineAcpMutant(
    {
      name: 'chunk-content-as-string',
      claims: ['ACP-TURN-UPDATES-SCHEMA'],
      description: 'Sends agent_message_chunk content as a bare string instead of a content block.',
    },
    {
      messageChunk: (reference) => {
        const content = reference.sessionUpdate === 'agent_message_chunk' && reference.content.type === 'text' ? reference.content.text : '';
        return { ...reference, content } as unknown as SessionUpdate;
      },
    },
  ),
  defineAcpMutant(
    {
      name: 'update-after-response',
      claims: ['ACP-TURN-NO-LATE-UPDATES'],
      description: 'Sends one more agent_message_chunk after the prompt response of a normal turn (opencode#17505).',
    },
    { afterNormalResponse: lateChunk },
  ),
  defineAcpMutant(
    {
      name: 'tool-call-update-unknown-id',
      claims: ['ACP-TURN-TOOLCALL-IDS'],
      description: 'Sends tool_call_update with a toolCallId no tool_call announced (an id regenerated per update).',
    },
    { toolCallUpdateId: (announced) => `${announced}-update` },
  ),
  defineAcpMutant(
    {
      name: 'second-prompt-busy',
      claims: ['ACP-TURN-SEQUENTIAL'],
      description: 'Never clears its "turn running" flag, so every prompt after the first in a session fails as busy.',
    },
    { clearsTurnAtEnd: false },
  ),
  defineAcpMutant(
    {
      name: 'updates-on-newest-session',
      claims: ['ACP-TURN-CONCURRENT-SESSIONS'],
      incidental: ['ACP-TURN-UPDATES-SCHEMA'],
      description: 'Sends every turn update with the id of the most recently created session (one global "current session").',
    },
    { updateSessionId: (_promptSession, newestSession) => newestSession },
  ),
];

/** The cancellation mutants. */
export const cancellationMutants: readonly AcpMutant[] = [
  defineAcpMutant(
    {
      name: 'cancel-answered-end-turn',
      claims: ['ACP-CANCEL-STOPREASON'],
      incidental: ['ACP-CANCEL-PERMISSION', 'ACP-SESS-CLOSE'],
      description: 'Answers a cancelled prompt with stopReason end_turn (copilot-cli#4561, opencode#25899).',
    },
    { cancelledAnswer: 'end_turn' },
  ),
  defineAcpMutant(
    {
      name: 'cancel-answered-error',
      claims: ['ACP-CANCEL-STOPREASON'],
      incidental: ['ACP-CANCEL-PERMISSION', 'ACP-SESS-CLOSE', 'ACP-CANCEL-REQUEST'],
      description: 'Answers a cancelled prompt with a JSON-RPC error (gemini-cli surfaced an AbortError, fixed in PR #13399).',
    },
    { cancelledAnswer: 'error' },
  ),
  defineAcpMutant(
    {
      name: 'cancelled-turn-never-answered',
      claims: ['ACP-CANCEL-PROMPT'],
      incidental: ['ACP-CANCEL-STOPREASON', 'ACP-CANCEL-PERMISSION', 'ACP-SESS-CLOSE', 'ACP-FRM-ONE-RESPONSE'],
      description: 'Stops a cancelled turn but never answers its prompt, so the turn goes silent until the client gives up (a cancel that only aborts the model stream).',
    },
    { cancelledAnswer: 'never' },
  ),
  defineAcpMutant(
    {
      name: 'update-after-cancelled-response',
      claims: ['ACP-CANCEL-ORDER'],
      incidental: ['ACP-TURN-NO-LATE-UPDATES'],
      description: 'Sends an agent_message_chunk after answering a cancelled prompt (a stream drained after the abort was reported).',
    },
    { afterCancelledResponse: lateChunk },
  ),
  defineAcpMutant(
    {
      name: 'permission-cancelled-end-turn',
      claims: ['ACP-CANCEL-PERMISSION'],
      incidental: ['ACP-CANCEL-STOPREASON'],
      description: "Ends the turn end_turn when its permission request comes back cancelled (as the SDK's own example agent does).",
    },
    { permissionCancelledEndsCancelled: false },
  ),
  defineAcpMutant(
    {
      name: 'idle-cancel-carries-over',
      claims: ['ACP-CANCEL-IDLE'],
      description: 'Remembers a session/cancel sent while no turn runs and cancels the next turn with it (claude-agent-acp#551: a stale stop reason after a cancel).',
    },
    { idleCancelCarriesOver: true },
  ),
  defineAcpMutant(
    {
      name: 'cancel-request-unanswered',
      claims: ['ACP-CANCEL-REQUEST'],
      incidental: ['ACP-FRM-ONE-RESPONSE'],
      description: 'Stops a prompt cancelled by $/cancel_request and never answers it.',
    },
    { answersCancelledRequest: false },
  ),
];

/** The mutants of the agent's requests to the client. */
export const clientRequestMutants: readonly AcpMutant[] = [
  defineAcpMutant(
    {
      name: 'fs-without-capability',
      claims: ['ACP-FS-GATED'],
      description: 'Calls fs/read_text_file and fs/write_text_file although the client did not advertise them.',
    },
    { ignoresCapability: { fs: true, terminal: false } },
  ),
  defineAcpMutant(
    {
      name: 'terminal-without-capability',
      claims: ['ACP-TERM-GATED'],
      description: 'Calls terminal/create although the client did not advertise terminal.',
    },
    { ignoresCapability: { fs: false, terminal: true } },
  ),
  defineAcpMutant(
    {
      name: 'terminal-never-released',
      claims: ['ACP-TERM-RELEASE'],
      description: 'Never sends terminal/release for the terminals it created.',
    },
    { releaseTerminals: { normal: false, cancelled: false } },
  ),
  defineAcpMutant(
    {
      name: 'terminal-kept-on-cancel',
      claims: ['ACP-TERM-RELEASE'],
      description: 'Releases its terminal at the end of a normal turn but not when the turn is cancelled.',
    },
    { releaseTerminals: { normal: true, cancelled: false } },
  ),
  defineAcpMutant(
    {
      name: 'permission-duplicate-option-ids',
      claims: ['ACP-PERMISSION-SHAPE'],
      description: 'Offers permission options that share one optionId, so the answer cannot say which was chosen.',
    },
    { permissionOptions: (reference) => reference.map((option) => ({ ...option, optionId: 'option' })) },
  ),
  defineAcpMutant(
    {
      name: 'runs-tool-after-reject',
      claims: ['ACP-PERMISSION-REJECT'],
      description: 'Runs the tool (fs write, terminal) even after the client answered reject_once.',
    },
    { runsToolAfterReject: true },
  ),
  defineAcpMutant(
    {
      name: 'client-error-exits',
      claims: ['ACP-CLIENT-ERRORS'],
      description: 'Dies when the client answers an fs or terminal request with an error (an unhandled promise rejection).',
    },
    { clientErrorExits: true },
  ),
];

/** The mutants of the stdio MCP servers a session is given. */
export const mcpMutants: readonly AcpMutant[] = [
  defineAcpMutant(
    {
      name: 'mcp-server-env-dropped',
      claims: ['ACP-SESS-MCP-STDIO'],
      description: "Starts a stdio MCP server with its own environment only, dropping the env that session/new gave for it (a server's API key never arrives).",
    },
    { passesMcpServerEnv: false },
  ),
];
