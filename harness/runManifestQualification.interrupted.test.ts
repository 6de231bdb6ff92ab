import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { CLI_BIN } from './__test-helpers__/runQualifyCli.js';
import { interruptRunUnderWay, REPORT_DUE_MS } from './__test-helpers__/interruptedRun.js';
import { temporaryRoot } from './__test-helpers__/temporaryRoot.js';
import { until } from './__test-helpers__/until.js';
import { packageRoot } from './packageRoot.js';

// SIGTERM and SIGINT to a manifest run once its tools are being called: the report of the checks finished
// before the signal, marked interrupted, within 10 s; no FAIL for the calls the suite ended; no process left.

const root = temporaryRoot('interrupted-manifest-run');
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

// The reference manifest adapter, each call of its entrypoint taking 0.4 s more: calls are in flight when the signal comes.
function slowReference(dir: string): string {
  cpSync(join(packageRoot, 'adapters', 'manifest-reference'), dir, { recursive: true });
  const cli = join(dir, 'cli.py');
  writeFileSync(cli, readFileSync(cli, 'utf8').replace('import sys\n', 'import sys\nimport time\n\ntime.sleep(0.4)\n'));
  return dir;
}

// Processes whose command line names `dir` (the adapter's entrypoint and its runtime hook).
function processesOf(dir: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid)
    .filter((entry) => {
      try {
        const state = readFileSync(`/proc/${entry}/stat`, 'latin1').split(') ')[1]?.[0];
        return state !== 'Z' && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(dir);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('an interrupted manifest run', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s once tools are being called gives the interrupted report within 10 s, blaming nothing on the adapter',
    async (signal) => {
      const adapter = slowReference(join(root(), `${signal}-adapter`));
      const outDir = join(root(), `${signal}-report`);
      const child = execa(process.execPath, [CLI_BIN, 'manifest', adapter, '--seed', '1', '--out', outDir], {
        reject: false,
        env: { CI: 'true', GITHUB_STEP_SUMMARY: '' },
        forceKillAfterDelay: false,
      });
      while (processesOf(join(adapter, 'cli.py')).length === 0 && child.exitCode === null) await sleep(20);
      const { report, tookMs, stderr } = await interruptRunUnderWay(child, signal, outDir);
      // The checks that finished before the signal (the manifest's own, read without calling anything) are judged.
      expect(report.clauses.filter((entry) => entry.verdict === 'PASS').length).toBeGreaterThan(0);
      expect(existsSync(join(outDir, 'failures'))).toBe(false);
      // None alive 1 s after the run (a process the run killed may still be exiting as the CLI exits).
      await until(() => processesOf(adapter).length === 0, 1_000);
      expect(processesOf(adapter)).toEqual([]);
      expect(tookMs, stderr).toBeLessThan(REPORT_DUE_MS);
    },
    120_000,
  );
});
