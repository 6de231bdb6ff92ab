import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../../harness/__test-helpers__/temporaryRoot.js';
import { runQualifyCli } from '../../harness/__test-helpers__/runQualifyCli.js';
import { hostileFixturePath, type HostileFixture } from './hostileFixturePath.js';

// Hostile adapters as the subject of a whole run: each must end in a written,
// schema-valid report with an adapter verdict (exit 0 or 1), never a crash
// (exit 3), a hang or a lost report.

const SUBJECTS: readonly HostileFixture[] = [
  'hang',
  'flood-stdout',
  'flood-stderr-before-stdin',
  'never-reads-stdin',
  'invalid-utf8',
  'deep-json',
  'exit-7-valid-outcome',
  'killed-by-signal',
  'grandchild-holds-stdout',
];

const root = temporaryRoot('hostile-subjects');

describe.concurrent('hostile adapters under a full run', () => {
  it.each(SUBJECTS)('%s: a report, an adapter verdict, no crash, no hang', async (fixture) => {
    const configPath = join(root(), `${fixture}.json`);
    const config = { protocol: 'algal.coding-operation.v1', authorityId: 'hostile', executable: process.execPath, argvPrefix: [hostileFixturePath(fixture)] };
    await writeFile(configPath, JSON.stringify(config));
    const run = await runQualifyCli(configPath, join(root(), fixture), ['--runs', '1', '--timeout-ms', '1000', '--seed', '1'], 240_000);
    expect(run.report, `${run.stdout}\n${run.stderr}`).not.toBeNull();
    expect([0, 1]).toContain(run.exitCode);
    expect(run.report!.suiteErrors).toEqual([]);
    expect(run.report!.verdict).not.toBe('conformant');
    // None of these ever gives a valid outcome, so no ledger clause can have evidence: never PASS.
    const ledgerPasses = run.report!.clauses.filter((entry) => entry.family === 'SEM' && entry.verdict === 'PASS' && entry.id !== 'SEM-TERMINAL-WITHOUT-ACCEPT');
    expect(ledgerPasses.map((entry) => entry.id)).toEqual([]);
    // Judged as algal's host would: it ends a call with more than 65,536 bytes of stderr uncertain, whatever stdout held.
    const stderrBound = run.report!.clauses.find((entry) => entry.id === 'WIRE-STDERR-BOUND');
    if (fixture === 'flood-stderr-before-stdin') {
      expect(stderrBound).toMatchObject({ verdict: 'FAIL', reason: expect.stringMatching(/exited 0 after writing \d+ bytes to stderr/) });
    } else {
      expect(stderrBound?.verdict).not.toBe('FAIL');
    }
  }, 300_000);
});
