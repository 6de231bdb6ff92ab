import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AcpEvidence, AcpFailureEvidence } from '../../harness/acp/AcpCase.js';
import { canonicalJson } from '../../harness/protocol/canonicalJson.js';
import { describeError, UsageError } from '../../harness/UsageError.js';
import { writeFileAtomic } from '../../harness/writeFileAtomic.js';
import { buildAcpReport, type AcpAcceptanceReport, type AcpRunFacts } from './buildAcpReport.js';

// What an ACP run keeps besides its report (`acp-evidence.json`): the evidence before any verdict and the
// replay command of each failure, so that `merge` rebuilds the verdicts of several runs of one agent
// (other seeds, other `--only` slices) with the report's own rules instead of combining verdicts.

/** The format tag of `acp-evidence.json`. */
export const ACP_EVIDENCE_FORMAT = 'adapter-qualify.acp-evidence.v1';

/** The file an ACP run writes its evidence to, beside `acceptance.json`. */
export const ACP_EVIDENCE_FILE = 'acp-evidence.json';

/** `acp-evidence.json`. */
export interface AcpRunEvidence {
  readonly format: typeof ACP_EVIDENCE_FORMAT;
  readonly evidence: readonly AcpEvidence[];
  readonly suiteErrors: readonly string[];
  /** Whether `--only` left cases out. */
  readonly filteredOut: boolean;
  /** The replay command of every failing evidence, by {@link failureKey}. */
  readonly replays: Readonly<Record<string, string>>;
}

/** One run as `merge` reads it. */
export interface AcpRunRecord {
  readonly dir: string;
  readonly report: AcpAcceptanceReport;
  readonly evidence: AcpRunEvidence;
}

/**
 * The key of a failing evidence among a run's replay commands.
 * @param failure - the evidence
 */
export function failureKey(failure: AcpFailureEvidence): string {
  return JSON.stringify([failure.clauseId, failure.caseName, failure.property?.seed ?? null, failure.property?.path ?? null]);
}

/**
 * Writes `acp-evidence.json` of a run.
 * @param dir - the report directory
 * @param evidence - the run's evidence (secrets masked)
 * @param suiteErrors - its suite errors
 * @param filteredOut - whether `--only` left cases out
 * @param replayCommand - the replay command of a failing evidence
 */
export async function writeAcpRunEvidence(
  dir: string,
  evidence: readonly AcpEvidence[],
  suiteErrors: readonly string[],
  filteredOut: boolean,
  replayCommand: (failure: AcpFailureEvidence) => string,
): Promise<void> {
  const replays = Object.fromEntries(evidence.flatMap((item) => (item.status === 'fail' ? [[failureKey(item), replayCommand(item)]] : [])));
  const record: AcpRunEvidence = { format: ACP_EVIDENCE_FORMAT, evidence, suiteErrors, filteredOut, replays };
  await writeFileAtomic(join(dir, ACP_EVIDENCE_FILE), `${JSON.stringify(record)}\n`);
}

/**
 * Reads `acp-evidence.json` of a run.
 * @param dir - the report directory
 * @throws UsageError when it is missing or not of this format
 */
export async function readAcpRunEvidence(dir: string): Promise<AcpRunEvidence> {
  const file = join(dir, ACP_EVIDENCE_FILE);
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    throw new UsageError(`merge: ${file}: ${code === 'ENOENT' ? 'missing (a report of an ACP run keeps its evidence there)' : `unreadable (${code ?? describeError(cause)})`}`, { cause });
  }
  const record = value as Partial<AcpRunEvidence> | null;
  if (record?.format !== ACP_EVIDENCE_FORMAT || !Array.isArray(record.evidence) || !Array.isArray(record.suiteErrors) || typeof record.replays !== 'object')
    throw new UsageError(`merge: ${file} is not ${ACP_EVIDENCE_FORMAT}`);
  return record as AcpRunEvidence;
}

// What every merged run must share: the same agent, suite and rules; seeds, runs and `--only` may differ.
const SHARED: ReadonlyArray<readonly [string, (report: AcpAcceptanceReport) => unknown]> = [
  ['profile', (report) => report.profile],
  ['suite', (report) => report.suite],
  ['subject', (report) => report.subject],
  ['strict', (report) => report.run.strict],
  ['strictShould', (report) => report.run.strictShould],
  ['bounds', (report) => [report.run.acp.frameBytes, report.run.acp.bootstrapTimeoutMs, report.run.acp.inactivityMs]],
  ['command', (report) => report.run.acp.command],
  ['environment', (report) => report.run.acp.environment],
];

/**
 * Combines several ACP runs of one agent (other seeds, other `--only` slices) into one report (pure): the
 * verdicts are rebuilt from every run's evidence, so a clause any run FAILed is a FAIL with that run's
 * case, seed, path and replay command, and a PASS needs a real case in some run and a FAIL in none. Agent
 * processes are numbered on from run to run, in the order given, as in the merged transcript.
 * @param runs - the runs, in order
 * @returns the merged report; its seed and runs are the first run's, every run's are in `run.acp.merged`
 * @throws UsageError when the runs are not of one agent under the same rules
 */
export function mergeAcpRuns(runs: readonly AcpRunRecord[]): AcpAcceptanceReport {
  const first = runs[0];
  if (first === undefined) throw new UsageError('merge: no report directories given');
  for (const run of runs) {
    if (run.report.profile !== 'acp-agent.v1') throw new UsageError(`merge: ${run.dir} is a ${String(run.report.profile)} report, not an acp-agent.v1 one`);
    for (const [name, read] of SHARED)
      if (canonicalJson(read(run.report) as never) !== canonicalJson(read(first.report) as never))
        throw new UsageError(`merge: ${run.dir} and ${first.dir} are not runs of one agent under one set of rules: their ${name} differs`);
  }
  const offsets = agentOffsets(runs);
  const evidence = runs.flatMap((run, index) => run.evidence.evidence.map((item) => renumber(item, offsets[index]!)));
  const replays = new Map<string, string>();
  runs.forEach((run, index) => {
    for (const item of run.evidence.evidence)
      if (item.status === 'fail') replays.set(failureKey(renumber(item, offsets[index]!) as AcpFailureEvidence), run.evidence.replays[failureKey(item)] ?? '');
  });
  const sum = (read: (facts: AcpRunFacts) => number): number => runs.reduce((total, run) => total + read(run.report.run.acp), 0);
  const survivors = runs.map((run) => run.report.run.acp.survivorsKilled);
  // The first run's transcript digest binds that run's transcript only; the merge binds its own (`merge` adds it).
  const { transcript: _firstTranscript, ...run } = first.report.run;
  return buildAcpReport({
    evidence,
    suiteErrors: runs.flatMap((entry) => entry.evidence.suiteErrors),
    subject: first.report.subject,
    suite: first.report.suite,
    environment: first.report.environment,
    run: {
      ...run,
      startedAt: runs.map((entry) => entry.report.run.startedAt).reduce((a, b) => (b < a ? b : a)),
      finishedAt: runs.map((entry) => entry.report.run.finishedAt).reduce((a, b) => (b > a ? b : a)),
      only: runs.every((entry) => entry.report.run.only === run.only) ? run.only : null,
      acp: {
        ...run.acp,
        agentProcesses: sum((facts) => facts.agentProcesses),
        startupMs: sum((facts) => facts.startupMs),
        caseMs: sum((facts) => facts.caseMs),
        survivorsKilled: survivors.some((count) => count === null) ? null : survivors.reduce((a, b) => a! + b!, 0),
        merged: runs.map((entry) => ({ seed: entry.report.run.seed, runs: entry.report.run.runs, only: entry.report.run.only })),
      },
    },
    filteredOut: runs.every((entry) => entry.evidence.filteredOut),
    replayCommand: (failure) => replays.get(failureKey(failure)) || '(no replay command recorded)',
  });
}

/**
 * How far each run's agent numbers are moved so that the runs' agents are numbered on (pure).
 * @param runs - the runs, in order
 */
export function agentOffsets(runs: readonly AcpRunRecord[]): number[] {
  let next = 0;
  return runs.map((run) => {
    const offset = next;
    next += run.report.run.acp.agentProcesses;
    return offset;
  });
}

function renumber(item: AcpEvidence, offset: number): AcpEvidence {
  if (offset === 0 || item.status !== 'fail' || item.frame === null) return item;
  return { ...item, frame: { ...item.frame, agent: item.frame.agent + offset } };
}
