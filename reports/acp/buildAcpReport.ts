import { acpClauses, isBindingLevel, type AcpClauseDefinition, type AcpClauseFamily, type AcpClauseId } from '../../harness/acp/acpClauses.js';
import type { AcpEvidence, AcpFailureEvidence } from '../../harness/acp/AcpCase.js';
import type { FrameRef } from '../../harness/acp/AcpConnection.js';
import {
  REPORT_SCHEMA_VERSION,
  type AcceptanceReport,
  type ClauseReport,
  type OverallVerdict,
  type ReportEnvironment,
  type ReportExitCode,
  type ReportRun,
  type ReportSubject,
  type ReportSuite,
  type VerdictCounts,
} from '../types.js';

// The acceptance report of an acp-agent.v1 run, built from the cases' evidence (pure). Its JSON
// shape is the first profile's (same files, verdicts, exit codes), with ACP clause IDs and families.

type WithAcpClause<T> = T extends unknown ? Omit<T, 'id' | 'family'> & { readonly id: AcpClauseId; readonly family: AcpClauseFamily } : never;

/** One ACP clause's entry in `acceptance.json`. */
export type AcpClauseReport = WithAcpClause<ClauseReport>;

/** Facts of an ACP run that the report records beside the options. */
export interface AcpRunFacts {
  /** Agent processes the run started. */
  readonly agentProcesses: number;
  /** Wall time spent from spawns to their initialize responses (ms). */
  readonly startupMs: number;
  /** Wall time spent in cases, start-up excluded (ms). */
  readonly caseMs: number;
  readonly frameBytes: number;
  readonly bootstrapTimeoutMs: number;
  readonly inactivityMs: number;
  /** Names of the variables every agent process received (never the values). */
  readonly environment: readonly string[];
  /** The executable and argv as spawned (relative argv items resolved). */
  readonly command: readonly string[];
  /** Agent processes still alive at the end of the run, all killed (null: not countable). */
  readonly survivorsKilled: number | null;
  /** The configured names without which the agent could not serve (ACP-ENV-MINIMUM's one run per name left out); absent when not measured. */
  readonly environmentNeeded?: readonly string[];
  /** Present only in a merge of runs (`merge`): each run's seed, runs and `--only`, in the order merged. */
  readonly merged?: readonly { readonly seed: number; readonly runs: number; readonly only: string | null }[];
}

/** `acceptance.json` of an ACP run. */
export interface AcpAcceptanceReport extends Omit<AcceptanceReport, 'profile' | 'clauses' | 'run'> {
  readonly profile: 'acp-agent.v1';
  readonly clauses: readonly AcpClauseReport[];
  readonly run: ReportRun & { readonly acp: AcpRunFacts };
}

/** What {@link buildAcpReport} needs. */
export interface BuildAcpReportInput {
  readonly evidence: readonly AcpEvidence[];
  /** The suite's own failures (a case that threw): any makes the exit code 3. */
  readonly suiteErrors: readonly string[];
  readonly subject: ReportSubject;
  readonly suite: ReportSuite;
  readonly environment: ReportEnvironment;
  readonly run: ReportRun & { readonly acp: AcpRunFacts };
  /** Whether `--only` left clauses out. */
  readonly filteredOut: boolean;
  /** The command that replays a failing case (its case, seed and, for a property, the path of the shrunk case). */
  readonly replayCommand: (failure: AcpFailureEvidence) => string;
}

/** Why a clause that needs a prompt turn has no case in this version of the suite. */
export const TURN_CLAUSE_REASON = 'needs a prompt turn with the scripted model (prompt turns, cancellation and agent requests are the profile’s part 2, not in this version of the suite)';

/**
 * Builds the report: per clause, FAIL on the first broken rule, PASS when a real case held, else
 * NOT-APPLICABLE (SKIP, applicable false), INCONCLUSIVE or SKIP with the cases' reasons.
 * @param input - evidence and run facts
 */
export function buildAcpReport(input: BuildAcpReportInput): AcpAcceptanceReport {
  const byClause = new Map<AcpClauseId, AcpEvidence[]>();
  for (const item of input.evidence) {
    const list = byClause.get(item.clauseId);
    if (list === undefined) byClause.set(item.clauseId, [item]);
    else list.push(item);
  }
  const clauses = acpClauses.map((definition) => clauseReport(definition, byClause.get(definition.id) ?? [], input));
  const binding = (entry: AcpClauseReport): boolean => entry.level === 'MUST' || input.run.strictShould;
  const open = (entry: AcpClauseReport): boolean => (entry.verdict === 'SKIP' || entry.verdict === 'INCONCLUSIVE') && entry.applicable !== false;
  const failed = clauses.some((entry) => entry.verdict === 'FAIL' && binding(entry));
  const mustOpen = clauses.some((entry) => entry.level === 'MUST' && open(entry));
  const strictOpen = input.run.strict && clauses.some((entry) => binding(entry) && open(entry));
  // Cases that may have run another program than the digest names are no evidence for that digest.
  const subjectChanged = input.subject.executableChanged !== undefined;
  const verdict: OverallVerdict = failed ? 'non-conformant' : mustOpen || subjectChanged ? 'incomplete' : 'conformant';
  const exitCode: ReportExitCode = input.run.interrupted !== undefined ? 4 : input.suiteErrors.length > 0 ? 3 : failed || strictOpen || subjectChanged ? 1 : 0;
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    profile: 'acp-agent.v1',
    suite: input.suite,
    subject: input.subject,
    environment: input.environment,
    run: environmentMeasured(input),
    verdict,
    exitCode,
    summary: { must: countLevel(clauses, 'MUST'), should: countLevel(clauses, 'SHOULD') },
    clauses,
    suiteErrors: [...input.suiteErrors],
  };
}

function clauseReport(definition: AcpClauseDefinition, evidence: readonly AcpEvidence[], input: BuildAcpReportInput): AcpClauseReport {
  const base = {
    id: definition.id,
    // MUST (if advertised) binds like MUST where it applies; where it does not, the entry is not applicable.
    level: isBindingLevel(definition.level) ? ('MUST' as const) : ('SHOULD' as const),
    family: definition.family,
    summary: definition.level === 'MUST (if advertised)' ? `(if advertised) ${definition.summary}` : definition.summary,
  };
  const passes = evidence.filter((item) => item.status === 'pass').length;
  const failure = evidence.find((item): item is AcpFailureEvidence => item.status === 'fail');
  if (failure !== undefined) {
    const { property } = failure;
    return {
      ...base,
      cases: passes + evidence.filter((item) => item.status === 'fail').length,
      verdict: 'FAIL',
      reason: `${failure.rule}${failure.frame === null ? '' : ` — ${describeFrame(failure.frame)}`} (case ${JSON.stringify(failure.caseName)})`,
      ...(property === undefined
        ? {}
        : {
            counterexample: {
              description: property.smallest ? `smallest failing case: ${property.counterexample}` : `failing case (not the one shrinking reached): ${property.counterexample}`,
              calls: [],
            },
          }),
      replay: input.replayCommand(failure),
      seed: property?.seed ?? input.run.seed,
      ...(property === undefined ? {} : { path: property.path }),
    };
  }
  if (passes > 0) return { ...base, cases: passes, verdict: 'PASS' };
  const reasons = (status: AcpEvidence['status']): string => distinct(evidence.flatMap((item) => (item.status === status && 'reason' in item ? [item.reason] : [])));
  if (evidence.some((item) => item.status === 'not-applicable')) return { ...base, cases: 0, verdict: 'SKIP', reason: reasons('not-applicable'), applicable: false };
  if (evidence.some((item) => item.status === 'inconclusive')) return { ...base, cases: 0, verdict: 'INCONCLUSIVE', reason: reasons('inconclusive') };
  if (evidence.some((item) => item.status === 'skip')) return { ...base, cases: 0, verdict: 'SKIP', reason: reasons('skip') };
  if (input.filteredOut) return { ...base, cases: 0, verdict: 'SKIP', reason: 'left out by --only' };
  if (definition.stage === 'turns') return { ...base, cases: 0, verdict: 'SKIP', reason: TURN_CLAUSE_REASON };
  return { ...base, cases: 0, verdict: 'SKIP', reason: 'no case of this run exercised the clause' };
}

// The run's facts with ACP-ENV-MINIMUM's measurement, when a case made one.
function environmentMeasured(input: BuildAcpReportInput): BuildAcpReportInput['run'] {
  const measured = input.evidence.find((item) => item.status === 'pass' && item.environmentNeeded !== undefined);
  if (measured === undefined || measured.status !== 'pass' || measured.environmentNeeded === undefined) return input.run;
  return { ...input.run, acp: { ...input.run.acp, environmentNeeded: [...measured.environmentNeeded] } };
}

/**
 * A frame as a FAIL names it: agent process, direction, index and the raw line.
 * @param frame - the frame
 */
export function describeFrame(frame: FrameRef): string {
  return `agent ${frame.agent}, ${frame.direction} frame ${frame.index}: \`${frame.raw}\``;
}

function distinct(reasons: readonly string[]): string {
  const unique = [...new Set(reasons)];
  return unique.length <= 3 ? unique.join('; ') : `${unique.slice(0, 3).join('; ')}; and ${unique.length - 3} more`;
}

function countLevel(clauses: readonly AcpClauseReport[], level: 'MUST' | 'SHOULD'): VerdictCounts {
  const counts = { pass: 0, fail: 0, skip: 0, inconclusive: 0 };
  const key = { PASS: 'pass', FAIL: 'fail', SKIP: 'skip', INCONCLUSIVE: 'inconclusive' } as const satisfies Record<ClauseReport['verdict'], keyof VerdictCounts>;
  for (const entry of clauses) if (entry.level === level) counts[key[entry.verdict]] += 1;
  return counts;
}
