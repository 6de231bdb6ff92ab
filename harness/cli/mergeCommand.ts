import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { mergeReports, type ShardReport } from '../../reports/mergeReports.js';
import { renderSummary } from '../../reports/renderSummary.js';
import { reportSchemaErrors } from '../../reports/validateReport.js';
import type { AcceptanceReport } from '../../reports/types.js';
import { writeReportFiles } from '../../reports/writeReportFiles.js';
import { runOptionDefaults } from '../config/options/runOptionDefaults.js';
import { readShardEvidence } from '../shard/readShardEvidence.js';
import { UsageError } from '../UsageError.js';
import { appendStepSummaryIfSet } from './appendStepSummaryIfSet.js';
import { exitCodes, type ExitCode } from './exitCodes.js';
import { helpText } from './helpText.js';
import type { CliIo } from './runCommand.js';

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
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: true });
  } catch (cause) {
    throw new UsageError(`merge: ${firstLine((cause as Error).message)} (usage: adapter-qualify merge <dir>… [--out DIR])`, { cause });
  }
  if (parsed.values.help === true) {
    io.stdout.write(helpText.merge);
    return exitCodes.ok;
  }
  const dirs = parsed.positionals.map((dir) => path.resolve(dir));
  if (dirs.length === 0) throw new UsageError('merge: no shard report directories given (usage: adapter-qualify merge <dir>… [--out DIR])');
  const outDir = path.resolve(parsed.values.out ?? runOptionDefaults.out);
  if (dirs.includes(outDir)) throw new UsageError(`merge: --out ${outDir} is one of the shard directories; write the merged report elsewhere`, { option: '--out' });

  const shards: ShardReport[] = [];
  for (const dir of dirs) shards.push({ dir, report: await readShardReport(dir), evidence: await readShardEvidence(dir) });
  const report = mergeReports(shards);
  const order = [...shards].sort((a, b) => (a.report.run.shard?.index ?? 0) - (b.report.run.shard?.index ?? 0));
  await mkdir(outDir, { recursive: true });
  await concatenateTranscripts(order.map((shard) => path.join(shard.dir, 'transcript.jsonl')), path.join(outDir, 'transcript.jsonl'));
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
    throw new UsageError(`merge: ${file}: ${code === 'ENOENT' ? 'missing (not a report directory)' : `unreadable (${code ?? (cause as Error).message})`}`, { cause });
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

function firstLine(message: string): string {
  return message.split('\n', 1)[0] ?? message;
}
