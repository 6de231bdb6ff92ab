// The model stub in an ACP run: each agent process of a configuration with `model` gets its own
// stub, started before the agent and stopped when it exits; its requests go into the transcript,
// and a request the stub did not understand turns the verdicts of the turn clauses of the case
// it happened in into INCONCLUSIVE with that request as the cause, never a PASS or the agent's FAIL.
import type { AcpEvidence } from '../AcpCase.js';
import { acpClause } from '../acpClauses.js';
import type { AgentSpawnRequest } from '../AcpAgentProcess.js';
import { AcpConnection, type ConnectionServices } from '../AcpConnection.js';
import type { AcpTranscript } from '../AcpTranscript.js';
import { MCP_FIXTURE_TOOL } from '../mcpFixtureTool.js';
import { startModelStub, type ModelRequestRecord, type ModelStub, type ModelStubProvider } from './index.js';

/** The `model` field of a subject configuration (`AcpModelStubConfig`). */
export interface AgentModelStubConfig {
  /** The provider, one of `modelStubProviders` (the config loader checks it). */
  readonly stub: string;
  /** The variable through which the agent is pointed at the stub. */
  readonly baseUrlEnv: string;
}

/** An agent process's stub and how far its records have been written and judged. */
interface AttachedStub {
  readonly stub: ModelStub;
  readonly agent: number;
  readonly transcript: AcpTranscript;
  /** When the agent's connection was opened (transcript times count from it). */
  readonly openedAt: number;
  /** Records already written to the transcript and judged (the earlier cases'). */
  seen: number;
}

const attached = new WeakMap<AcpConnection, AttachedStub>();

/**
 * Opens an agent connection, first starting the agent's own model stub when the configuration asks
 * for one (the agent's environment then points at it). The stub stops when the agent process exits.
 * @param model - the configuration's `model` field, or null (the connection opens as usual)
 * @param spawnRequest - the process to start
 * @param services - transcript, bounds, the agent's number
 * @throws AgentSpawnError when the agent cannot be started (its stub is stopped first)
 */
export async function openAgentConnection(model: AgentModelStubConfig | null, spawnRequest: AgentSpawnRequest, services: ConnectionServices): Promise<AcpConnection> {
  if (model === null) return AcpConnection.open(spawnRequest, services);
  const stub = await startModelStub({ provider: model.stub as ModelStubProvider, mcpToolName: MCP_FIXTURE_TOOL.name });
  const openedAt = Date.now();
  let connection: AcpConnection;
  try {
    connection = await AcpConnection.open({ ...spawnRequest, env: { ...spawnRequest.env, ...stub.envFor(model.baseUrlEnv) } }, services);
  } catch (error) {
    await stub.stop();
    throw error;
  }
  services.transcript.event(services.agent, 0, `model stub (${stub.provider}) at ${stub.baseUrl} for this agent process, its address in ${model.baseUrlEnv}`);
  attached.set(connection, { stub, agent: services.agent, transcript: services.transcript, openedAt, seen: 0 });
  void connection.process.exited.then(() => stub.stop());
  return connection;
}

/**
 * The model requests an agent made so far (its stub's records, in arrival order), for clauses judged
 * from them (ACP-SESS-MCP-READY).
 * @param connection - an agent connection
 * @returns the records, or null when the agent has no model stub
 */
export function modelRequestsOf(connection: AcpConnection): ModelRequestRecord[] | null {
  return attached.get(connection)?.stub.requests() ?? null;
}

/**
 * Ends a case for the model stubs of its agents: writes the requests each stub received since the
 * previous case into the transcript, and when one of them was not understood (refused with an HTTP
 * error, or its scenario not played), rewrites every PASS, FAIL and INCONCLUSIVE of a turn clause in
 * `evidence` as INCONCLUSIVE naming that request. Evidence of clauses that need no model turn stays.
 * @param connections - the agents the case used
 * @param evidence - the case's evidence, rewritten in place
 */
export function settleModelStubCase(connections: Iterable<AcpConnection>, evidence: AcpEvidence[]): void {
  const misunderstood: string[] = [];
  for (const connection of connections) {
    const entry = attached.get(connection);
    if (entry === undefined) continue;
    const fresh = entry.stub.requests().slice(entry.seen);
    entry.seen += fresh.length;
    for (const record of fresh) {
      entry.transcript.event(entry.agent, Math.max(0, Date.parse(record.at) - entry.openedAt), `model stub request ${JSON.stringify(record)}`);
      const cause = misunderstoodCause(record);
      if (cause !== null) misunderstood.push(`agent ${entry.agent}'s model request #${record.seq} (${record.method} ${record.path}) ${cause}`);
    }
  }
  if (misunderstood.length === 0) return;
  const cause = `the model stub did not understand ${misunderstood.slice(0, 3).join('; ')}${misunderstood.length > 3 ? ` (and ${misunderstood.length - 3} more)` : ''}`;
  for (const [index, item] of evidence.entries()) {
    if (acpClause(item.clauseId).stage !== 'turns' || item.status === 'not-applicable' || item.status === 'skip') continue;
    const reason = item.status === 'inconclusive' ? `${cause}; the case said: ${item.reason}` : item.status === 'fail' ? `${cause}; the case saw: ${item.rule}` : cause;
    evidence[index] = { clauseId: item.clauseId, status: 'inconclusive', caseName: item.caseName, reason };
  }
}

/**
 * Why a request shows the stub, not the agent, out of its depth; null when the stub played its part.
 * @internal
 */
export function misunderstoodCause(record: ModelRequestRecord): string | null {
  if (record.status >= 400) return `was answered HTTP ${record.status}: ${record.reason ?? 'no reason recorded'}`;
  if (record.isModelTurn && record.reason !== undefined) return `did not play its scenario${record.scenario === undefined ? '' : ` ${record.scenario}`}: ${record.reason}`;
  return null;
}
