import type { AcpClauseId } from './acpClauses.js';
import type { AcpConnection, FrameRef, ResponseOutcome } from './AcpConnection.js';

// The vocabulary of ACP suites: a case checks some clauses against agent processes the
// context provides, and records evidence per clause as data.

/** How a property's failing case is found again: the seed it ran with, fast-check's path to the case, the case in words. */
export interface PropertyFailure {
  readonly seed: number;
  /** fast-check's path of the failing case (`--replay-path`). */
  readonly path: string;
  /** The failing case's drawn values, in words. */
  readonly counterexample: string;
  /** Whether this is the smallest failing case shrinking reached (false: the first failing case, kept for a clause the smallest one no longer breaks). */
  readonly smallest: boolean;
}

/** What one case found about one clause. */
export type AcpEvidence =
  | {
      readonly clauseId: AcpClauseId;
      readonly status: 'pass';
      readonly caseName: string;
      /** ACP-ENV-MINIMUM only: the configured names without which the agent could not serve (one run per name left out). */
      readonly environmentNeeded?: readonly string[];
    }
  | {
      readonly clauseId: AcpClauseId;
      readonly status: 'fail';
      readonly caseName: string;
      readonly rule: string;
      readonly frame: FrameRef | null;
      /** Present when a property's drawn case broke the rule. */
      readonly property?: PropertyFailure;
    }
  | { readonly clauseId: AcpClauseId; readonly status: 'inconclusive' | 'not-applicable' | 'skip'; readonly caseName: string; readonly reason: string };

/** The evidence of a broken rule. */
export type AcpFailureEvidence = Extract<AcpEvidence, { readonly status: 'fail' }>;

/** The result of `initialize` on a connection, as a case sees it. */
export interface InitializedAgent {
  readonly connection: AcpConnection;
  /** The initialize result, when it was a result object. */
  readonly result: Readonly<Record<string, unknown>> | null;
  readonly outcome: ResponseOutcome;
}

/** A session the suite opened. */
export interface OpenedSession {
  readonly sessionId: string | null;
  /** The session's fresh root (its `cwd`). */
  readonly root: string;
  readonly outcome: ResponseOutcome;
}

/** What the run gives a case. */
export interface AcpCaseContext {
  /** The case's seed (fast-check properties use it). */
  readonly seed: number;
  /** fast-check runs per property. */
  readonly runs: number;
  /** fast-check's path of the one case to replay (`--replay-path`), or null for a whole run: the case's property then runs only that case. */
  readonly replayPath: string | null;
  /** Properties stop at their first failing case, unshrunk (a self-check kill needs no smallest case). */
  readonly endOnFailure: boolean;
  /** The configured environment names an agent receives (`env` and the `passEnv` names the suite has; not HOME or TERM), sorted. */
  readonly configuredEnvironment: readonly string[];
  /** Bootstrap bound of initialize/session requests (ms). */
  readonly bootstrapMs: number;
  /** Inactivity limit (ms). */
  readonly inactivityMs: number;
  /** The frame bound (bytes). */
  readonly frameBytes: number;
  /**
   * The shared agent process, initialized with the full client capabilities (started on first use,
   * started again if it died). Its `result` is null when initialize failed (the case is then inconclusive).
   */
  shared(): Promise<InitializedAgent>;
  /**
   * A fresh agent process of this case alone (closed when the case ends).
   * @param options - a configured environment name to leave out (ACP-ENV-MINIMUM); an agent started by this
   * context whose HOME and working directory the new process gets too, so it sees what the first one persisted (ACP-SESS-LOAD)
   */
  startAgent(options?: { readonly leaveOutEnv?: string; readonly sameHomeAs?: AcpConnection }): Promise<AcpConnection>;
  /**
   * Sends `initialize` and waits within the bootstrap bound.
   * @param connection - the agent
   * @param params - initialize params. @defaultValue the suite's full client capabilities
   */
  initialize(connection: AcpConnection, params?: unknown): Promise<InitializedAgent>;
  /**
   * Opens a session with a fresh root as its `cwd` and no MCP servers.
   * @param connection - an initialized agent
   * @param extra - fields merged into the params (e.g. `_meta`)
   */
  newSession(connection: AcpConnection, extra?: Readonly<Record<string, unknown>>): Promise<OpenedSession>;
  /** A fresh directory for a session root of `connection`'s agent, inside the agent's own directory. */
  freshRoot(connection: AcpConnection): Promise<string>;
  /**
   * Records that the case tested `clauseId` and it held.
   * @param measured - ACP-ENV-MINIMUM: the configured names it could not do without
   */
  pass(clauseId: AcpClauseId, measured?: { readonly environmentNeeded: readonly string[] }): void;
  /**
   * Records a broken rule with the frame that shows it.
   * @param property - the property's failing case, when a drawn case broke it
   */
  fail(clauseId: AcpClauseId, rule: string, frame: FrameRef | null, property?: PropertyFailure): void;
  /** Records that the case could not decide the clause, and why. */
  inconclusive(clauseId: AcpClauseId, reason: string): void;
  /** Records that the clause does not apply to this agent (a capability it does not advertise). */
  notApplicable(clauseId: AcpClauseId, reason: string): void;
}

/** One case of an ACP suite. */
export interface AcpCase {
  /** Starts with the clause IDs it decides (`--only` matches it). */
  readonly name: string;
  readonly clauses: readonly AcpClauseId[];
  /** Runs the case; evidence goes through the context, never thrown. A throw is a suite error. */
  readonly run: (context: AcpCaseContext) => Promise<void>;
}

/** A suite file's export: the cases of one clause family. */
export interface AcpSuite {
  readonly title: string;
  readonly cases: readonly AcpCase[];
}

/**
 * Describes a response outcome in one line (for reasons and rules).
 * @param outcome - the outcome
 */
export function describeOutcome(outcome: ResponseOutcome): string {
  switch (outcome.kind) {
    case 'result':
      return `a result (agent→client frame ${outcome.frame.index})`;
    case 'error':
      return `error ${outcome.error.code} ${JSON.stringify(outcome.error.message.slice(0, 120))} (agent→client frame ${outcome.frame.index})`;
    default:
      return outcome.detail;
  }
}

/**
 * Whether an outcome ended without a response because of the suite's limits or the agent's silence
 * (inconclusive where the clause needs a response to judge).
 * @param outcome - the outcome
 */
export function isNoResponse(outcome: ResponseOutcome): outcome is Extract<ResponseOutcome, { kind: 'no-response' }> {
  return outcome.kind === 'no-response';
}

/**
 * Whether the agent still serves after what a case did: a fresh `session/new` gets a session id.
 * @param context - the case's context
 * @param connection - the agent
 * @returns null when it serves, else why not (the agent's death with its status and stderr tail)
 */
export async function stillServing(context: AcpCaseContext, connection: AcpConnection): Promise<string | null> {
  const session = await context.newSession(connection);
  if (session.sessionId !== null) return null;
  if (connection.process.exit !== null || connection.stdoutEnded) return `it stopped serving: ${connection.describeExit()}`;
  return `a following session/new got ${describeOutcome(session.outcome)}`;
}
