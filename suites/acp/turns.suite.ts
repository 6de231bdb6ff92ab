import type { AcpCaseContext, AcpSuite } from '../../harness/acp/AcpCase.js';
import type { AcpClauseId } from '../../harness/acp/acpClauses.js';
import { drivableShared } from '../../harness/acp/turn/drivableAgent.js';
import { runSessionModel } from '../../harness/acp/turn/runSessionModel.js';

// Prompt turns and cancellation as properties of one session's model (fc.commands): scenario turns,
// cancels drawn over the frames of a streaming turn, idle cancels, a second session, faults between turns.

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
      name: `${MODEL_CLAUSES.join(' ')}: a model of one session, steps drawn by fc.commands and shrunk`,
      clauses: MODEL_CLAUSES,
      run: async (context: AcpCaseContext) => {
        const shared = await drivableShared(context, MODEL_CLAUSES);
        if (shared === null) return;
        await runSessionModel(context, shared.connection, MODEL_CLAUSES, closeAdvertised(shared.result!));
      },
    },
  ],
};
