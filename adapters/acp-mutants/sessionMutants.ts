import { relative } from 'node:path';
import { defaultConfigValues } from '../acp-reference/configOptions.js';
import { replayWholeConversation } from '../acp-reference/referenceBehavior.js';
import { defineAcpMutant, type AcpMutant } from './AcpMutantDefinition.js';

// Sessions, MCP servers and config options: each mutant gets one session rule wrong.

/** The session mutants. */
export const sessionMutants: readonly AcpMutant[] = [
  defineAcpMutant(
    {
      name: 'duplicate-session-id',
      claims: ['ACP-SESS-NEW'],
      description: 'Gives every session of the process the same id "session-1" (a counter that is never incremented).',
    },
    { sessionId: () => 'session-1' },
  ),
  defineAcpMutant(
    {
      name: 'paths-under-spawn-directory',
      claims: ['ACP-SESS-CWD'],
      description: "Resolves the session's files against the directory it was spawned in instead of the session's cwd (process.cwd() where session.cwd was meant).",
    },
    { sessionPath: (_sessionCwd, name) => `${process.cwd()}/${name}` },
  ),
  defineAcpMutant(
    {
      name: 'relative-paths',
      claims: ['ACP-SESS-PATHS-ABSOLUTE'],
      incidental: ['ACP-SESS-CWD'],
      description: 'Sends file paths relative to the session cwd ("notes.txt") in fs requests and tool-call locations.',
    },
    { sessionPath: (sessionCwd, name) => relative(sessionCwd, `${sessionCwd}/${name}`) },
  ),
  defineAcpMutant(
    {
      name: 'update-before-session-new-response',
      claims: ['ACP-SESS-ORDER'],
      description: 'Sends its available_commands_update for a new session before the session/new response that names it (OpenHands-CLI#543, goose#11018).',
    },
    { announceAfterResponse: false },
  ),
  defineAcpMutant(
    {
      name: 'unknown-session-adopted',
      claims: ['ACP-SESS-UNKNOWN'],
      description: 'Serves a request for a session id it never created as if it were a new session, instead of answering with an error.',
    },
    { rejectUnknownSession: false },
  ),
  defineAcpMutant(
    {
      name: 'mcp-servers-ignored',
      claims: ['ACP-SESS-MCP-STDIO'],
      incidental: ['ACP-SESS-MCP-READY'],
      description: 'Accepts mcpServers in session/new but never starts them.',
    },
    { startMcpServers: false },
  ),
  defineAcpMutant(
    {
      name: 'mcp-listed-after-first-step',
      claims: ['ACP-SESS-MCP-READY'],
      description: "Answers session/new before asking its MCP servers for their tools, and lists them only after the first prompt's first model output (the host rail's readiness race).",
    },
    { listMcpToolsBeforeResponse: false },
  ),
  defineAcpMutant(
    {
      name: 'load-replays-last-turn',
      claims: ['ACP-SESS-LOAD'],
      description: 'session/load replays only the last turn of the conversation.',
    },
    { loadReplay: (turns) => ({ beforeResponse: turns.at(-1) ?? [], afterResponse: [] }) },
  ),
  defineAcpMutant(
    {
      name: 'load-replays-after-response',
      claims: ['ACP-SESS-LOAD'],
      description: 'session/load answers first and replays the conversation after its response.',
    },
    { loadReplay: (turns) => ({ beforeResponse: [], afterResponse: turns.flat() }) },
  ),
  defineAcpMutant(
    {
      name: 'sessions-not-persisted',
      claims: ['ACP-SESS-LOAD'],
      description: 'Advertises loadSession but keeps sessions only in memory, so a fresh process cannot load them.',
    },
    { persistSessions: false },
  ),
  defineAcpMutant(
    {
      name: 'resume-replays-history',
      claims: ['ACP-SESS-RESUME'],
      description: 'session/resume replays the whole conversation, as session/load would.',
    },
    { resumeReplay: replayWholeConversation },
  ),
  defineAcpMutant(
    {
      name: 'close-leaves-turn-running',
      claims: ['ACP-SESS-CLOSE'],
      description: 'session/close answers at once and leaves the running turn streaming.',
    },
    { closeCancelsTurn: false },
  ),
  defineAcpMutant(
    {
      name: 'config-answer-changed-only',
      claims: ['ACP-CFG-OPTIONS'],
      description: 'session/set_config_option answers only the option that changed instead of the complete list.',
    },
    { setConfigAnswer: (all, changedId) => all.filter((option) => option.id === changedId) },
  ),
  defineAcpMutant(
    {
      name: 'config-ignored-by-prompt',
      claims: ['ACP-CFG-OPTIONS'],
      description: 'Accepts session/set_config_option but runs every prompt with the default model (the host\'s "enforce model" has no effect).',
    },
    { promptConfig: () => defaultConfigValues },
  ),
  defineAcpMutant(
    {
      name: 'load-replays-agent-only',
      claims: ['ACP-SESS-LOAD'],
      description: "session/load replays the agent's messages but not the user's prompts (a history kept as model output only).",
    },
    { loadReplay: (turns) => ({ beforeResponse: turns.flat().filter((update) => update.sessionUpdate !== 'user_message_chunk'), afterResponse: [] }) },
  ),
  defineAcpMutant(
    {
      name: 'config-answer-stale-value',
      claims: ['ACP-CFG-OPTIONS'],
      description: 'session/set_config_option applies the value but answers the complete list with the changed option back at its first value (the list built from the defaults).',
    },
    {
      setConfigAnswer: (all, changedId) =>
        all.map((option) => (option.id === changedId && option.type === 'select' ? { ...option, currentValue: defaultConfigValues[changedId] ?? option.currentValue } : option)),
    },
  ),
];
