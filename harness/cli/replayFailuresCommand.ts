import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { dir as temporaryDirectory } from 'tmp-promise';
import { isClauseId } from '../clauses.js';
import { readFailureCases } from '../replay/readFailureCases.js';
import { replayFailure, type RunForVerdict } from '../replay/replayFailure.js';
import { UsageError } from '../UsageError.js';
import type { AcceptanceReport } from '../../reports/types.js';
import { exitCodes, type ExitCode } from './exitCodes.js';
import { runCommand, type CliIo } from './runCommand.js';

const USAGE = 'usage: adapter-qualify replay <report-dir> [--clause ID] [--adapter adapter.json]';

/** Help of `adapter-qualify replay`. @public */
export const replayHelpText = `Usage: adapter-qualify replay <report-dir> [options]

Re-runs every failure stored in a report directory (failures/<clause>.json: the
test, seed, fast-check path, run options and the full requests of the shrunk case)
against the adapter, three times, and answers per case:
  FIXED         passed three times in a row
  FAILED        failed, and never passed
  FLAKY         both passed and failed
  INCONCLUSIVE  no evidence either way (e.g. the adapter stopped answering)

Options:
  --clause ID             replay only the stored failure of this clause
  --adapter FILE          run against this adapter.json instead of the recorded one
  -h, --help              show this help

Exit codes:
  0  every replayed failure is FIXED (or none is stored)
  1  some failure is not FIXED
  2  usage error: not a report directory, an unknown clause, a bad adapter.json
`;

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
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { clause: { type: 'string' }, adapter: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: true,
    });
  } catch (cause) {
    throw new UsageError(`replay: ${(cause as Error).message.split('\n')[0] ?? ''} (${USAGE})`, { cause });
  }
  if (parsed.values.help === true) {
    io.stdout.write(replayHelpText);
    return exitCodes.ok;
  }
  const [reportDir, ...extra] = parsed.positionals;
  if (reportDir === undefined || extra.length > 0) throw new UsageError(`replay: expected one report directory (${USAGE})`);
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
    const result = await replayFailure(entry, adapter === undefined ? entry.subjectArgs : [adapter], run);
    allFixed &&= result.answer === 'FIXED';
    io.stdout.write(`${result.answer.padEnd(12)} ${entry.clauseId} (${result.verdicts.join(', ')}) ${entry.testName}\n`);
  }
  return allFixed ? exitCodes.ok : exitCodes.failed;
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
