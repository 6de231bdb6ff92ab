import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { dir as temporaryDirectory } from 'tmp-promise';
import { isAcpClauseId } from '../acp/acpClauses.js';
import { ACP_RUN_HELP, parseAcpRunArgs } from '../acp/acpRunOptions.js';
import { readAcpFailureCases, replayAcpFailure, type AcpRunForVerdict } from '../replay/acpFailureCases.js';
import { UsageError } from '../UsageError.js';
import type { AcpAcceptanceReport } from '../../reports/acp/buildAcpReport.js';

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
 * @returns the report's exit code (0, 1 or 3)
 * @throws UsageError for a bad configuration or option
 */
export async function acpRunCommand(args: readonly string[], io: CommandIo, cwd: string = process.cwd()): Promise<number> {
  const parsed = await parseAcpRunArgs(args, cwd);
  if (parsed.kind === 'help') {
    io.stdout.write(ACP_RUN_HELP);
    return 0;
  }
  const { runAcpQualification } = await import('../runAcpQualification.js');
  const { exitCode, summary } = await runAcpQualification(parsed.options);
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
    io.stdout.write(`${ACP_REPLAY_USAGE}\n`);
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
    const result = await replayAcpFailure(entry, adapter ?? entry.config, run);
    allFixed &&= result.answer === 'FIXED';
    io.stdout.write(`${result.answer.padEnd(12)} ${entry.clauseId} (${result.verdicts.join(', ')}) ${entry.caseName}${entry.path === null ? '' : ` [path ${entry.path}]`}\n`);
  }
  return allFixed ? 0 : 1;
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
    throw new UsageError(`${command}: ${(cause as Error).message}`, { cause });
  }
}
