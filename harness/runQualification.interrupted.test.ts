import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_BIN } from './__test-helpers__/runQualifyCli.js';
import { temporaryRoot } from './__test-helpers__/temporaryRoot.js';
import { packageRoot } from './packageRoot.js';
import type { AcceptanceReport } from '../reports/types.js';
import { adapterProcessesUnder } from './__test-helpers__/adapterProcessesUnder.js';

// SIGTERM or SIGINT at any moment of a run of a conformant adapter: a report marked interrupted within
// 10 s of the signal, and nothing the suite itself ended (its own kill of the calls in flight) booked as
// the adapter's answer: no FAIL, no failures/ file. The subject is the reference adapter answering after
// a pause, so that calls are in flight whenever the signal comes. The signal goes once the run's first
// adapter process exists, then later in the run, at rest and beside two busy loops per core.

const root = temporaryRoot('interrupted-run');
const REFERENCE_BUNDLE = join(packageRoot, 'dist', 'adapters', 'reference', 'bundle', 'main.js');

async function slowReference(): Promise<string> {
  // Its own directory: a report never goes inside the adapter's.
  await mkdir(join(root(), 'subject'), { recursive: true });
  const script = join(root(), 'subject', 'slow-reference.sh');
  await writeFile(script, `#!/bin/sh\nsleep 0.3\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(REFERENCE_BUNDLE)} --authority slow-reference "$@"\n`);
  await chmod(script, 0o755);
  const config = join(root(), 'subject', 'slow-reference.json');
  await writeFile(config, JSON.stringify({ protocol: 'algal.coding-operation.v1', authorityId: 'slow-reference', executable: '/bin/sh', argvPrefix: [script] }));
  return config;
}
const REPORT_DUE_MS = 10_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function interruptedRun(name: string, signal: 'SIGTERM' | 'SIGINT', afterFirstCallMs: number, only: readonly string[] = []): Promise<void> {
  const tmp = join(root(), `${name}-tmp`);
  await mkdir(tmp);
  const outDir = join(root(), name);
  const child = execa(process.execPath, [CLI_BIN, 'run', await slowReference(), '--runs', '3', '--seed', '1', '--out', outDir, ...only], {
    reject: false,
    env: { CI: 'true', GITHUB_STEP_SUMMARY: '', TMPDIR: tmp },
    // The test times the run's own answer to the signal; execa's SIGKILL after 5 s would hide it.
    forceKillAfterDelay: false,
  });
  while (adapterProcessesUnder(tmp).length === 0 && child.exitCode === null) await sleep(50);
  await sleep(afterFirstCallMs);
  expect(child.exitCode, 'the run ended before the signal: choose an earlier point').toBeNull();
  const sentAt = Date.now();
  child.kill(signal);
  const result = await Promise.race([child, sleep(60_000).then(() => child.kill('SIGKILL'))]).then(() => child);
  const tookMs = Date.now() - sentAt;
  expect(result.exitCode, `${String(result.signal)} ${result.stdout}\n${result.stderr}`).toBe(3);
  const report = JSON.parse(await readFile(join(outDir, 'acceptance.json'), 'utf8')) as AcceptanceReport;
  expect(report.run.interrupted).toBe(signal);
  const failed = report.clauses.filter((entry) => entry.verdict === 'FAIL').map((entry) => `${entry.id}: ${entry.reason ?? ''}`);
  expect(failed, 'a call the suite ended is no evidence against the adapter').toEqual([]);
  expect(existsSync(join(outDir, 'failures'))).toBe(false);
  expect(adapterProcessesUnder(tmp)).toEqual([]);
  expect(tookMs, 'the interrupted report is due within 10 s of the signal').toBeLessThan(REPORT_DUE_MS);
}

const POINTS = [
  ['SIGTERM', 0],
  ['SIGINT', 4_000],
  ['SIGTERM', 12_000],
  ['SIGINT', 25_000],
] as const;

describe('an interrupted run', () => {
  it.each(POINTS)(
    'at rest: %s %i ms after the first call gives an interrupted report within 10 s that blames nothing on the adapter',
    async (signal, afterMs) => {
      await interruptedRun(`rest-${signal}-${afterMs}`, signal, afterMs);
    },
    120_000,
  );

  it('in a test that reads a killed call as a refusal (REQ-BOUNDARY-ACCEPT), books no FAIL for the calls the suite killed', async () => {
    await interruptedRun('boundary-accept', 'SIGTERM', 1_000, ['--only', '^REQ-BOUNDARY-ACCEPT$']);
  }, 120_000);

  // Opt-in (ADAPTER_QUALIFY_LOAD_TESTS=1): busy loops beside vitest's other workers would load every test
  // running at the same time, not only this one.
  describe.runIf(process.env.ADAPTER_QUALIFY_LOAD_TESTS === '1')('beside two busy loops per core (ADAPTER_QUALIFY_LOAD_TESTS=1)', () => {
    const loops: ChildProcess[] = [];
    beforeAll(() => {
      for (let index = 0; index < 2 * availableParallelism(); index += 1) {
        loops.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
      }
    });
    afterAll(async () => {
      await Promise.all(loops.map((loop) => new Promise((resolve) => loop.once('exit', resolve).kill('SIGKILL'))));
    });

    it.each(POINTS)(
      '%s %i ms after the first call gives an interrupted report within 10 s that blames nothing on the adapter',
      async (signal, afterMs) => {
        await interruptedRun(`busy-${signal}-${afterMs}`, signal, afterMs);
      },
      180_000,
    );
  });
});
