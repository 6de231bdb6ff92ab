import { parseArgs } from 'node:util';
import { runOptionBounds } from '../config/options/runOptionBounds.js';
import { UsageError } from '../UsageError.js';
import { TranscriptInputError } from '../verify/TranscriptInputError.js';
import type { VerifyResult } from '../verify/types.js';
import { verifyTranscript } from '../verify/verifyTranscript.js';
import { exitCodes, type ExitCode } from './exitCodes.js';
import type { CliIo } from './runCommand.js';

const USAGE = 'usage: adapter-qualify verify <transcript.jsonl> [--max-output-bytes N] [--workers N]';

/** Most worker threads accepted (more than cores only adds switching). */
const MAX_WORKERS = 64;

/** Help of `adapter-qualify verify`. @public */
export const verifyHelpText = `Usage: adapter-qualify verify <transcript.jsonl> [options]

Re-checks a recorded transcript offline, without the adapter: every answer to a
well-formed request against every OUT clause, every answer to a malformed request
against the refusal rule of the REQ clauses it breaks, and every binding's history
of valid outcomes against the history clauses (calls that overlap in time are not
ordered), and every call that exited 0 against the host's stderr bound
(WIRE-STDERR-BOUND: at most 65,536 bytes). Lines must be in startedAt order, as
run writes them.

Options:
  --max-output-bytes N    judge answers against this output bound
                          (default: the bound recorded on each line)
  --workers N             threads judging calls beside the one reading the file
                          and checking histories; 0 judges on that thread
                          (default: one per core, at most 4, for a transcript
                          over 16 MiB)
  -h, --help              show this help

Exit codes:
  0  the transcript is consistent
  1  a clause is violated: each clause ID is printed with the offending line numbers
  2  usage error, or a transcript that cannot be read (the line and field are named)
`;

/**
 * `adapter-qualify verify <transcript.jsonl> [--max-output-bytes N]`: re-checks a transcript offline.
 * @param args - the arguments after `verify`
 * @param io - where the verdict goes
 * @returns 0 consistent, 1 a clause is violated, 2 unreadable input
 * @throws UsageError for a bad option (the caller exits 2)
 * @public
 */
export async function verifyCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { 'max-output-bytes': { type: 'string' }, workers: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: true,
    });
  } catch (cause) {
    throw new UsageError(`verify: ${(cause as Error).message.split('\n')[0] ?? ''} (${USAGE})`, { cause });
  }
  if (parsed.values.help === true) {
    io.stdout.write(verifyHelpText);
    return exitCodes.ok;
  }
  const [file, ...extra] = parsed.positionals;
  if (file === undefined || extra.length > 0) throw new UsageError(`verify: expected one transcript file (${USAGE})`);
  const maxOutputBytes = outputBound(parsed.values['max-output-bytes']);
  const workers = workerCount(parsed.values.workers);

  let result: VerifyResult;
  try {
    result = await verifyTranscript(file, { maxOutputBytes, workers });
  } catch (error) {
    if (!(error instanceof TranscriptInputError)) throw error;
    io.stderr.write(`adapter-qualify verify: ${file}: ${error.message}\n`);
    return exitCodes.usage;
  }
  io.stdout.write(renderVerifyResult(file, result));
  return result.violated.length === 0 ? exitCodes.ok : exitCodes.failed;
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
function renderVerifyResult(file: string, result: VerifyResult): string {
  const lines = [
    `verify ${file}: ${result.lines} calls; ${result.outChecked} answers checked against OUT, ${result.refusalsChecked} refusals checked, ` +
      `${result.outcomes} valid outcomes in ${result.bindings} binding histories` +
      (result.maskedSkipped === 0 ? '' : `; ${result.maskedSkipped} calls with masked output not judged`),
  ];
  for (const { clauseId, count, examples } of result.violated) {
    lines.push(`FAIL ${clauseId} (${count} violation${count === 1 ? '' : 's'})`);
    for (const example of examples) lines.push(`  line${example.lines.length === 1 ? '' : 's'} ${example.lines.join(', ')}: ${example.message}`);
    if (count > examples.length) lines.push(`  … and ${count - examples.length} more`);
  }
  lines.push(
    result.violated.length === 0
      ? 'consistent: no clause is violated by this transcript'
      : `inconsistent: ${result.violated.map((entry) => entry.clauseId).join(', ')}`,
  );
  return `${lines.join('\n')}\n`;
}
