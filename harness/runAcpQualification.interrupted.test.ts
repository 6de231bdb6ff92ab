import { existsSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { CLI_BIN } from './__test-helpers__/runQualifyCli.js';
import { interruptRunUnderWay, REPORT_DUE_MS } from './__test-helpers__/interruptedRun.js';
import { temporaryRoot } from './__test-helpers__/temporaryRoot.js';
import { packageRoot } from './packageRoot.js';

// SIGTERM and SIGINT to an ACP run of the reference agent once its first cases are under way: the report of
// the cases finished before the signal, marked interrupted, within 10 s; no FAIL for the agents the suite
// killed; no agent process left.

const root = temporaryRoot('interrupted-acp-run');
const AGENT = join(packageRoot, 'adapters', 'acp-reference', 'agent.json');
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

// Processes whose working directory lies under `prefix` (the agents run in the run's work directory there).
function processesUnder(prefix: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readlinkSync(`/proc/${entry}/cwd`).startsWith(prefix);
      } catch {
        return false;
      }
    })
    .map(Number);
}

function transcriptBytes(outDir: string): number {
  try {
    const staging = readdirSync(outDir).find((name) => name.startsWith('.adapter-qualify-staging-'));
    const file = staging === undefined ? '' : join(outDir, staging, 'transcript.jsonl');
    return staging !== undefined && existsSync(file) ? statSync(file).size : 0;
  } catch {
    return 0;
  }
}

describe('an interrupted ACP run', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s once cases are under way gives the interrupted report within 10 s, blaming nothing on the agent',
    async (signal) => {
      const tmp = join(root(), `${signal}-tmp`);
      await mkdir(tmp);
      const outDir = join(root(), signal);
      const child = execa(process.execPath, [CLI_BIN, 'run', AGENT, '--seed', '1', '--out', outDir], {
        reject: false,
        env: { CI: 'true', GITHUB_STEP_SUMMARY: '', TMPDIR: tmp },
        forceKillAfterDelay: false,
      });
      while (transcriptBytes(outDir) === 0 && child.exitCode === null) await sleep(20);
      await sleep(500);
      const { tookMs, stderr } = await interruptRunUnderWay(child, signal, outDir);
      expect(existsSync(join(outDir, 'transcript.jsonl'))).toBe(true);
      expect(processesUnder(tmp)).toEqual([]);
      expect(tookMs, stderr).toBeLessThan(REPORT_DUE_MS);
    },
    120_000,
  );
});
