import { ACP_RUN_HELP, parseAcpRunArgs } from '../acp/acpRunOptions.js';

// The acp-agent.v1 profile's commands: `run <agent.json>` and its self-check.

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
