import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dir as temporaryDirectory } from 'tmp-promise';
import { buildAcpReport, type AcpAcceptanceReport } from '../reports/acp/buildAcpReport.js';
import { OutputDirectory, writeReportFiles } from '../reports/reportFiles.js';
import { renderSummary } from '../reports/renderSummary.js';
import type { AcceptanceReport, ReportExitCode } from '../reports/types.js';
import { SecretMask } from './evidence/SecretMask.js';
import { packageRoot, packageVersion } from './packageRoot.js';
import { shellQuote } from './quoting.js';
import { enterRunContext } from './transport/containment/environment.js';
import { ensureLauncher } from './transport/containment/launcher.js';
import { sweepRunProcesses } from './transport/containment/sweep.js';
import { acpClause } from './acp/acpClauses.js';
import type { AcpCase, AcpCaseContext, AcpEvidence, AcpSuite, InitializedAgent, OpenedSession } from './acp/AcpCase.js';
import { agentEnvironment } from './acp/acpConfig.js';
import { AcpConnection } from './acp/AcpConnection.js';
import { freshDirectory } from './acp/AcpAgentProcess.js';
import { AcpTranscript } from './acp/AcpTranscript.js';
import type { AcpRunOptions } from './acp/acpRunOptions.js';
import { interruptAcpRunOnSignal } from './interruptedReport.js';

/** Normalized options of an ACP run (every default applied). */
/** What an ACP run produced. */
export interface AcpQualificationResult {
  readonly report: AcpAcceptanceReport;
  readonly exitCode: ReportExitCode;
  readonly summary: string;
}

/** The client capabilities the suite advertises by default (fs and terminal, served safely). */
export const FULL_CLIENT_CAPABILITIES = Object.freeze({ fs: { readTextFile: true, writeTextFile: true }, terminal: true });

/**
 * Loads the ACP suites: `suites/acp/*.suite.ts` from source, `dist/suites/acp/*.suite.js` when compiled.
 * @internal
 */
export async function loadAcpSuites(): Promise<readonly AcpSuite[]> {
  const compiled = fileURLToPath(import.meta.url).endsWith('.js');
  const dir = compiled ? join(packageRoot, 'dist', 'suites', 'acp') : join(packageRoot, 'suites', 'acp');
  const extension = compiled ? '.suite.js' : '.suite.ts';
  const names = (await readdir(dir)).filter((name) => name.endsWith(extension)).sort();
  const suites: AcpSuite[] = [];
  for (const name of names) {
    const module = (await import(pathToFileURL(join(dir, name)).href)) as { readonly acpSuite?: AcpSuite };
    if (module.acpSuite === undefined) throw new Error(`${name} exports no acpSuite`);
    suites.push(module.acpSuite);
  }
  return suites;
}

/**
 * Qualifies one ACP agent: runs every selected case (one shared agent process for the cases
 * that allow it, fresh ones where a case needs them), then writes the acceptance report,
 * `transcript.jsonl` beside it. No process of the agent outlives the run.
 * @param options - normalized options
 * @throws UsageError for an unusable `--out`
 */
export async function runAcpQualification(options: AcpRunOptions): Promise<AcpQualificationResult> {
  const startedAt = new Date();
  const output = await OutputDirectory.prepare(options.outDir, { adapterDirs: [], allowInAdapterDir: true });
  const work = await temporaryDirectory({ prefix: 'adapter-qualify-acp-', unsafeCleanup: true });
  ensureLauncher();
  const tag = `aq-run-${process.pid}-${randomBytes(4).toString('hex')}`;
  const leaveRunContext = enterRunContext(tag, options.loaded.config.passEnv);
  const transcript = new AcpTranscript(join(output.staging, 'transcript.jsonl'));
  try {
    const suites = await loadAcpSuites();
    const filter = options.only === null ? null : new RegExp(options.only);
    const cases = suites.flatMap((suite) => suite.cases).filter((entry) => filter === null || filter.test(entry.name));
    const runner = new CaseRunner(options, work.path, transcript);
    const evidence: AcpEvidence[] = [];
    interruptAcpRunOnSignal({ options, output, tag, startedAt, runner, evidence, replayCommand: (caseName) => acpReplayCommand(options, caseName) });
    const suiteErrors: string[] = [];
    for (const entry of cases) {
      const result = await runner.runCase(entry);
      evidence.push(...result.evidence);
      if (result.error !== null) suiteErrors.push(`${entry.name}: ${result.error}`);
    }
    runner.closeAll();
    const sweep = sweepRunProcesses(tag);
    await transcript.close();
    const config = options.loaded.config;
    const report = buildAcpReport({
      evidence: SecretMask.fromProcess().maskDeep(evidence),
      suiteErrors,
      subject: { config: options.loaded.written as never, executableSha256: null, argvFileSha256s: [], authorityId: null },
      suite: { name: 'adapter-qualify', version: packageVersion },
      environment: { node: process.version, platform: process.platform, arch: process.arch },
      run: {
        seed: options.seed,
        runs: options.runs,
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        strict: options.strict,
        strictShould: options.strictShould,
        only: options.only,
        options: { timeoutMs: options.bootstrapTimeoutMs },
        acp: {
          agentProcesses: runner.agentsStarted,
          startupMs: Math.round(runner.startupMs),
          caseMs: Math.max(0, Math.round(runner.caseMs - runner.startupMs)),
          frameBytes: options.frameBytes,
          bootstrapTimeoutMs: options.bootstrapTimeoutMs,
          inactivityMs: options.inactivityMs,
          environment: Object.keys(agentEnvironment(config, '/')).sort(),
          command: [config.executable, ...config.argv],
          survivorsKilled: sweep.killed,
        },
      },
      filteredOut: options.only !== null,
      replayCommand: (caseName) => acpReplayCommand(options, caseName),
    });
    // The renderers read the report's JSON shape, which the extended schema checks on write.
    await writeReportFiles(report as unknown as AcceptanceReport, output.staging);
    await output.commit();
    return { report, exitCode: report.exitCode, summary: renderSummary(report as unknown as AcceptanceReport, options.outDir) };
  } catch (error) {
    await transcript.close();
    await output.discard();
    throw error;
  } finally {
    sweepRunProcesses(tag);
    leaveRunContext();
    await work.cleanup();
  }
}

/**
 * The command that re-runs exactly one case with the same seed and bounds.
 * @param options - the run's options
 * @param caseName - the case's full name
 */
export function acpReplayCommand(options: AcpRunOptions, caseName: string): string {
  const anchored = `^${caseName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
  const words = ['npx', 'adapter-qualify', 'run', options.configArg, '--seed', String(options.seed), '--runs', String(options.runs), '--only', anchored];
  if (options.bootstrapTimeoutMs !== 30_000) words.push('--bootstrap-timeout-ms', String(options.bootstrapTimeoutMs));
  if (options.inactivityMs !== 60_000) words.push('--inactivity-ms', String(options.inactivityMs));
  return words.map(shellQuote).join(' ');
}

/** Runs cases one after another, owning the shared agent and each case's own agents. */
class CaseRunner {
  readonly #options: AcpRunOptions;
  readonly #workDir: string;
  readonly #transcript: AcpTranscript;
  #shared: InitializedAgent | null = null;
  #created: AcpConnection[] = [];
  readonly #stderrReported = new WeakSet<AcpConnection>();
  /** Unique per run, so that no other run's launcher matches this run's call ids. */
  readonly #callPrefix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  #sharedRestarts = 0;
  #lastFailure: InitializedAgent | null = null;
  #agents = 0;
  startupMs = 0;
  caseMs = 0;

  constructor(options: AcpRunOptions, workDir: string, transcript: AcpTranscript) {
    this.#options = options;
    this.#workDir = workDir;
    this.#transcript = transcript;
  }

  get agentsStarted(): number {
    return this.#agents;
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
      bootstrapMs: this.#options.bootstrapTimeoutMs,
      inactivityMs: this.#options.inactivityMs,
      frameBytes: this.#options.frameBytes,
      shared: async () => {
        const shared = await this.#sharedAgent();
        watch(shared.connection);
        return shared;
      },
      startAgent: async (startOptions = {}) => {
        const connection = await this.#start(startOptions.leaveOutEnv ?? null);
        own.push(connection);
        watch(connection);
        return connection;
      },
      initialize: (connection, params) => this.#initialize(connection, params),
      newSession: (connection, extra) => this.#newSession(connection, extra),
      freshRoot: () => freshDirectory(this.#workDir, 'session'),
      pass: (clauseId) => evidence.push({ clauseId, status: 'pass', caseName }),
      fail: (clauseId, rule, frame) => evidence.push({ clauseId, status: 'fail', caseName, rule, frame }),
      inconclusive: (clauseId, reason) => evidence.push({ clauseId, status: 'inconclusive', caseName, reason }),
      notApplicable: (clauseId, reason) => evidence.push({ clauseId, status: 'not-applicable', caseName, reason }),
    };
    let error: string | null = null;
    try {
      await entry.run(context);
    } catch (thrown) {
      error = thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown);
    }
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
    if (this.#sharedRestarts >= MAX_SHARED_RESTARTS) return this.#lastFailure!;
    this.#sharedRestarts += 1;
    const connection = await this.#start(null);
    const initialized = await this.#initialize(connection, undefined);
    if (initialized.result === null) {
      connection.close();
      this.#lastFailure = initialized;
    }
    this.#shared = initialized;
    return initialized;
  }

  async #start(leaveOutEnv: string | null): Promise<AcpConnection> {
    const began = Date.now();
    const config = this.#options.loaded.config;
    const home = await freshDirectory(this.#workDir, 'home');
    const cwd = await freshDirectory(this.#workDir, 'cwd');
    this.#agents += 1;
    const connection = await AcpConnection.open(
      { executable: config.executable, argv: config.argv, env: agentEnvironment(config, home, process.env, leaveOutEnv), cwd, callId: `acp-${this.#callPrefix}-${this.#agents}` },
      {
        agent: this.#agents,
        transcript: this.#transcript,
        bounds: { frameBytes: this.#options.frameBytes, bootstrapMs: this.#options.bootstrapTimeoutMs, inactivityMs: this.#options.inactivityMs },
      },
    );
    this.startupMs += Date.now() - began;
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

  async #newSession(connection: AcpConnection, extra: Readonly<Record<string, unknown>> = {}): Promise<OpenedSession> {
    const root = await freshDirectory(this.#workDir, 'session');
    const outcome = await connection.request('session/new', { cwd: root, mcpServers: [], ...extra }, { boundMs: this.#options.bootstrapTimeoutMs }).response;
    const sessionId = outcome.kind === 'result' ? (outcome.result as { sessionId?: unknown } | null)?.sessionId : undefined;
    if (typeof sessionId === 'string') connection.registerSession(sessionId, [root]);
    return { sessionId: typeof sessionId === 'string' ? sessionId : null, root, outcome };
  }
}

/** Times the shared agent is started again after it died (each death is evidence of its case). */
const MAX_SHARED_RESTARTS = 8;

/** Clauses every frame of a connection is judged on (a connection that read frames without breaking them passes). */
const FRAMING_CLAUSES = ['ACP-FRM-STDOUT-PURE', 'ACP-FRM-LINE', 'ACP-FRM-UTF8', 'ACP-FRM-ENVELOPE'] as const;

function advertisedIn(params: unknown): { readonly readTextFile: boolean; readonly writeTextFile: boolean; readonly terminal: boolean } {
  const capabilities = (params as { clientCapabilities?: { fs?: { readTextFile?: unknown; writeTextFile?: unknown }; terminal?: unknown } } | null)?.clientCapabilities;
  return { readTextFile: capabilities?.fs?.readTextFile === true, writeTextFile: capabilities?.fs?.writeTextFile === true, terminal: capabilities?.terminal === true };
}
