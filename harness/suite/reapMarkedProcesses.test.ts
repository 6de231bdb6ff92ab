import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mutantConfig } from '../../adapters/mutants/mutantConfig.js';
import { runQualifyCli } from '../__test-helpers__/runQualifyCli.js';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { findMarkedProcesses } from './findMarkedProcesses.js';

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
  }, 300_000);
});
