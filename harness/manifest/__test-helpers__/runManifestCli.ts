import { runCliCommand, type CliRun } from '../../__test-helpers__/runQualifyCli.js';

/** Runs `adapter-qualify manifest <target> --out <outDir> …args` through the built bin (see `runCliCommand`). */
export async function runManifestCli(target: string, outDir: string, args: readonly string[] = [], timeoutMs = 120_000): Promise<CliRun> {
  return runCliCommand('manifest', [target], outDir, args, timeoutMs);
}
