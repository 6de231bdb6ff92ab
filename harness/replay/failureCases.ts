import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { packageRoot } from '../packageRoot.js';
import type { AcceptanceReport, ClauseVerdict } from '../../reports/types.js';
import { writeFileAtomic } from '../writeFileAtomic.js';
import { ranksBefore, violationRank } from '../../reports/buildReport.js';
import { isClauseId, type ClauseId, type ClauseLevel } from '../clauses.js';
import { escapeRegExp } from '../quoting.js';
import type { QualifyTestMeta, ReplayHandle } from '../evidence/types.js';
import type { NormalizedRunOptions } from '../options/runOptions.js';
import type { SentRequestLookup } from '../transcript/sentRequests.js';
import { describeError, UsageError } from '../UsageError.js';

/** Version of the `failures/<clause>.json` format this code writes and reads. */
export const FAILURE_CASE_VERSION = 1;

/** The folder of a report directory holding one stored case per FAIL. */
export const FAILURES_DIR = 'failures';

/** One call of a stored failing case, with the request exactly as sent. */
export interface StoredCall {
  /** The transport's id of the call: the same on its transcript line. */
  readonly callId: string;
  readonly action: string;
  /** The exact request text sent (from the transcript), or the report's excerpt of it when `requestComplete` is false. */
  readonly requestText: string;
  /** Whether `requestText` is the whole request. */
  readonly requestComplete: boolean;
  /** UTF-8 bytes of the request sent. */
  readonly requestBytes: number;
  /** 1-based line of the call in the run's `transcript.jsonl`, or null when not found. */
  readonly transcriptLine: number | null;
  readonly exitCode: number | null;
  /** The first few KiB of stdout, as in the report's counterexample. */
  readonly stdout: string;
}

/**
 * A FAIL stored as a replayable case (`failures/<clause>.json` in the report
 * directory): everything `adapter-qualify replay` needs besides the adapter.
 */
export interface StoredFailureCase {
  readonly version: typeof FAILURE_CASE_VERSION;
  readonly clauseId: ClauseId;
  readonly level: ClauseLevel;
  /** Why the clause failed: the first violation. */
  readonly reason: string;
  /** The full name of the test whose case failed. */
  readonly testName: string;
  /** Seed of the failing property. */
  readonly seed: number;
  /** fast-check path of the shrunk case, or null when the test is not a property (its cases are deterministic in the seed). */
  readonly path: string | null;
  /**
   * The subject as `run` takes it: `[adapter.json]` (its path as the user named it; bytes that are not UTF-8 written
   * `\xNN`, see `subjectPathBytes`), or `['--sdk', module, '--authority', id]`.
   */
  readonly subjectArgs: readonly string[];
  /**
   * The configuration path's bytes in hex when they are not UTF-8: `replay` reaches them through a symlink of its
   * own. Null otherwise; absent in cases stored before it was recorded.
   */
  readonly subjectPathBytes?: string | null;
  /** The `run` options after the subject that re-run exactly this case (`--only`, `--seed`, `--replay-path`, generation options). */
  readonly runArgs: readonly string[];
  /** The full command line, as in the report. */
  readonly replayCommand: string;
  /** The case in words. */
  readonly description: string | null;
  /** The calls of the shrunk case, in order, with their full request texts. */
  readonly calls: readonly StoredCall[];
}

/**
 * The file name of a clause's stored case inside {@link FAILURES_DIR}.
 * @param clauseId - the failed clause
 * @public
 */
export function failureCaseFile(clauseId: ClauseId): string {
  return `${clauseId}.json`;
}

/**
 * The words that start adapter-qualify where this copy of it lives, for commands the report prints:
 * the package's own bin through `npx` in a project that installed it (a git URL or a tarball), the
 * built CLI by its absolute path in a clone (the package is not on the npm registry, so a bare
 * `npx adapter-qualify` outside such a project cannot work).
 * @param root - the package root. @defaultValue this package's
 * @public
 */
export function cliWords(root: string = packageRoot): string[] {
  return root.split(sep).includes('node_modules') ? ['npx', 'adapter-qualify'] : ['node', join(root, 'dist', 'harness', 'cli', 'main.js')];
}

/**
 * The report directory a printed replay command names: its own, per clause, so that a replay
 * never writes over the run's report (or the default `./qualify-report`).
 * @param handle - the test to replay
 * @public
 */
export function replayOutDir(handle: ReplayHandle): string {
  const firstId = (handle.testName.split(':', 1)[0] ?? '').split(',', 1)[0]?.trim() ?? '';
  const slug = firstId
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `qualify-replay-${slug === '' ? 'case' : slug}`;
}

/**
 * The `run` options, after the subject, that re-run exactly one test's cases:
 * the options that shape generation, the test named by an anchored `--only`,
 * the root seed, and fast-check's path to the shrunk counterexample when there is one.
 * @param handle - the test, seed and path to replay
 * @param options - the options of the run that found the failure
 * @public
 */
export function replayRunArgs(handle: ReplayHandle, options: NormalizedRunOptions): string[] {
  const words = ['--only', `^${escapeRegExp(handle.testName)}$`, '--seed', String(handle.seed)];
  if (handle.path !== undefined && handle.path !== '') words.push('--replay-path', handle.path);
  words.push('--runs', String(options.runs));
  if (options.payload.kind === 'samples') words.push('--payload-file', options.payload.file);
  else words.push('--payload', options.payload.kind);
  words.push('--timeout-ms', String(options.timeoutMs), '--max-output-bytes', String(options.maxOutputBytes), '--poll-budget', String(options.pollBudget));
  if (options.lifecycle !== null) words.push('--lifecycle', options.lifecycle.path);
  return words;
}

/**
 * The replayable case of every FAIL of a report, as {@link writeFailureCases} stores
 * it (pure). The test is the one whose violation the report shows (the first
 * test, in the order tests finished, that recorded a violation of the clause:
 * `buildReport`'s choice). Request texts are filled in from the transcript later;
 * here each call carries only the report's excerpt, as `requestText` when it was not cut.
 *
 * @param report - the report of the run
 * @param metas - every test's evidence, in the order the report builder saw them
 * @param options - the options of the run
 * @returns one case per FAIL whose test left a replay handle
 * @public
 */
function preferredReplay(clauseId: ClauseId, metas: readonly QualifyTestMeta[]): ReplayHandle | undefined {
  let best: { rank: readonly number[]; replay: ReplayHandle | undefined } | undefined;
  for (const meta of metas) {
    for (const evidence of meta.evidence) {
      const first = evidence.violations[0];
      if (evidence.clauseId !== clauseId || first === undefined) continue;
      const rank = violationRank(first, evidence.replay, meta.clauses.includes(clauseId));
      if (best === undefined || ranksBefore(rank, best.rank)) best = { rank, replay: evidence.replay };
    }
  }
  return best?.replay;
}

export function buildFailureCases(report: AcceptanceReport, metas: readonly QualifyTestMeta[], options: NormalizedRunOptions): StoredFailureCase[] {
  const { subject } = options;
  const subjectArgs = subject.kind === 'command' ? [subject.configNamed.shown] : ['--sdk', subject.modulePath, '--authority', subject.authorityId];
  const cases: StoredFailureCase[] = [];
  for (const entry of report.clauses) {
    if (entry.verdict !== 'FAIL') continue;
    // The same choice as the report's: the violation that best leads to the cause (violationRank).
    const handle = preferredReplay(entry.id, metas);
    if (handle === undefined) continue;
    cases.push({
      version: FAILURE_CASE_VERSION,
      clauseId: entry.id,
      level: entry.level,
      reason: entry.reason ?? '',
      testName: handle.testName,
      seed: handle.seed,
      path: handle.path === undefined || handle.path === '' ? null : handle.path,
      subjectArgs,
      subjectPathBytes: subject.kind === 'command' ? subject.configNamed.bytes : null,
      runArgs: replayRunArgs(handle, options),
      replayCommand: entry.replay ?? '',
      description: entry.counterexample?.description ?? null,
      calls: (entry.counterexample?.calls ?? []).map((call) => ({
        callId: call.callId,
        action: call.action,
        requestText: call.request,
        requestComplete: call.requestBytes === Buffer.byteLength(call.request),
        requestBytes: call.requestBytes,
        transcriptLine: null,
        exitCode: call.exitCode,
        stdout: call.stdout,
      })),
    });
  }
  return cases;
}

/**
 * Every call a failure case may show: the calls of every recorded counterexample (a superset of
 * the report's FAILs), whose full requests the transcript's merge collects as it writes them.
 * @param metas - every test's evidence
 * @public
 */
export function counterexampleCallIds(metas: readonly QualifyTestMeta[]): Set<string> {
  const ids = new Set<string>();
  for (const meta of metas) {
    for (const evidence of meta.evidence) {
      for (const recorded of evidence.violations) for (const call of recorded.counterexample?.calls ?? []) ids.add(call.callId);
    }
  }
  return ids;
}

/**
 * Writes `failures/<clause>.json` for every case (replacing the folder of an
 * earlier run), with each call's full request text and transcript line where
 * the run's transcript held it (`sent`, collected as the transcript was merged).
 *
 * @param cases - from {@link buildFailureCases}
 * @param outDir - the report directory
 * @param sent - the requests of the cases' calls, by call id (a call it lacks keeps its excerpt)
 * @returns the files written
 * @public
 */
export async function writeFailureCases(cases: readonly StoredFailureCase[], outDir: string, sent: SentRequestLookup): Promise<string[]> {
  const dir = join(outDir, FAILURES_DIR);
  await rm(dir, { recursive: true, force: true });
  if (cases.length === 0) return [];

  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  for (const stored of cases) {
    const calls = stored.calls.map((call) => {
      const request = sent.get(call.callId);
      return request === undefined ? call : { ...call, requestText: request.text, requestComplete: true, transcriptLine: request.line };
    });
    const file = join(dir, failureCaseFile(stored.clauseId));
    await writeFileAtomic(file, `${JSON.stringify({ ...stored, calls }, null, 2)}\n`);
    files.push(file);
  }
  return files;
}

/**
 * Reads the stored cases of a report directory (`failures/*.json`), in clause-ID order.
 * A report without FAILs has no such folder: the list is empty.
 * @param reportDir - the report directory
 * @throws UsageError when the directory is not a report directory, or a case file is unreadable
 * @public
 */
export async function readFailureCases(reportDir: string): Promise<StoredFailureCase[]> {
  const hasReport = await readFile(join(reportDir, 'acceptance.json'), 'utf8').then(
    () => true,
    () => false,
  );
  if (!hasReport) throw new UsageError(`replay: ${reportDir} is not a report directory (no acceptance.json)`);
  return readStoredCases(reportDir, isStoredFailureCase, `a stored case of version ${FAILURE_CASE_VERSION}`);
}

/**
 * Reads the stored cases of a report directory (`failures/*.json`) of any profile, in clause-ID order
 * (none when the folder is missing).
 * @param reportDir - the report directory
 * @param isCase - whether a parsed file is a stored case of the profile and version
 * @param what - what a stored case is, for the error naming a file that is not one
 * @throws UsageError when a case file is unreadable or not a case
 * @internal
 */
export async function readStoredCases<Case>(reportDir: string, isCase: (value: unknown) => value is Case, what: string): Promise<Case[]> {
  const dir = join(reportDir, FAILURES_DIR);
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort();
  const cases: Case[] = [];
  for (const name of names) {
    const file = join(dir, name);
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'));
    } catch (cause) {
      throw new UsageError(`replay: cannot read the stored case ${file}: ${describeError(cause)}`, { cause });
    }
    if (!isCase(parsed)) throw new UsageError(`replay: ${file} is not ${what}`);
    cases.push(parsed);
  }
  return cases;
}

/** The fields replay relies on (the rest is for readers). */
function isStoredFailureCase(value: unknown): value is StoredFailureCase {
  if (typeof value !== 'object' || value === null) return false;
  const stored = value as Record<string, unknown>;
  const strings = (list: unknown): boolean => Array.isArray(list) && list.every((item) => typeof item === 'string');
  return (
    stored.version === FAILURE_CASE_VERSION &&
    typeof stored.clauseId === 'string' &&
    isClauseId(stored.clauseId) &&
    typeof stored.testName === 'string' &&
    strings(stored.subjectArgs) &&
    (stored.subjectPathBytes === undefined || stored.subjectPathBytes === null || (typeof stored.subjectPathBytes === 'string' && /^(?:[0-9a-f]{2})+$/.test(stored.subjectPathBytes))) &&
    strings(stored.runArgs)
  );
}

/** Every answer replay gives a stored failure after its attempts. */
export const REPLAY_ANSWERS = ['FIXED', 'FAILED', 'FLAKY', 'INCONCLUSIVE'] as const;

/** The answer for one stored failure after its attempts. */
export type ReplayAnswer = (typeof REPLAY_ANSWERS)[number];

/** Attempts a stored failure gets: FIXED means it passed this many times in a row. */
export const REPLAY_ATTEMPTS = 3;

/** Runs `adapter-qualify run` with these arguments and returns the verdict of `clauseId` in its report. */
export type RunForVerdict = (runArgs: readonly string[], clauseId: StoredFailureCase['clauseId']) => Promise<ClauseVerdict>;

/** What replaying one stored failure showed. */
export interface ReplayResult {
  readonly stored: StoredFailureCase;
  readonly answer: ReplayAnswer;
  /** The clause's verdict in each attempt. */
  readonly verdicts: readonly ClauseVerdict[];
}

/**
 * Judges the clause verdicts of a stored failure's replays (pure):
 * FIXED when it PASSed {@link REPLAY_ATTEMPTS} times in a row; FAILED when it
 * FAILed and never PASSed; FLAKY when it did both; INCONCLUSIVE otherwise (an
 * attempt gave no evidence either way, e.g. the adapter stopped answering).
 * @param verdicts - the clause's verdict in each attempt, in order
 * @public
 */
export function judgeReplay(verdicts: readonly ClauseVerdict[]): ReplayAnswer {
  const passes = verdicts.filter((verdict) => verdict === 'PASS').length;
  const fails = verdicts.filter((verdict) => verdict === 'FAIL').length;
  if (fails > 0) return passes > 0 ? 'FLAKY' : 'FAILED';
  return passes >= REPLAY_ATTEMPTS && verdicts.slice(-REPLAY_ATTEMPTS).every((verdict) => verdict === 'PASS') ? 'FIXED' : 'INCONCLUSIVE';
}

/**
 * Replays one stored failure up to {@link REPLAY_ATTEMPTS} times (stopping early
 * once it has both passed and failed: FLAKY cannot change) and judges it.
 * @param stored - the stored case
 * @param subjectArgs - the subject to run it against (the recorded one, or `--adapter`'s)
 * @param run - runs one attempt
 * @public
 */
export async function replayFailure(stored: StoredFailureCase, subjectArgs: readonly string[], run: RunForVerdict): Promise<ReplayResult> {
  const verdicts: ClauseVerdict[] = [];
  while (verdicts.length < REPLAY_ATTEMPTS && judgeReplay(verdicts) !== 'FLAKY') {
    verdicts.push(await run([...subjectArgs, ...stored.runArgs], stored.clauseId));
  }
  return { stored, answer: judgeReplay(verdicts), verdicts };
}
