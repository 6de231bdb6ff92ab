import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../packageRoot.js';
import { workerPoolOptions } from './workerThreads.js';

// Spawns dist/harness/suite/workerThreads.js: run `npm run build` first (`npm test` does).
// A process of its own, so the flags it sets never reach this test's worker.
const compiled = join(packageRoot, 'dist', 'harness', 'suite', 'workerThreads.js');

/** In a fresh Node.js process: a worker thread's largest young generation while it churns garbage, and whether it has `gc`. */
const PROBE = `
import { Worker } from 'node:worker_threads';
// The probe thread's code is a module too: it inherits --input-type=module.
const churn = \`
  import { getHeapSpaceStatistics } from 'node:v8';
  import { parentPort } from 'node:worker_threads';
  let largest = 0;
  let kept = [];
  for (let i = 0; i < 1_000_000; i++) {
    kept.push({ i, list: [i] });
    if (kept.length > 50_000) kept = [];
    if (i % 10_000 === 0) largest = Math.max(largest, getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size);
  }
  parentPort.postMessage({ youngMiB: largest / 1048576, gc: typeof globalThis.gc });
\`;
const probe = () => new Promise((resolve) => new Worker(churn, { eval: true }).once('message', resolve));
const before = await probe();
if (process.argv[1] === 'tuned') (await import(process.argv[2])).tuneWorkerIsolates();
console.log(JSON.stringify({ before, after: await probe() }));
`;

async function probeWorkers(tuned: boolean): Promise<{ before: { youngMiB: number; gc: string }; after: { youngMiB: number; gc: string } }> {
  const { stdout } = await execa(process.execPath, ['--input-type=module', '-e', PROBE, tuned ? 'tuned' : 'plain', compiled]);
  return JSON.parse(stdout) as { before: { youngMiB: number; gc: string }; after: { youngMiB: number; gc: string } };
}

describe('workerPoolOptions', () => {
  it('runs worker threads, two at most, splitting --concurrency between them', () => {
    expect(workerPoolOptions(1)).toEqual({ pool: 'threads', maxWorkers: 1, maxConcurrency: 1 });
    expect(workerPoolOptions(4)).toEqual({ pool: 'threads', maxWorkers: 2, maxConcurrency: 2 });
    expect(workerPoolOptions(5)).toEqual({ pool: 'threads', maxWorkers: 2, maxConcurrency: 2 });
  });
});

describe('tuneWorkerIsolates', () => {
  it('gives worker threads started after it a young generation of 2 MiB at most and gc (one started before it had neither)', async () => {
    const tuned = await probeWorkers(true);
    expect(tuned.before).toEqual({ youngMiB: expect.any(Number), gc: 'undefined' });
    expect(tuned.before.youngMiB).toBeGreaterThan(2);
    expect(tuned.after).toEqual({ youngMiB: expect.any(Number), gc: 'function' });
    expect(tuned.after.youngMiB).toBeLessThanOrEqual(2);
  });

  it('leaves a process that does not call it as it was', async () => {
    const plain = await probeWorkers(false);
    expect(plain.after.gc).toBe('undefined');
    expect(plain.after.youngMiB).toBeGreaterThan(2);
  });
});
