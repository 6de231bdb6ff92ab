import type { AcpAgentBehavior, ReplayPlan } from './AcpAgentBehavior.js';
import { pathUnderCwd, randomSessionId } from './referenceAgent.js';
import { identityWire } from './stdioTransport.js';

/** The whole conversation, in order, before the response: what `session/load` must do. */
export const replayWholeConversation: ReplayPlan = (turns) => ({ beforeResponse: turns.flat(), afterResponse: [] });

/** Nothing replayed: what `session/resume` must do. */
export const replayNothing: ReplayPlan = () => ({ beforeResponse: [], afterResponse: [] });

/** The conforming agent: every part as ACP v1 asks. */
export const referenceBehavior: AcpAgentBehavior = Object.freeze<AcpAgentBehavior>({
  wire: identityWire,
  initialize: (_request, reference) => reference,
  extendApp: () => {},
  beforeNewSession: () => {},
  sessionId: () => randomSessionId(),
  newSessionResponse: (reference) => reference,
  announceAfterResponse: true,
  startMcpServers: true,
  listMcpToolsBeforeResponse: true,
  rejectUnknownSession: true,
  persistSessions: true,
  loadReplay: replayWholeConversation,
  resumeReplay: replayNothing,
  closeCancelsTurn: true,
  setConfigAnswer: (all) => all,
  promptConfig: (current) => current,
  acceptsBlock: (block) => block.type === 'text' || block.type === 'resource_link' || 'error',
  naturalStopReason: (natural) => natural,
  cancelledAnswer: 'cancelled',
  afterNormalResponse: () => [],
  afterCancelledResponse: () => [],
  permissionCancelledEndsCancelled: true,
  idleCancelCarriesOver: false,
  clearsTurnAtEnd: true,
  updateSessionId: (promptSession) => promptSession,
  runsToolAfterReject: false,
  releaseTerminals: Object.freeze({ normal: true, cancelled: true }),
  ignoresCapability: Object.freeze({ fs: false, terminal: false }),
  sessionPath: pathUnderCwd,
  permissionOptions: (reference) => reference,
  toolCallUpdateId: (announced) => announced,
  messageChunk: (reference) => reference,
  clientErrorExits: false,
  answersCancelledRequest: true,
  lifecycle: Object.freeze({ exitOnStdinEnd: true, exitOnSigterm: true, wrapsLeavingChild: false }),
  passesMcpServerEnv: true,
});
