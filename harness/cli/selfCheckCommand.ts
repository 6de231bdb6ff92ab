import { parseSelfCheckArgs } from '../selfCheck/parseSelfCheckArgs.js';
import { selfCheckHelp } from '../selfCheck/selfCheckHelp.js';
import { exitCodes, type ExitCode } from './exitCodes.js';
import type { CliIo } from './runCommand.js';

/**
 * `adapter-qualify self-check [options]`: qualifies the reference adapter (the
 * control) and every mutant, prints the kill matrix summary and the mutation
 * score, and writes `self-check.json` and `self-check.md`.
 * @param args - the arguments after `self-check`.
 * @param io - where help, progress and the summary go.
 * @param cwd - directory a relative `--out` resolves against. @defaultValue `process.cwd()`
 * @returns 0 when the control is green and every judgeable mutant is killed, else 1.
 * @throws UsageError for a bad option or an unknown mutant (the caller exits 2).
 * @public
 */
export async function selfCheckCommand(args: readonly string[], io: CliIo, cwd: string = process.cwd()): Promise<ExitCode> {
  const parsed = parseSelfCheckArgs(args, cwd);
  if (parsed.kind === 'help') {
    io.stdout.write(selfCheckHelp);
    return exitCodes.ok;
  }
  // Loaded only once the options are valid, so `--help` and usage errors stay fast.
  const { runSelfCheck } = await import('../selfCheck/runSelfCheck.js');
  const { renderSelfCheckSummary } = await import('../selfCheck/renderSelfCheckSummary.js');
  // Ctrl-C must not leave qualification runs (and their adapters) behind.
  const interrupt = new AbortController();
  const onSignal = (): void => interrupt.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const { report } = await runSelfCheck(parsed.options, { onProgress: (line) => io.stderr.write(`${line}\n`), signal: interrupt.signal });
    io.stdout.write(renderSelfCheckSummary(report, parsed.options.outDir));
    return report.exitCode;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
