import type { AcpCaseContext, AcpSuite } from '../../harness/acp/AcpCase.js';
import type { AcpClauseId } from '../../harness/acp/acpClauses.js';
import { judgeCancelRequest } from '../../harness/acp/turn/cancelRequestCase.js';
import { CLIENT_GATE_CLAUSES, CONTENT_CLAUSES, judgeClientGates, judgePromptContent } from '../../harness/acp/turn/capabilityGates.js';
import { drivableShared } from '../../harness/acp/turn/drivableAgent.js';
import { judgeMcpServer, MCP_SERVER_CLAUSES } from '../../harness/acp/turn/mcpServerCase.js';
import { runSessionModel } from '../../harness/acp/turn/runSessionModel.js';
import { judgeSessionPaths, SESSION_PATH_CLAUSES } from '../../harness/acp/turn/sessionPathsCase.js';

// Prompt turns and cancellation as properties of one session's model (fc.commands): scenario turns,
// cancels drawn over the frames of a streaming turn, idle cancels, a second session, faults between turns;
// beside it, the cases that need a process or session of their own: client capabilities withheld,
// prompt content kinds, $/cancel_request, the suite's stdio MCP fixture.

const MODEL_CLAUSES: readonly AcpClauseId[] = [
  'ACP-TURN-STOPREASON',
  'ACP-TURN-UPDATES-SCHEMA',
  'ACP-TURN-NO-LATE-UPDATES',
  'ACP-TURN-TOOLCALL-IDS',
  'ACP-TURN-SEQUENTIAL',
  'ACP-CANCEL-STOPREASON',
  'ACP-CANCEL-ORDER',
  'ACP-CANCEL-PROMPT',
  'ACP-CANCEL-IDLE',
  'ACP-PERMISSION-SHAPE',
  'ACP-TERM-RELEASE',
  'ACP-CANCEL-PERMISSION',
  'ACP-PERMISSION-REJECT',
  'ACP-CLIENT-ERRORS',
];

function closeAdvertised(result: Readonly<Record<string, unknown>>): boolean {
  const session = (result['agentCapabilities'] as { sessionCapabilities?: Record<string, unknown> } | undefined)?.sessionCapabilities;
  const close = session?.['close'];
  return close !== undefined && close !== null && close !== false;
}

export const acpSuite: AcpSuite = {
  title: 'Prompt turns and cancellation (session model)',
  cases: [
    {
      name: `${MODEL_CLAUSES.join(' ')}: a model of one session, steps drawn and shrunk by fast-check`,
      clauses: MODEL_CLAUSES,
      run: async (context: AcpCaseContext) => {
        const shared = await drivableShared(context, MODEL_CLAUSES);
        if (shared === null) return;
        await runSessionModel(context, shared.connection, MODEL_CLAUSES, closeAdvertised(shared.result!));
      },
    },
    {
      name: `${CLIENT_GATE_CLAUSES.join(' ')}: tool turns on fresh agents offered no fs or terminal, or fs reads alone`,
      clauses: CLIENT_GATE_CLAUSES,
      run: judgeClientGates,
    },
    {
      name: `${CONTENT_CLAUSES.join(' ')}: prompts of text and resource_link blocks, then each content kind the agent did not advertise`,
      clauses: CONTENT_CLAUSES,
      run: judgePromptContent,
    },
    {
      name: 'ACP-CANCEL-REQUEST: a streaming prompt cancelled with $/cancel_request',
      clauses: ['ACP-CANCEL-REQUEST'],
      run: judgeCancelRequest,
    },
    {
      name: `${MCP_SERVER_CLAUSES.join(' ')}: a session with the suite's stdio MCP fixture, then a first mcp-tool prompt`,
      clauses: MCP_SERVER_CLAUSES,
      run: judgeMcpServer,
    },
    {
      name: `${SESSION_PATH_CLAUSES.join(' ')}: the paths that tool turns name (fs requests, tool-call locations, a terminal's cwd)`,
      clauses: SESSION_PATH_CLAUSES,
      run: judgeSessionPaths,
    },
  ],
};
