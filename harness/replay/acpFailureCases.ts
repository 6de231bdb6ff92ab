import { mkdir, rm } from 'node:fs/promises';
import path, { join } from 'node:path';
import type { AcpEvidence, AcpFailureEvidence } from '../acp/AcpCase.js';
import { isAcpClauseId, type AcpClauseId } from '../acp/acpClauses.js';
import { acpRunDefaults, type AcpRunOptions } from '../acp/acpRunOptions.js';
import { escapeRegExp, shellQuote } from '../quoting.js';
import { writeFileAtomic } from '../writeFileAtomic.js';
import type { AcpAcceptanceReport } from '../../reports/acp/buildAcpReport.js';
import type { ClauseVerdict } from '../../reports/types.js';
import { cliWords, FAILURES_DIR, judgeReplay, readStoredCases, REPLAY_ATTEMPTS, type ReplayAnswer } from './failureCases.js';

// The FAILs of an ACP run stored as replayable cases (`failures/<clause>.json`), the command that
// replays each (its one case, its seed, fast-check's path of the shrunk case, its own `--out`), and the
// judging of the replays (the first profile's FIXED/FAILED/FLAKY/INCONCLUSIVE, three attempts).

/** Version of the ACP `failures/<clause>.json` format. */
export const ACP_FAILURE_CASE_VERSION = 1;

/** One ACP FAIL stored as a replayable case. */
export interface AcpStoredFailure {
  readonly version: typeof ACP_FAILURE_CASE_VERSION;
  readonly profile: 'acp-agent.v1';
  readonly clauseId: AcpClauseId;
  readonly level: 'MUST' | 'SHOULD';
  /** The rule broken, with the frame that shows it. */
  readonly reason: string;
  /** The full name of the case that broke it. */
  readonly caseName: string;
  readonly seed: number;
  /** fast-check's path of the failing property case, or null when the case is not a property (its steps are fixed). */
  readonly path: string | null;
  /** The failing case's drawn values in words, or null. */
  readonly counterexample: string | null;
  /** The agent configuration the run qualified (absolute; bytes that are not UTF-8 written `\xNN`, see `configBytes`). */
  readonly config: string;
  /** The configuration path's bytes in hex when they are not UTF-8, else null (absent in older cases). */
  readonly configBytes?: string | null;
  /** The `run` options after the configuration that re-run exactly this case. */
  readonly runArgs: readonly string[];
  /** The full command line, as in the report. */
  readonly replayCommand: string;
}

/**
 * The `run` options, after the configuration, that re-run exactly one failing case: its case by an
 * anchored `--only`, its seed, fast-check's path when a property case failed, the run's bounds.
 * @param options - the run's options
 * @param failure - the failing evidence
 * @public
 */
export function acpReplayRunArgs(options: AcpRunOptions, failure: Pick<AcpFailureEvidence, 'caseName' | 'property'>): string[] {
  const words = ['--only', `^${escapeRegExp(failure.caseName)}$`, '--seed', String(failure.property?.seed ?? options.seed), '--runs', String(options.runs)];
  if (failure.property !== undefined) words.push('--replay-path', failure.property.path);
  if (options.bootstrapTimeoutMs !== acpRunDefaults.bootstrapTimeoutMs) words.push('--bootstrap-timeout-ms', String(options.bootstrapTimeoutMs));
  if (options.inactivityMs !== acpRunDefaults.inactivityMs) words.push('--inactivity-ms', String(options.inactivityMs));
  if (options.frameBytes !== acpRunDefaults.frameBytes) words.push('--frame-bytes', String(options.frameBytes));
  if (options.sandbox === 'off') words.push('--no-sandbox');
  if (options.allowNetwork) words.push('--allow-network');
  return words;
}

/**
 * The report directory a replay command names: its own per clause, never the run's.
 * @param clauseId - the failed clause
 * @public
 */
export function acpReplayOutDir(clauseId: AcpClauseId): string {
  return `qualify-replay-${clauseId.toLowerCase()}`;
}

/**
 * The full command that replays one failing case into its own directory.
 * @param options - the run's options
 * @param failure - the failing evidence
 * @public
 */
export function acpReplayCommand(options: AcpRunOptions, failure: Pick<AcpFailureEvidence, 'clauseId' | 'caseName' | 'property'>): string {
  // The configuration as the user named it, as one word that names its very bytes (never the symlink the run reached it through).
  const config = options.loaded.configNamed.shellWord;
  return [...cliWords().map(shellQuote), 'run', config, ...[...acpReplayRunArgs(options, failure), '--out', acpReplayOutDir(failure.clauseId)].map(shellQuote)].join(' ');
}

/**
 * One stored case per FAIL of the report: the failing evidence the report shows (pure).
 * @param report - the run's report
 * @param evidence - the evidence it was built from
 * @param options - the run's options
 * @public
 */
export function buildAcpFailureCases(report: AcpAcceptanceReport, evidence: readonly AcpEvidence[], options: AcpRunOptions): AcpStoredFailure[] {
  const cases: AcpStoredFailure[] = [];
  for (const entry of report.clauses) {
    if (entry.verdict !== 'FAIL') continue;
    // The report shows the first failing evidence of the clause: the same one is stored.
    const failure = evidence.find((item): item is AcpFailureEvidence => item.status === 'fail' && item.clauseId === entry.id);
    if (failure === undefined) continue;
    cases.push({
      version: ACP_FAILURE_CASE_VERSION,
      profile: 'acp-agent.v1',
      clauseId: entry.id,
      level: entry.level,
      reason: entry.reason,
      caseName: failure.caseName,
      seed: failure.property?.seed ?? options.seed,
      path: failure.property?.path ?? null,
      counterexample: failure.property?.counterexample ?? null,
      config: options.loaded.configNamed.shown,
      configBytes: options.loaded.configNamed.bytes,
      runArgs: acpReplayRunArgs(options, failure),
      replayCommand: entry.replay ?? acpReplayCommand(options, failure),
    });
  }
  return cases;
}

/**
 * Writes `failures/<clause>.json` for every case, replacing the folder of an earlier run.
 * @param cases - from {@link buildAcpFailureCases}
 * @param outDir - the report directory
 * @public
 */
export async function writeAcpFailureCases(cases: readonly AcpStoredFailure[], outDir: string): Promise<void> {
  const dir = join(outDir, FAILURES_DIR);
  await rm(dir, { recursive: true, force: true });
  if (cases.length === 0) return;
  await mkdir(dir, { recursive: true });
  for (const stored of cases) await writeFileAtomic(join(dir, `${stored.clauseId}.json`), `${JSON.stringify(stored, null, 2)}\n`);
}

/**
 * Reads the stored cases of an ACP report directory, in clause-ID order (none without FAILs).
 * @param reportDir - the report directory
 * @throws UsageError when a stored case cannot be read or is not an ACP case of this version
 * @public
 */
export async function readAcpFailureCases(reportDir: string): Promise<AcpStoredFailure[]> {
  return readStoredCases(reportDir, isAcpStoredFailure, `a stored acp-agent.v1 case of version ${ACP_FAILURE_CASE_VERSION}`);
}

function isAcpStoredFailure(value: unknown): value is AcpStoredFailure {
  if (typeof value !== 'object' || value === null) return false;
  const stored = value as Record<string, unknown>;
  return (
    stored['version'] === ACP_FAILURE_CASE_VERSION &&
    stored['profile'] === 'acp-agent.v1' &&
    typeof stored['clauseId'] === 'string' &&
    isAcpClauseId(stored['clauseId']) &&
    typeof stored['caseName'] === 'string' &&
    typeof stored['config'] === 'string' &&
    (stored['configBytes'] === undefined || stored['configBytes'] === null || (typeof stored['configBytes'] === 'string' && /^(?:[0-9a-f]{2})+$/.test(stored['configBytes']))) &&
    Array.isArray(stored['runArgs']) &&
    stored['runArgs'].every((word) => typeof word === 'string')
  );
}

/** Runs `run <config> …runArgs` once and returns the verdict of `clauseId` in its report. */
export type AcpRunForVerdict = (config: string, runArgs: readonly string[], clauseId: AcpClauseId) => Promise<ClauseVerdict>;

/** What replaying one stored ACP failure showed. */
export interface AcpReplayResult {
  readonly stored: AcpStoredFailure;
  readonly answer: ReplayAnswer;
  readonly verdicts: readonly ClauseVerdict[];
}

/**
 * Replays one stored failure up to {@link REPLAY_ATTEMPTS} times (stopping once it is FLAKY) and judges it.
 * @param stored - the stored case
 * @param config - the agent configuration to run it against (the recorded one, or `--adapter`'s)
 * @param run - runs one attempt
 * @public
 */
export async function replayAcpFailure(stored: AcpStoredFailure, config: string, run: AcpRunForVerdict): Promise<AcpReplayResult> {
  const verdicts: ClauseVerdict[] = [];
  while (verdicts.length < REPLAY_ATTEMPTS && judgeReplay(verdicts) !== 'FLAKY') verdicts.push(await run(path.resolve(config), stored.runArgs, stored.clauseId));
  return { stored, answer: judgeReplay(verdicts), verdicts };
}
