import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../../../harness/__test-helpers__/temporaryRoot.js';
import { CLI_BIN, runQualifyCli } from '../../../harness/__test-helpers__/runQualifyCli.js';
import { mutantConfig } from '../mutantConfig.js';

// The offline check must reach the run's verdict from the transcript alone: the
// byte counts it records are the evidence, not the stderr the run dropped.

const root = temporaryRoot('stderr-log-flood');

describe('stderr-log-flood', () => {
  it("FAILs WIRE-STDERR-BOUND in a run, and verify of that run's transcript reports it on the same calls", async () => {
    const configPath = join(root(), 'stderr-log-flood.json');
    await writeFile(configPath, JSON.stringify(mutantConfig('stderr-log-flood')));
    const out = join(root(), 'run');
    const run = await runQualifyCli(configPath, out, ['--seed', '21', '--runs', '3', '--only', '^SEM-SUBMIT-ADMITS']);
    const failed = run.report?.clauses.find((entry) => entry.id === 'WIRE-STDERR-BOUND');
    expect(failed?.verdict, run.stdout).toBe('FAIL');

    const transcript = join(out, 'transcript.jsonl');
    const calls = (await readFile(transcript, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { exitCode: number | null; stderrBytes: number });
    const flooded = calls.flatMap((call, index) => (call.exitCode === 0 && call.stderrBytes === 70_000 ? [index + 1] : []));
    expect(flooded.length).toBeGreaterThan(1);
    for (const workers of ['0', '2']) {
      const verified = await execa(process.execPath, [CLI_BIN, 'verify', transcript, '--workers', workers], { reject: false });
      expect(verified.exitCode, `${verified.stdout}\n${verified.stderr}`).toBe(1);
      expect(verified.stdout).toContain(`FAIL WIRE-STDERR-BOUND (${flooded.length} violations)`);
      const named = [...verified.stdout.matchAll(/^ {2}line ([0-9]+): call \S+ \((?:submit|observe)\) exited 0 after writing 70000 bytes to stderr/gm)].map((match) => Number(match[1]));
      expect(named).toEqual(flooded.slice(0, 10));
      expect(verified.stdout).toMatch(/inconsistent: WIRE-STDERR-BOUND$/);
    }
  }, 120_000);
});
