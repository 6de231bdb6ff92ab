import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { until } from '../__test-helpers__/until.js';
import { isProcessLive } from '../transport/__test-helpers__/fixtureTarget.js';
import { findMarkedProcesses, reapMarkedProcesses } from './markedProcesses.js';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mutantConfig } from '../../adapters/mutants/mutantConfig.js';
import { runQualifyCli } from '../__test-helpers__/runQualifyCli.js';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { locateTracer } from '../faults/strace.js';

function markedSleeper(callId: string): number {
  const child = spawn('sleep', ['30'], { detached: true, stdio: 'ignore', env: { ...process.env, ADAPTER_QUALIFY_CALL: callId } });
  child.unref();
  if (child.pid === undefined) throw new Error('sleep did not start');
  return child.pid;
}

describe.runIf(process.platform === 'linux')('findMarkedProcesses / reapMarkedProcesses', () => {
  it('finds a detached process by the call marker it inherited, and only for the given calls; reaping kills it', async () => {
    const marked = randomUUID();
    const other = randomUUID();
    const pid = markedSleeper(marked);
    const bystander = markedSleeper(other);
    try {
      expect(await until(() => (findMarkedProcesses(new Set([marked])) ?? []).length > 0, 2_000)).toBe(true);
      expect(findMarkedProcesses(new Set([marked]))).toEqual([{ pid, callId: marked, cmdline: 'sleep 30' }]);
      expect(findMarkedProcesses(new Set([randomUUID()]))).toEqual([]);

      expect(reapMarkedProcesses(new Set([marked])).map((found) => found.pid)).toEqual([pid]);
      expect(await until(() => !isProcessLive(pid), 2_000)).toBe(true);
      expect(findMarkedProcesses(new Set([marked]))).toEqual([]);
      expect(isProcessLive(bystander)).toBe(true);
      expect(reapMarkedProcesses(new Set([marked]))).toEqual([]);
    } finally {
      reapMarkedProcesses(new Set([marked, other]));
    }
  });
});

const root = temporaryRoot('fault-cleanup');

// The fault suite against an adapter whose every submit leaves a detached
// process behind (carrying the call's marker): the suite must report it and
// kill every one, so nothing of the run survives the run.
describe.runIf(process.platform === 'linux')('the fault suite leaves no process behind', () => {
  it('kills every process carrying a marker of its calls, and the report says so', async () => {
    const configPath = join(root(), 'adapter.json');
    await writeFile(configPath, JSON.stringify(mutantConfig('detached-worker-outlives-terminal')));
    const outDir = join(root(), 'report');
    const run = await runQualifyCli(configPath, outDir, ['--only', '^SEM-(CRASH-CONSISTENT|LOCAL-SETTLEMENT)', '--runs', '2', '--seed', '7', '--timeout-ms', '5000']);
    expect(run.report, run.stderr).not.toBeNull();

    const transcript = (await readFile(join(outDir, 'transcript.jsonl'), 'utf8')).trim().split('\n');
    const markers = new Set(transcript.map((line) => (JSON.parse(line) as { callId: string }).callId));
    expect(markers.size).toBeGreaterThan(10);
    expect(findMarkedProcesses(markers)).toEqual([]);

    const settlement = run.report!.clauses.find((clause) => clause.id === 'SEM-LOCAL-SETTLEMENT');
    expect(settlement?.verdict).toBe('FAIL');
    expect(settlement?.reason).toMatch(/still running after its terminal outcome .*pid \d+ \(sleep 20\)/);
    // Its crash points are judged all the same: a recording ends with its submit, not with the worker it leaves (20 s,
    // past the traced deadline of 15 s, which used to kill every recording and leave the clause INCONCLUSIVE).
    if ((await locateTracer()).method === 'syscall') {
      expect(run.report!.clauses.find((clause) => clause.id === 'SEM-CRASH-CONSISTENT')).toMatchObject({ verdict: 'PASS', method: 'syscall' });
    }
  }, 300_000);
});
