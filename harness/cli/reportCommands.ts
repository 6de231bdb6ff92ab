// The commands that work on what earlier runs left behind: `merge` (the reports of every
// shard of a run), `verify` (a recorded transcript) and `replay` (the stored failures).
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path, { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { mergeReports, type ShardReport } from '../shard/mergeReports.js';
import { renderSummary } from '../../reports/renderSummary.js';
import { reportSchemaErrors } from '../../reports/validateReport.js';
import type { AcceptanceReport } from '../../reports/types.js';
import { writeReportFiles } from '../../reports/reportFiles.js';
import { runOptionBounds, runOptionDefaults } from '../options/runOptionDefaults.js';
import { readShardEvidence } from '../shard/shardEvidence.js';
import { describeError, UsageError } from '../UsageError.js';
import { type CliIo, type ExitCode, exitCodes, parseCommandLine } from './commandLine.js';
import { helpText } from './help.js';
import { appendStepSummaryIfSet, runCommand } from './qualifyCommands.js';
import { TranscriptInputError } from '../transcript/transcriptLine.js';
import type { VerifyResult } from '../verify/TranscriptVerifier.js';
import { verifyTranscript } from '../verify/verifyTranscript.js';
import { transcriptDigest } from '../transcript/transcriptDigest.js';
import { bindingLine, checkTranscriptBinding, type TranscriptBinding } from '../verify/transcriptBinding.js';
import { dir as temporaryDirectory } from 'tmp-promise';
import { isClauseId } from '../clauses.js';
import { readFailureCases, replayFailure, type RunForVerdict, type StoredFailureCase } from '../replay/failureCases.js';
import { pathThroughAlias } from '../options/bytePath.js';

/**
 * `adapter-qualify merge <dir>… [--out DIR]`: combines the report directories
 * of every shard of one run (`run --shard i/n`) into the report set of the
 * whole run, written like `run` writes it, and prints its summary.
 * @param args - the arguments after `merge`.
 * @param io - where help and the summary go.
 * @param stepSummaryFile - the GitHub Actions step summary to append the merged verdict to. @defaultValue `$GITHUB_STEP_SUMMARY`
 * @returns the exit code the whole run would have had (0, 1 or 3).
 * @throws UsageError when the directories are not every shard of one run (the caller exits 2).
 * @public
 */
export async function mergeCommand(args: readonly string[], io: CliIo, stepSummaryFile: string | undefined = process.env['GITHUB_STEP_SUMMARY']): Promise<ExitCode> {
  const parsed = parseCommandLine('merge', args);
  if (parsed.kind === 'help') {
    io.stdout.write(helpText.merge);
    return exitCodes.ok;
  }
  const dirs = parsed.positionals.map((dir) => path.resolve(dir));
  if (dirs.length === 0) throw new UsageError('merge: no shard report directories given (usage: adapter-qualify merge <dir>… [--out DIR])');
  const outDir = path.resolve(parsed.values.out ?? runOptionDefaults.out);
  if (dirs.includes(outDir)) throw new UsageError(`merge: --out ${outDir} is one of the shard directories; write the merged report elsewhere`, { option: '--out' });

  const shards: ShardReport[] = [];
  for (const dir of dirs) shards.push({ dir, report: await readShardReport(dir), evidence: await readShardEvidence(dir) });
  const merged = mergeReports(shards);
  const order = [...shards].sort((a, b) => (a.report.run.shard?.index ?? 0) - (b.report.run.shard?.index ?? 0));
  await mkdir(outDir, { recursive: true });
  await concatenateTranscripts(
    order.map((shard) => path.join(shard.dir, 'transcript.jsonl')),
    path.join(outDir, 'transcript.jsonl'),
  );
  const report = { ...merged, run: { ...merged.run, transcript: await transcriptDigest(path.join(outDir, 'transcript.jsonl')) } };
  await writeReportFiles(report, outDir);
  const summary = renderSummary(report, outDir);
  io.stdout.write(summary.endsWith('\n') ? summary : `${summary}\n`);
  await appendStepSummaryIfSet(report, io, stepSummaryFile);
  return report.exitCode;
}

async function readShardReport(dir: string): Promise<AcceptanceReport> {
  const file = path.join(dir, 'acceptance.json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    throw new UsageError(`merge: ${file}: ${code === 'ENOENT' ? 'missing (not a report directory)' : `unreadable (${code ?? describeError(cause)})`}`, { cause });
  }
  const errors = reportSchemaErrors(parsed);
  if (errors.length > 0) {
    const first = errors[0];
    throw new UsageError(`merge: ${file} is not a valid acceptance report (${first?.instancePath || '/'} ${first?.message ?? ''})`);
  }
  return parsed as AcceptanceReport;
}

// Streamed (a transcript can be large), shard by shard: calls of different
// machines are not ordered against each other, and each binding lives in one shard.
async function concatenateTranscripts(sources: readonly string[], destination: string): Promise<void> {
  const temporary = `${destination}.${process.pid}.tmp`;
  try {
    const out = createWriteStream(temporary);
    for (const source of sources) await pipeline(createReadStream(source), out, { end: false });
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    await rename(temporary, destination);
  } catch (error) {
    await rm(temporary, { force: true });
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new UsageError(`merge: a shard has no transcript.jsonl (${(error as NodeJS.ErrnoException).path ?? 'unknown file'})`, { cause: error });
    }
    throw error;
  }
}

const VERIFY_USAGE = 'usage: adapter-qualify verify <transcript.jsonl> [--max-output-bytes N] [--workers N]';

/** Most worker threads accepted (more than cores only adds switching). */
const MAX_WORKERS = 64;

/**
 * `adapter-qualify verify <transcript.jsonl> [--max-output-bytes N]`: re-checks a transcript offline.
 * @param args - the arguments after `verify`
 * @param io - where the verdict goes
 * @returns 0 consistent, 1 a clause is violated, 2 unreadable input or a transcript without a call
 * @throws UsageError for a bad option (the caller exits 2)
 * @public
 */
export async function verifyCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  const parsed = parseCommandLine('verify', args);
  if (parsed.kind === 'help') {
    io.stdout.write(helpText.verify);
    return exitCodes.ok;
  }
  const [file, ...extra] = parsed.positionals;
  if (file === undefined || extra.length > 0) throw new UsageError(`verify: expected one transcript file (${VERIFY_USAGE})`);
  const maxOutputBytes = outputBound(parsed.values['max-output-bytes']);
  const workers = workerCount(parsed.values.workers);

  // An unreadable transcript is left to verifyTranscript, which says why.
  const binding = await checkTranscriptBinding(file).catch(() => null);
  let result: VerifyResult;
  try {
    result = await verifyTranscript(file, workers === undefined ? { maxOutputBytes } : { maxOutputBytes, workers });
  } catch (error) {
    if (!(error instanceof TranscriptInputError)) throw error;
    io.stderr.write(`adapter-qualify verify: ${file}: ${error.message}\n`);
    return exitCodes.usage;
  }
  if (result.lines === 0) {
    // An empty file (a run that made no call, a truncated copy) is no evidence of consistency.
    io.stderr.write(`adapter-qualify verify: ${file}: the transcript holds no call: nothing was verified\n`);
    return exitCodes.usage;
  }
  io.stdout.write(renderVerifyResult(file, result, binding));
  return result.violated.length === 0 && binding?.kind !== 'changed' ? exitCodes.ok : exitCodes.failed;
}

function outputBound(value: string | undefined): number | null {
  if (value === undefined) return null;
  const { min, max } = runOptionBounds.maxOutputBytes;
  const number = /^[0-9]+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    throw new UsageError(`verify: --max-output-bytes must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`, { option: '--max-output-bytes' });
  }
  return number;
}

function workerCount(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = /^[0-9]+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number) || number > MAX_WORKERS) {
    throw new UsageError(`verify: --workers must be an integer from 0 to ${MAX_WORKERS}, got ${JSON.stringify(value)}`, { option: '--workers' });
  }
  return number;
}

/** The verdict in a few lines: counts, then each violated clause with its lines. */
function renderVerifyResult(file: string, result: VerifyResult, binding: TranscriptBinding | null): string {
  const lines = [
    ...(binding === null ? [] : [bindingLine(binding)]),
    `verify ${file}: ${result.lines} calls; ${result.outChecked} answers checked against OUT, ${result.refusalsChecked} refusals checked, ` +
      `${result.outcomes} valid outcomes in ${result.bindings} binding histories` +
      (result.maskedSkipped === 0 ? '' : `; ${result.maskedSkipped} calls with masked output not judged`),
  ];
  for (const { clauseId, count, examples } of result.violated) {
    lines.push(`FAIL ${clauseId} (${count} violation${count === 1 ? '' : 's'})`);
    for (const example of examples) lines.push(`  line${example.lines.length === 1 ? '' : 's'} ${example.lines.join(', ')}: ${example.message}`);
    if (count > examples.length) lines.push(`  … and ${count - examples.length} more`);
  }
  if (result.violated.length > 0) lines.push(`inconsistent: ${result.violated.map((entry) => entry.clauseId).join(', ')}`);
  else lines.push(binding?.kind === 'changed' ? 'not verified: the transcript is not the one the run wrote' : 'consistent: no clause is violated by this transcript');
  return `${lines.join('\n')}\n`;
}

const REPLAY_USAGE = 'usage: adapter-qualify replay <report-dir> [--clause ID] [--adapter adapter.json]';

/** Collaborators of {@link replayFailuresCommand}, injectable for tests. */
export interface ReplayFailuresDeps {
  /** Runs one attempt. @defaultValue `run` in-process, its report in a temporary directory */
  readonly run?: RunForVerdict;
}

/**
 * `adapter-qualify replay <report-dir> [--clause ID] [--adapter adapter.json]`.
 * @param args - the arguments after `replay`
 * @param io - where the answers go
 * @param deps - injectable collaborators
 * @returns 0 when every replayed failure is FIXED, 1 otherwise
 * @throws UsageError for bad arguments or an unreadable report directory (the caller exits 2)
 * @public
 */
export async function replayFailuresCommand(args: readonly string[], io: CliIo, deps: ReplayFailuresDeps = {}): Promise<ExitCode> {
  const parsed = parseCommandLine('replay', args);
  if (parsed.kind === 'help') {
    io.stdout.write(helpText.replay);
    return exitCodes.ok;
  }
  const [reportDir, ...extra] = parsed.positionals;
  if (reportDir === undefined || extra.length > 0) throw new UsageError(`replay: expected one report directory (${REPLAY_USAGE})`);
  const { clause, adapter } = parsed.values;
  if (clause !== undefined && !isClauseId(clause)) throw new UsageError(`replay: --clause ${JSON.stringify(clause)} is not a clause ID`, { option: '--clause' });

  const stored = (await readFailureCases(reportDir)).filter((entry) => clause === undefined || entry.clauseId === clause);
  if (clause !== undefined && stored.length === 0) {
    throw new UsageError(`replay: ${reportDir} stores no failure of ${clause} (see ${join(reportDir, 'failures')})`, { option: '--clause' });
  }
  if (stored.length === 0) {
    io.stdout.write(`replay ${reportDir}: no stored failures, nothing to replay\n`);
    return exitCodes.ok;
  }
  const run = deps.run ?? runInProcess;
  let allFixed = true;
  for (const entry of stored) {
    const result = await replayFailure(entry, adapter === undefined ? storedSubject(entry) : [adapter], run);
    allFixed &&= result.answer === 'FIXED';
    io.stdout.write(`${result.answer.padEnd(12)} ${entry.clauseId} (${result.verdicts.join(', ')}) ${entry.testName}\n`);
  }
  return allFixed ? exitCodes.ok : exitCodes.failed;
}

// The stored subject; a configuration path that is not UTF-8 (stored escaped) through a symlink of its own.
function storedSubject(entry: StoredFailureCase): readonly string[] {
  const bytes = entry.subjectPathBytes ?? null;
  return bytes === null ? entry.subjectArgs : [pathThroughAlias(Buffer.from(bytes, 'hex')).path];
}

/** One attempt: `run` in this process, quietly, its report written to a temporary directory. */
const runInProcess: RunForVerdict = async (runArgs, clauseId) => {
  const out = await temporaryDirectory({ prefix: 'adapter-qualify-replay-', unsafeCleanup: true });
  try {
    const sink = { write: (): boolean => true };
    await runCommand([...runArgs, '--out', out.path], { stdout: sink, stderr: sink });
    const report = JSON.parse(await readFile(join(out.path, 'acceptance.json'), 'utf8')) as AcceptanceReport;
    return report.clauses.find((entry) => entry.id === clauseId)?.verdict ?? 'SKIP';
  } finally {
    await out.cleanup();
  }
};
