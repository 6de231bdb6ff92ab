import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { CLI_BIN, type CliRun } from '../../__test-helpers__/runQualifyCli.js';
import type { AcceptanceReport } from '../../../reports/types.js';

/**
 * Runs `adapter-qualify manifest <target> --out <outDir> …args` through the
 * built bin, quietly (CI=true), and reads the report it wrote.
 */
export async function runManifestCli(target: string, outDir: string, args: readonly string[] = [], timeoutMs = 120_000): Promise<CliRun> {
  if (!existsSync(CLI_BIN)) throw new Error(`${CLI_BIN} is missing: run \`npm run build\` first`);
  const started = Date.now();
  const result = await execa(process.execPath, [CLI_BIN, 'manifest', target, '--out', outDir, ...args], { reject: false, timeout: timeoutMs, env: { CI: 'true' } });
  const reportPath = join(outDir, 'acceptance.json');
  return {
    exitCode: result.exitCode ?? -1,
    stdout: result.stdout,
    stderr: result.stderr,
    report: existsSync(reportPath) ? (JSON.parse(readFileSync(reportPath, 'utf8')) as AcceptanceReport) : null,
    durationMs: Date.now() - started,
  };
}
