import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { packageRoot } from '../packageRoot.js';
import type { AcceptanceReport } from '../../reports/types.js';

/** The built bin, as users run it (`npm test` builds first). */
export const CLI_BIN = join(packageRoot, 'dist', 'harness', 'cli', 'main.js');

/** What one `adapter-qualify run` produced; `R` is the kind of report (an ACP run's: `AcpAcceptanceReport`). */
export interface CliRun<R = AcceptanceReport> {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  /** `acceptance.json`, or null when none was written. */
  readonly report: R | null;
  readonly durationMs: number;
}

/**
 * Runs `adapter-qualify <command> …words --out <outDir> …args` through the
 * built bin, quietly (CI=true), and reads the report it wrote. No GitHub
 * Actions step summary is written unless `env` names one (tests must not fill the CI job's).
 * @throws Error when the command overran `timeoutMs` and was killed
 */
export async function runCliCommand<R = AcceptanceReport>(
  command: string,
  words: readonly string[],
  outDir: string,
  args: readonly string[],
  timeoutMs: number,
  env: Readonly<Record<string, string>> = {},
): Promise<CliRun<R>> {
  if (!existsSync(CLI_BIN)) throw new Error(`${CLI_BIN} is missing: run \`npm run build\` first`);
  const started = Date.now();
  const result = await execa(process.execPath, [CLI_BIN, command, ...words, '--out', outDir, ...args], {
    reject: false,
    timeout: timeoutMs,
    env: { CI: 'true', GITHUB_STEP_SUMMARY: '', ...env },
  });
  // A run killed at the budget still writes a report (interrupted, its unreached clauses SKIP): never let a test read it as the run's verdict.
  if (result.timedOut) {
    throw new Error(`adapter-qualify ${command} was killed at its test budget of ${timeoutMs} ms; its stderr ended:\n${result.stderr.slice(-2000)}`);
  }
  const reportPath = join(outDir, 'acceptance.json');
  return {
    exitCode: result.exitCode ?? -1,
    stdout: result.stdout,
    stderr: result.stderr,
    report: existsSync(reportPath) ? (JSON.parse(readFileSync(reportPath, 'utf8')) as R) : null,
    durationMs: Date.now() - started,
  };
}

/**
 * Runs `adapter-qualify run <config> --out <outDir> …args` (see `runCliCommand`).
 * `subject` is the configuration path, or the words naming another subject
 * (`['--sdk', module, '--authority', id]`).
 */
export async function runQualifyCli(
  subject: string | readonly string[],
  outDir: string,
  args: readonly string[] = [],
  timeoutMs = 300_000,
  env: Readonly<Record<string, string>> = {},
): Promise<CliRun> {
  return runCliCommand('run', typeof subject === 'string' ? [subject] : subject, outDir, args, timeoutMs, env);
}
