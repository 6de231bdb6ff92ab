import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path, { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { dir as temporaryDirectory } from 'tmp-promise';
import { isAcpClauseId } from '../acp/acpClauses.js';
import { ACP_RUN_HELP, parseAcpRunArgs, type AcpRunOptions } from '../acp/acpRunOptions.js';
import type { AcpTranscriptEntry } from '../acp/AcpTranscript.js';
import { DEFAULT_FRAME_BOUND_BYTES } from '../acp/frameReader.js';
import { citedFrame, citedRaw, judgeAcpTranscript, type AcpTranscriptJudgement, type NumberedEntry, type TranscriptViolation } from '../acp/judgeAcpTranscript.js';
import { readAcpFailureCases, replayAcpFailure, type AcpRunForVerdict, type AcpStoredFailure } from '../replay/acpFailureCases.js';
import { transcriptDigest } from '../transcript/transcriptDigest.js';
import { describeError, UsageError } from '../UsageError.js';
import { bindingLine, judgeTranscriptBinding, type TranscriptBinding } from '../verify/transcriptBinding.js';
import { helpText } from './help.js';
import type { AcpAcceptanceReport } from '../../reports/acp/buildAcpReport.js';
import { agentOffsets, mergeAcpRuns, readAcpRunEvidence, type AcpRunRecord } from '../../reports/acp/mergeAcpRuns.js';
import { writeReportFiles } from '../../reports/reportFiles.js';
import { renderSummary } from '../../reports/renderSummary.js';
import type { AcceptanceReport } from '../../reports/types.js';
import { reportSchemaErrors } from '../../reports/validateReport.js';
import { runOptionDefaults } from '../options/runOptionDefaults.js';
import { pathThroughAlias } from '../options/bytePath.js';

// The acp-agent.v1 profile's commands: `run <agent.json>`, its self-check, and `replay`, `merge` and
// `verify` of what its runs left behind.

/** Where the commands write (the CLI's streams). */
interface CommandIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
}

/**
 * `adapter-qualify run <agent.json> [options]` for an ACP configuration: validates it
 * (exit 2 naming the field, before any process starts), runs the suites, prints the summary.
 * @param args - the arguments after `run`
 * @param io - where help and the summary go
 * @param cwd - what relative paths resolve against. @defaultValue `process.cwd()`
 * @param internals - the self-check's internal options (not options of `run`)
 * @returns the report's exit code (0, 1 or 3)
 * @throws UsageError for a bad configuration or option
 */
export async function acpRunCommand(args: readonly string[], io: CommandIo, cwd: string = process.cwd(), internals: Pick<AcpRunOptions, 'endOnFailure'> = {}): Promise<number> {
  const parsed = await parseAcpRunArgs(args, cwd);
  if (parsed.kind === 'help') {
    io.stdout.write(ACP_RUN_HELP);
    return 0;
  }
  for (const notice of parsed.notices) io.stderr.write(`${notice}\n`);
  const { runAcpQualification } = await import('../runAcpQualification.js');
  const { exitCode, summary } = await runAcpQualification({ ...parsed.options, ...internals }, (line) => io.stderr.write(`${line}\n`));
  io.stdout.write(summary.endsWith('\n') ? summary : `${summary}\n`);
  return exitCode;
}

/**
 * `adapter-qualify self-check --profile acp-agent [options]`: qualifies the reference agent
 * (the control) and kills each mutant of `adapters/acp-mutants/catalog.ts` at its claimed clauses.
 * @param args - the arguments after `self-check`, `--profile` removed
 * @param io - where progress and the summary go
 * @returns 0 when the control is conformant and every mutant is killed, else 1
 */
export async function acpSelfCheckCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const { runAcpSelfCheck, parseAcpSelfCheckArgs } = await import('../selfCheck/acpSelfCheck.js');
  const options = parseAcpSelfCheckArgs(args, process.cwd());
  const result = await runAcpSelfCheck(options, (line) => io.stderr.write(`${line}\n`));
  io.stdout.write(result.summary);
  return result.exitCode;
}

const ACP_REPLAY_USAGE = 'usage: adapter-qualify replay <report-dir> [--clause ID] [--adapter agent.json]';

/** Collaborators of {@link acpReplayCommand}, injectable for tests. */
export interface AcpReplayDeps {
  /** Runs one attempt. @defaultValue `run` in this process, its report in a directory of its own */
  readonly run?: AcpRunForVerdict;
}

/**
 * `adapter-qualify replay <report-dir> [--clause ID] [--adapter agent.json]` for an ACP report: re-runs
 * each stored failure's one case (its seed, the path of its shrunk case) three times, each attempt
 * in a directory of its own, and answers FIXED, FAILED, FLAKY or INCONCLUSIVE per clause.
 * @param args - the arguments after `replay`
 * @param io - where the answers go
 * @param deps - injectable collaborators
 * @returns 0 when every replayed failure is FIXED (or none is stored), else 1
 * @throws UsageError for bad arguments, an unknown clause, or a stored case that cannot be read
 */
export async function acpReplayCommand(args: readonly string[], io: CommandIo, deps: AcpReplayDeps = {}): Promise<number> {
  const { values, positionals } = parseOptions('replay', args, { clause: { type: 'string' }, adapter: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (values['help'] === true) {
    io.stdout.write(helpText.replay);
    return 0;
  }
  const [reportDir, ...extra] = positionals;
  if (reportDir === undefined || extra.length > 0) throw new UsageError(`replay: expected one report directory (${ACP_REPLAY_USAGE})`);
  const clause = values['clause'] as string | undefined;
  const adapter = values['adapter'] as string | undefined;
  if (clause !== undefined && !isAcpClauseId(clause)) throw new UsageError(`replay: --clause ${JSON.stringify(clause)} is not an acp-agent.v1 clause ID`, { option: '--clause' });
  const stored = (await readAcpFailureCases(reportDir)).filter((entry) => clause === undefined || entry.clauseId === clause);
  if (clause !== undefined && stored.length === 0) throw new UsageError(`replay: ${reportDir} stores no failure of ${clause}`, { option: '--clause' });
  if (stored.length === 0) {
    io.stdout.write(`replay ${reportDir}: no stored failures, nothing to replay\n`);
    return 0;
  }
  const run = deps.run ?? runAcpInProcess;
  let allFixed = true;
  for (const entry of stored) {
    const result = await replayAcpFailure(entry, adapter ?? storedConfigPath(entry), run);
    allFixed &&= result.answer === 'FIXED';
    io.stdout.write(`${result.answer.padEnd(12)} ${entry.clauseId} (${result.verdicts.join(', ')}) ${entry.caseName}${entry.path === null ? '' : ` [path ${entry.path}]`}\n`);
  }
  return allFixed ? 0 : 1;
}

/** A path that opens the stored case's configuration: through a symlink of its own when its directory's name is not UTF-8. */
function storedConfigPath(entry: AcpStoredFailure): string {
  return entry.configBytes === undefined || entry.configBytes === null ? entry.config : pathThroughAlias(Buffer.from(entry.configBytes, 'hex')).path;
}

/** One attempt: `run` in this process, quietly, into a fresh directory of its own. */
const runAcpInProcess: AcpRunForVerdict = async (config, runArgs, clauseId) => {
  const out = await temporaryDirectory({ prefix: 'adapter-qualify-acp-replay-', unsafeCleanup: true });
  try {
    const sink = { write: (): boolean => true };
    await acpRunCommand([config, ...runArgs, '--out', join(out.path, 'report')], { stdout: sink, stderr: sink });
    const report = JSON.parse(await readFile(join(out.path, 'report', 'acceptance.json'), 'utf8')) as AcpAcceptanceReport;
    return report.clauses.find((entry) => entry.id === clauseId)?.verdict ?? 'SKIP';
  } finally {
    await out.cleanup();
  }
};

// A command line parsed strictly, its errors as UsageError naming the command.
function parseOptions(command: string, args: readonly string[], options: ParseArgsConfig['options']): { readonly values: Record<string, unknown>; readonly positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
    return { values: values as Record<string, unknown>, positionals };
  } catch (cause) {
    throw new UsageError(`${command}: ${describeError(cause)}`, { cause });
  }
}

const ACP_VERIFY_USAGE = 'usage: adapter-qualify verify <transcript.jsonl> [--frame-bytes N] [--report acceptance.json]';

/**
 * `adapter-qualify verify <transcript.jsonl>` for an ACP transcript: re-judges every recorded frame without
 * the agent and, when the run's `acceptance.json` is beside it (or `--report` names it), checks that the
 * report agrees: every clause the frames break is a FAIL there, and every frame a FAIL cites is in the
 * transcript with the same bytes (an edited transcript or report shows as a disagreement).
 * @param args - the arguments after `verify`
 * @param io - where the verdict goes
 * @returns 0 consistent, 1 a clause is violated or the report disagrees, 2 unreadable input or no frame
 * @throws UsageError for a bad option
 */
export async function acpVerifyCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseOptions('verify', args, { 'frame-bytes': { type: 'string' }, report: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (values['help'] === true) {
    io.stdout.write(helpText.verify);
    return 0;
  }
  const [file, ...extra] = positionals;
  if (file === undefined || extra.length > 0) throw new UsageError(`verify: expected one transcript file (${ACP_VERIFY_USAGE})`);
  const reportFile = (values['report'] as string | undefined) ?? join(dirname(file), 'acceptance.json');
  const report = await readAcpReport(reportFile, values['report'] !== undefined);
  const frameOption = values['frame-bytes'] as string | undefined;
  const frameBytes = frameOption === undefined ? (report?.run.acp.frameBytes ?? DEFAULT_FRAME_BOUND_BYTES) : positiveInteger('--frame-bytes', frameOption);

  let entries: NumberedEntry[];
  try {
    entries = await readAcpTranscript(file);
  } catch (error) {
    if (!(error instanceof AcpTranscriptInputError)) throw error;
    io.stderr.write(`adapter-qualify verify: ${file}: ${error.message}\n`);
    return 2;
  }
  const judgement = judgeAcpTranscript(entries, frameBytes);
  if (judgement.agentFrames + judgement.clientFrames === 0) {
    io.stderr.write(`adapter-qualify verify: ${file}: the transcript holds no frame: nothing was verified\n`);
    return 2;
  }
  const disagreements = report === null ? [] : reportDisagreements(report, entries, judgement.violations);
  const binding = report === null ? null : await acpTranscriptBinding(file, reportFile, report);
  io.stdout.write(renderAcpVerify(file, judgement, report === null ? null : reportFile, disagreements, binding));
  return judgement.violations.length === 0 && disagreements.length === 0 && binding?.kind !== 'changed' ? 0 : 1;
}

// The transcript against the digest its report recorded (`run.transcript`): a transcript cut, edited or
// replaced after the run is not the one the report judged, whatever its remaining frames say.
async function acpTranscriptBinding(file: string, reportFile: string, report: AcpAcceptanceReport): Promise<TranscriptBinding> {
  const recorded = report.run.transcript;
  if (recorded === undefined) return { kind: 'unbound', reason: `${reportFile} records no transcript digest (a report of an older version)` };
  return judgeTranscriptBinding(reportFile, recorded, await transcriptDigest(file));
}

/** A transcript that cannot be read as an ACP transcript (the line is named). */
class AcpTranscriptInputError extends Error {
  override readonly name = 'AcpTranscriptInputError';
}

async function readAcpTranscript(file: string): Promise<NumberedEntry[]> {
  const entries: NumberedEntry[] = [];
  const stream = createReadStream(file, { encoding: 'utf8' });
  stream.on('error', () => undefined);
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let line = 0;
  try {
    for await (const text of lines) {
      line += 1;
      if (text.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new AcpTranscriptInputError(`line ${line} is not JSON`);
      }
      const entry = value as Partial<AcpTranscriptEntry> | null;
      if (
        entry === null ||
        typeof entry !== 'object' ||
        typeof entry.agent !== 'number' ||
        typeof entry.raw !== 'string' ||
        !['agent→client', 'client→agent', 'event'].includes(entry.direction as string)
      )
        throw new AcpTranscriptInputError(`line ${line} is not an ACP transcript line (agent, direction, raw)`);
      entries.push({ line, entry: entry as AcpTranscriptEntry });
    }
  } catch (error) {
    if (error instanceof AcpTranscriptInputError) throw error;
    throw new AcpTranscriptInputError(`cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  } finally {
    lines.close();
    stream.destroy();
  }
  return entries;
}

// The report beside the transcript, when it is an ACP report; a named one that cannot be read is a usage error.
async function readAcpReport(file: string, named: boolean): Promise<AcpAcceptanceReport | null> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (cause) {
    if (named) throw new UsageError(`verify: --report ${file} cannot be read as JSON (${(cause as NodeJS.ErrnoException).code ?? describeError(cause)})`, { option: '--report', cause });
    return null;
  }
  if ((value as { profile?: unknown } | null)?.profile === 'acp-agent.v1') return value as AcpAcceptanceReport;
  if (named) throw new UsageError(`verify: --report ${file} is not an acp-agent.v1 report`, { option: '--report' });
  return null;
}

/**
 * Where a report and its transcript disagree (pure): a clause the frames break that the report does not FAIL,
 * and a FAIL citing a frame the transcript does not hold as cited.
 * @param report - the run's report
 * @param entries - the transcript
 * @param violations - what the frames break
 */
export function reportDisagreements(report: AcpAcceptanceReport, entries: readonly NumberedEntry[], violations: readonly TranscriptViolation[]): string[] {
  const found: string[] = [];
  const verdicts = new Map(report.clauses.map((entry) => [entry.id, entry.verdict]));
  for (const clauseId of new Set(violations.map((violation) => violation.clauseId))) {
    const verdict = verdicts.get(clauseId);
    if (verdict !== 'FAIL')
      found.push(`${clauseId}: the transcript breaks it (line ${violations.find((violation) => violation.clauseId === clauseId)!.line}) but the report says ${verdict ?? 'nothing'}`);
  }
  const frames = new Map(entries.filter(({ entry }) => entry.direction !== 'event').map(({ line, entry }) => [`${entry.agent}/${entry.direction}/${entry.index ?? -1}`, { line, entry }]));
  for (const entry of report.clauses) {
    if (entry.verdict !== 'FAIL') continue;
    const cited = citedFrame(entry.reason);
    if (cited === null) continue;
    const frame = frames.get(`${cited.agent}/${cited.direction}/${cited.index}`);
    if (frame === undefined) found.push(`${entry.id}: the report cites agent ${cited.agent}, ${cited.direction} frame ${cited.index}, which the transcript does not hold`);
    else if (citedRaw(frame.entry) !== cited.raw) found.push(`${entry.id}: the frame the report cites differs from line ${frame.line} of the transcript`);
  }
  return found;
}

function renderAcpVerify(file: string, judgement: AcpTranscriptJudgement, reportFile: string | null, disagreements: readonly string[], binding: TranscriptBinding | null): string {
  const lines = [
    ...(binding === null ? [] : [bindingLine(binding)]),
    `verify ${file}: ${judgement.agentFrames} agent→client and ${judgement.clientFrames} client→agent frames of ${judgement.agents} agent process(es) re-judged` +
      (judgement.truncated === 0 ? '' : `; ${judgement.truncated} frames kept only in part, not judged`),
  ];
  const byClause = new Map<string, TranscriptViolation[]>();
  for (const violation of judgement.violations) byClause.set(violation.clauseId, [...(byClause.get(violation.clauseId) ?? []), violation]);
  for (const [clauseId, list] of byClause) {
    lines.push(`FAIL ${clauseId} (${list.length} violation${list.length === 1 ? '' : 's'})`);
    for (const violation of list.slice(0, 3)) lines.push(`  line ${violation.line}: ${violation.rule}`);
    if (list.length > 3) lines.push(`  … and ${list.length - 3} more`);
  }
  if (reportFile !== null) {
    lines.push(disagreements.length === 0 ? `the report ${reportFile} agrees with the transcript` : `the report ${reportFile} disagrees with the transcript:`);
    for (const disagreement of disagreements) lines.push(`  ${disagreement}`);
  }
  lines.push(
    binding?.kind === 'changed'
      ? 'not verified: the transcript is not the one the run wrote'
      : judgement.violations.length === 0 && disagreements.length === 0
        ? 'consistent: no clause is violated by this transcript'
        : `inconsistent: ${[...byClause.keys()].join(', ') || 'the report disagrees'}`,
  );
  return `${lines.join('\n')}\n`;
}

function positiveInteger(option: string, text: string): number {
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < 1) throw new UsageError(`verify: ${option} must be a positive integer, got ${JSON.stringify(text)}`, { option });
  return value;
}

const ACP_MERGE_USAGE = 'usage: adapter-qualify merge <dir>… [--out DIR]';

/**
 * `adapter-qualify merge <dir>… [--out DIR]` for ACP reports: combines several runs of one agent (other
 * seeds, other `--only` slices) into one report set, verdicts rebuilt from every run's evidence, and one
 * transcript whose agent processes are numbered on from run to run (as the merged report cites them).
 * @param args - the arguments after `merge`
 * @param io - where the summary goes
 * @returns the merged report's exit code (0, 1 or 3)
 * @throws UsageError when the directories are not ACP runs of one agent under the same rules
 */
export async function acpMergeCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseOptions('merge', args, { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (values['help'] === true) {
    io.stdout.write(helpText.merge);
    return 0;
  }
  const dirs = positionals.map((dir) => path.resolve(dir));
  if (dirs.length === 0) throw new UsageError(`merge: no report directories given (${ACP_MERGE_USAGE})`);
  const outDir = path.resolve((values['out'] as string | undefined) ?? runOptionDefaults.out);
  if (dirs.includes(outDir)) throw new UsageError(`merge: --out ${outDir} is one of the merged directories; write the merged report elsewhere`, { option: '--out' });
  const runs: AcpRunRecord[] = [];
  for (const dir of dirs) {
    const file = join(dir, 'acceptance.json');
    let report: unknown;
    try {
      report = JSON.parse(await readFile(file, 'utf8'));
    } catch (cause) {
      throw new UsageError(`merge: ${file}: unreadable (${(cause as NodeJS.ErrnoException).code ?? describeError(cause)})`, { cause });
    }
    if (reportSchemaErrors(report).length > 0) throw new UsageError(`merge: ${file} is not a valid acceptance report`);
    runs.push({ dir, report: report as AcpAcceptanceReport, evidence: await readAcpRunEvidence(dir) });
  }
  const merged = mergeAcpRuns(runs);
  await mkdir(outDir, { recursive: true });
  await writeRenumberedTranscripts(
    runs.map((run) => join(run.dir, 'transcript.jsonl')),
    agentOffsets(runs),
    join(outDir, 'transcript.jsonl'),
  );
  const report: AcpAcceptanceReport = { ...merged, run: { ...merged.run, transcript: await transcriptDigest(join(outDir, 'transcript.jsonl')) } };
  await writeReportFiles(report as unknown as AcceptanceReport, outDir);
  const summary = renderSummary(report as unknown as AcceptanceReport, outDir);
  io.stdout.write(summary.endsWith('\n') ? summary : `${summary}\n`);
  return report.exitCode;
}

// The runs' transcripts one after another, each line's agent number moved on by its run's offset.
async function writeRenumberedTranscripts(sources: readonly string[], offsets: readonly number[], destination: string): Promise<void> {
  const temporary = `${destination}.${process.pid}.tmp`;
  const out = createWriteStream(temporary);
  try {
    for (const [index, source] of sources.entries()) {
      const lines = createInterface({ input: createReadStream(source, { encoding: 'utf8' }), crlfDelay: Infinity });
      for await (const text of lines) {
        if (text.trim() === '') continue;
        const entry = JSON.parse(text) as AcpTranscriptEntry;
        if (!out.write(`${JSON.stringify({ ...entry, agent: entry.agent + offsets[index]! })}\n`)) await once(out, 'drain');
      }
    }
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    await rename(temporary, destination);
  } catch (error) {
    out.destroy();
    await rm(temporary, { force: true });
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new UsageError(`merge: a run has no transcript.jsonl (${(error as NodeJS.ErrnoException).path ?? 'unknown file'})`, { cause: error });
    throw error;
  }
}
