// Runs the cases of an ACP run one after another: one shared agent process for the cases that
// allow it, fresh ones where a case needs them, and every rule a frame broke as the case's evidence.

import { randomBytes } from 'node:crypto';
import type { AcpRunFacts, BuildAcpReportInput } from '../../reports/acp/buildAcpReport.js';
import { acpClause } from '../acp/acpClauses.js';
import type { AcpCase, AcpCaseContext, AcpEvidence, InitializedAgent, OpenedSession } from '../acp/AcpCase.js';
import { agentEnvironment } from '../acp/acpConfig.js';
import type { AcpConnection } from '../acp/AcpConnection.js';
import { freshDirectory } from '../acp/AcpAgentProcess.js';
import type { AcpTranscript } from '../acp/AcpTranscript.js';
import type { AcpRunOptions } from '../acp/acpRunOptions.js';
import { openAgentConnection, settleModelStubCase } from '../acp/modelStub/agentModelStubs.js';
import { packageVersion } from '../packageRoot.js';

/** The client capabilities the suite advertises by default (fs and terminal, served safely). */
export const FULL_CLIENT_CAPABILITIES = Object.freeze({ fs: { readTextFile: true, writeTextFile: true }, terminal: true });

/** What the cases of an ACP run found (the suite's own failures: a case that threw, by name), and what running them took. */
export interface AcpCasesOutcome extends Pick<BuildAcpReportInput, 'evidence' | 'suiteErrors'>, Pick<AcpRunFacts, 'agentProcesses' | 'startupMs'> {
  /** Wall time in cases, start-up included (ms). */
  readonly caseMs: number;
}

/**
 * Runs cases one after another, owning the shared agent and each case's own agents.
 * @internal
 */
export class AcpCaseRunner {
  readonly #options: AcpRunOptions;
  readonly #workDir: string;
  readonly #transcript: AcpTranscript;
  #shared: InitializedAgent | null = null;
  #created: AcpConnection[] = [];
  readonly #stderrReported = new WeakSet<AcpConnection>();
  /** Unique per run, so that no other run's launcher matches this run's call ids. */
  readonly #callPrefix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  #sharedRestarts = 0;
  /** The last shared agent started: what every case gets once the restarts are spent. */
  #lastShared: InitializedAgent | null = null;
  #agents = 0;
  readonly #judged: AcpEvidence[] = [];
  /** Each agent's own directory, HOME and working directory, for its session roots and a later agent that must see what it persisted. */
  readonly #places = new WeakMap<AcpConnection, AgentPlaces>();
  startupMs = 0;
  caseMs = 0;

  constructor(options: AcpRunOptions, workDir: string, transcript: AcpTranscript) {
    this.#options = options;
    this.#workDir = workDir;
    this.#transcript = transcript;
  }

  /** The evidence of the cases finished so far (a case in flight adds its own once it ends). */
  get judged(): readonly AcpEvidence[] {
    return this.#judged;
  }

  get agentsStarted(): number {
    return this.#agents;
  }

  /**
   * Runs every case in order, then closes the shared agent.
   * @param cases - the selected cases
   * @returns every case's evidence, and the suite's own failures (a case that threw)
   */
  async runAll(cases: readonly AcpCase[]): Promise<AcpCasesOutcome> {
    const evidence = this.#judged;
    const suiteErrors: string[] = [];
    for (const entry of cases) {
      const result = await this.runCase(entry);
      evidence.push(...result.evidence);
      if (result.error !== null) suiteErrors.push(`${entry.name}: ${result.error}`);
    }
    this.closeAll();
    return { evidence, suiteErrors, agentProcesses: this.#agents, startupMs: this.startupMs, caseMs: this.caseMs };
  }

  async runCase(entry: AcpCase): Promise<{ readonly evidence: readonly AcpEvidence[]; readonly error: string | null }> {
    const evidence: AcpEvidence[] = [];
    const own: AcpConnection[] = [];
    const seen = new Map<AcpConnection, number>();
    const watch = (connection: AcpConnection): void => {
      if (!seen.has(connection)) seen.set(connection, connection.violations.length);
    };
    const caseName = entry.name;
    const started = Date.now();
    // A connection started during this case (the shared one included) has all its evidence here.
    this.#created = [];
    const context: AcpCaseContext = {
      seed: this.#options.seed,
      runs: this.#options.runs,
      replayPath: this.#options.replayPath,
      endOnFailure: this.#options.endOnFailure === true,
      configuredEnvironment: Object.keys(agentEnvironment(this.#options.loaded.config, '/'))
        .filter((name) => name !== 'HOME' && name !== 'TERM')
        .sort(),
      bootstrapMs: this.#options.bootstrapTimeoutMs,
      inactivityMs: this.#options.inactivityMs,
      frameBytes: this.#options.frameBytes,
      shared: async () => {
        const shared = await this.#sharedAgent();
        watch(shared.connection);
        return shared;
      },
      startAgent: async (startOptions = {}) => {
        const connection = await this.#start(startOptions.leaveOutEnv ?? null, startOptions.sameHomeAs);
        own.push(connection);
        watch(connection);
        return connection;
      },
      initialize: (connection, params) => this.#initialize(connection, params),
      newSession: (connection, extra) => this.#newSession(connection, extra),
      freshRoot: (connection) => this.#freshRoot(connection),
      pass: (clauseId, measured) => evidence.push({ clauseId, status: 'pass', caseName, ...measured }),
      fail: (clauseId, rule, frame, property) => evidence.push({ clauseId, status: 'fail', caseName, rule, frame, ...(property === undefined ? {} : { property }) }),
      inconclusive: (clauseId, reason) => evidence.push({ clauseId, status: 'inconclusive', caseName, reason }),
      notApplicable: (clauseId, reason) => evidence.push({ clauseId, status: 'not-applicable', caseName, reason }),
    };
    let error: string | null = null;
    try {
      await entry.run(context);
    } catch (thrown) {
      error = thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown);
    }
    await Promise.all(own.map((connection) => connection.drainAfterExit(DRAIN_AFTER_EXIT_MS)));
    for (const connection of own) connection.close();
    for (const connection of this.#created) seen.set(connection, 0);
    // Every rule a frame broke during the case is the case's evidence, whichever clause it names.
    for (const [connection, before] of seen) {
      for (const violation of connection.violations.slice(before)) evidence.push({ clauseId: violation.clauseId, status: 'fail', caseName, rule: violation.rule, frame: violation.frame });
      const stderrInvalidAt = connection.process.stderrInvalidAt;
      if (stderrInvalidAt !== null) {
        if (!this.#stderrReported.has(connection))
          evidence.push({
            clauseId: 'ACP-LIFE-STDERR',
            status: 'fail',
            caseName,
            rule: `agent ${connection.agent}'s stderr is not UTF-8 text (first invalid byte at offset ${stderrInvalidAt}; tail ${JSON.stringify(connection.process.stderrTail.slice(-200))})`,
            frame: null,
          });
        this.#stderrReported.add(connection);
      } else if (connection.process.exit !== null || own.includes(connection)) evidence.push({ clauseId: 'ACP-LIFE-STDERR', status: 'pass', caseName });
      if (connection.responsesMatched > 0 && connection.violations.every((violation) => violation.clauseId !== 'ACP-FRM-ONE-RESPONSE'))
        evidence.push({ clauseId: 'ACP-FRM-ONE-RESPONSE', status: 'pass', caseName });
      if (connection.framesRead > 0) {
        const broken = new Set(connection.violations.slice(before).map((violation) => violation.clauseId));
        for (const clauseId of FRAMING_CLAUSES)
          if (!broken.has(clauseId) && connection.violations.every((violation) => violation.clauseId !== clauseId)) evidence.push({ clauseId, status: 'pass', caseName });
      }
    }
    settleModelStubCase(seen.keys(), evidence);
    if (this.#shared !== null && this.#shared.connection.process.exit !== null) this.closeShared();
    this.caseMs += Date.now() - started;
    return { evidence: evidence.filter((item) => acpClause(item.clauseId) !== undefined), error };
  }

  closeShared(): void {
    if (this.#shared?.result === null) return;
    this.#shared?.connection.close();
    this.#shared = null;
  }

  /** Closes the shared agent whatever its state (the end of the run). */
  closeAll(): void {
    this.#shared?.connection.close();
    this.#shared = null;
  }

  async #sharedAgent(): Promise<InitializedAgent> {
    const current = this.#shared;
    if (current !== null && (current.result === null || (current.connection.process.exit === null && !current.connection.stdoutEnded))) return current;
    // An agent that never initialized is not started again for every case: its first answer stands.
    this.closeShared();
    if (this.#sharedRestarts >= MAX_SHARED_RESTARTS && this.#lastShared !== null) return this.#lastShared;
    this.#sharedRestarts += 1;
    const connection = await this.#start(null);
    const initialized = await this.#initialize(connection, undefined);
    if (initialized.result === null) connection.close();
    this.#lastShared = initialized;
    this.#shared = initialized;
    return initialized;
  }

  async #start(leaveOutEnv: string | null, sameHomeAs?: AcpConnection): Promise<AcpConnection> {
    const began = Date.now();
    const config = this.#options.loaded.config;
    // An agent that must see what an earlier one persisted is restarted as an editor would restart
    // it: in the same HOME and the same working directory.
    const earlier = sameHomeAs === undefined ? undefined : this.#places.get(sameHomeAs);
    const places = earlier ?? (await freshAgentPlaces(this.#workDir));
    const { root, home, cwd } = places;
    this.#agents += 1;
    const connection = await openAgentConnection(
      config.model,
      { executable: config.executable, argv: config.argv, env: agentEnvironment(config, home, process.env, leaveOutEnv), cwd, root, callId: `acp-${this.#callPrefix}-${this.#agents}` },
      {
        agent: this.#agents,
        transcript: this.#transcript,
        bounds: { frameBytes: this.#options.frameBytes, bootstrapMs: this.#options.bootstrapTimeoutMs, inactivityMs: this.#options.inactivityMs },
      },
    );
    this.startupMs += Date.now() - began;
    this.#places.set(connection, places);
    this.#created.push(connection);
    return connection;
  }

  async #initialize(connection: AcpConnection, params: unknown): Promise<InitializedAgent> {
    const began = Date.now();
    const sent = params ?? { protocolVersion: 1, clientCapabilities: FULL_CLIENT_CAPABILITIES, clientInfo: { name: 'adapter-qualify', version: packageVersion } };
    connection.advertise(advertisedIn(sent));
    const outcome = await connection.request('initialize', sent, { boundMs: this.#options.bootstrapTimeoutMs }).response;
    this.startupMs += Date.now() - began;
    const result =
      outcome.kind === 'result' && outcome.result !== null && typeof outcome.result === 'object' && !Array.isArray(outcome.result) ? (outcome.result as Record<string, unknown>) : null;
    return { connection, result, outcome };
  }

  /** A fresh session root inside `connection`'s agent's own directory (the one place its sandbox lets it write). */
  async #freshRoot(connection: AcpConnection): Promise<string> {
    const places = this.#places.get(connection);
    if (places === undefined) throw new Error('a session root was asked for an agent this runner did not start');
    return freshDirectory(places.root, 'session');
  }

  async #newSession(connection: AcpConnection, extra: Readonly<Record<string, unknown>> = {}): Promise<OpenedSession> {
    const root = await this.#freshRoot(connection);
    const outcome = await connection.request('session/new', { cwd: root, mcpServers: [], ...extra }, { boundMs: this.#options.bootstrapTimeoutMs }).response;
    const sessionId = outcome.kind === 'result' ? (outcome.result as { sessionId?: unknown } | null)?.sessionId : undefined;
    if (typeof sessionId === 'string') connection.registerSession(sessionId, [root]);
    return { sessionId: typeof sessionId === 'string' ? sessionId : null, root, outcome };
  }
}

/** An agent's own directory and the HOME and working directory inside it. */
interface AgentPlaces {
  readonly root: string;
  readonly home: string;
  readonly cwd: string;
}

async function freshAgentPlaces(agentRoots: string): Promise<AgentPlaces> {
  const root = await freshDirectory(agentRoots, 'agent');
  const [home, cwd] = await Promise.all([freshDirectory(root, 'home'), freshDirectory(root, 'cwd')]);
  return { root, home, cwd };
}

/** How long a case's exited agent may keep its stdout open before the case ends (its last bytes are evidence). */
const DRAIN_AFTER_EXIT_MS = 5000;

/** Times the shared agent is started again after it died (each death is evidence of its case). */
const MAX_SHARED_RESTARTS = 8;

/** Clauses every frame of a connection is judged on (a connection that read frames without breaking them passes). */
const FRAMING_CLAUSES = ['ACP-FRM-STDOUT-PURE', 'ACP-FRM-LINE', 'ACP-FRM-UTF8', 'ACP-FRM-ENVELOPE'] as const;

function advertisedIn(params: unknown): { readonly readTextFile: boolean; readonly writeTextFile: boolean; readonly terminal: boolean } {
  const capabilities = (params as { clientCapabilities?: { fs?: { readTextFile?: unknown; writeTextFile?: unknown }; terminal?: unknown } } | null)?.clientCapabilities;
  return { readTextFile: capabilities?.fs?.readTextFile === true, writeTextFile: capabilities?.fs?.writeTextFile === true, terminal: capabilities?.terminal === true };
}
