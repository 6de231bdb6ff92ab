import { copyFile, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostileFixtureCommand, hostileFixturePath } from '../../adapters/hostile/hostileFixturePath.js';
import { manifestFixtures } from '../../adapters/manifest-fixtures/catalog.js';
import { packageRoot } from '../packageRoot.js';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { runQualificationJob } from './runQualificationJob.js';

// Runs the built worker (`npm run build` first). One bad run must become its
// row's verdict, never an exception, and leave no process behind.

const root = temporaryRoot('qualification-job');

async function commandLines(): Promise<string[]> {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  const lines = await Promise.all(pids.map((pid) => readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')));
  return lines.map((line) => line.replaceAll('\0', ' '));
}

describe('runQualificationJob', () => {
  // Each run below calls an adapter that never answers (with a 10-minute call deadline): only the job's cap or its
  // signal can end it. The abort is sent once the adapter is seen running, whenever a loaded machine gets there, so
  // the kill provably reaches the run's adapters; the cap shares that kill, and its own test needs no adapter reached.
  async function hangingJob(name: string): Promise<{ readonly hang: string; readonly args: string[]; readonly outDir: string }> {
    // A private copy of the hanging adapter, so its processes are recognisable.
    // In a directory of its own: a report inside the adapter's directory is refused.
    await mkdir(join(root(), name));
    const hang = join(root(), name, `private-${basename(hostileFixturePath('hang'))}`);
    await copyFile(hostileFixturePath('hang'), hang);
    const config = join(root(), `${name}.json`);
    await writeFile(config, JSON.stringify({ protocol: 'algal.coding-operation.v1', authorityId: 'hang', executable: hostileFixtureCommand('hang').executable, argvPrefix: [hang] }));
    const outDir = join(root(), `${name}-out`);
    await mkdir(outDir);
    return { hang, args: [config, '--out', outDir, '--only', 'SEM-OBSERVE-FRESH', '--timeout-ms', '600000', '--runs', '1'], outDir };
  }

  it('a run past its wall-clock cap is timed out', async () => {
    const { hang, args, outDir } = await hangingJob('capped');
    const { end, report } = await runQualificationJob({ args, outDir, suiteDir: null, capMs: 3_000 });
    expect(end).toMatchObject({ kind: 'timed-out', detail: 'killed after the 3000 ms cap' });
    expect(end.durationMs).toBeGreaterThanOrEqual(3_000);
    expect(report).toBeNull();
    await expect.poll(async () => (await commandLines()).filter((line) => line.includes(hang)), { timeout: 5_000 }).toEqual([]);
    expect(await readFile(join(outDir, 'run.log'), 'utf8')).toBeDefined();
  }, 60_000);

  it('a run ended while its adapter is running kills that adapter with it', async () => {
    const { hang, args, outDir } = await hangingJob('aborted');
    const controller = new AbortController();
    const running = runQualificationJob({ args, outDir, suiteDir: null, capMs: 600_000 }, controller.signal);
    await expect.poll(async () => (await commandLines()).some((line) => line.includes(hang)), { timeout: 120_000, interval: 200 }).toBe(true);
    controller.abort();
    const { end, report } = await running;
    expect(end).toMatchObject({ kind: 'error', detail: 'killed: self-check was interrupted' });
    expect(report).toBeNull();
    // None of its processes outlives the run.
    await expect.poll(async () => (await commandLines()).filter((line) => line.includes(hang)), { timeout: 5_000 }).toEqual([]);
  }, 180_000);

  it('a run that writes no report is an error naming its exit code, not an exception', async () => {
    const outDir = join(root(), 'missing-out');
    await mkdir(outDir);
    const { end, report } = await runQualificationJob({ args: [join(root(), 'no-such-adapter.json'), '--out', outDir], outDir, suiteDir: null, capMs: 60_000 });
    expect(end.kind).toBe('error');
    expect(end.kind === 'error' ? end.detail : '').toMatch(/^exit code 2, no acceptance\.json written: adapter-qualify self-check worker: /);
    expect(report).toBeNull();
  }, 60_000);

  it('a manifest job runs `adapter-qualify manifest` on the directory and reads its adapter-manifest.v1 report', async () => {
    const fixture = manifestFixtures.find((entry) => entry.name === 'two-json');
    const outDir = join(root(), 'manifest-out');
    await mkdir(outDir);
    const { end, report } = await runQualificationJob({
      command: 'manifest',
      args: [join(packageRoot, fixture?.dir ?? ''), '--out', outDir, '--seed', '1', '--runs', '2'],
      outDir,
      suiteDir: null,
      capMs: 120_000,
    });
    expect(end).toMatchObject({ kind: 'report', exitCode: 1 });
    expect(report?.profile).toBe('adapter-manifest.v1');
    expect(report?.clauses.find((entry) => entry.id === 'TRN-ONE-JSON')?.verdict).toBe('FAIL');
  }, 120_000);
});
