import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, test } from 'vitest';
import { mutantConfig } from '../../adapters/mutants/mutantConfig.js';
import type { AcceptanceReport, ClauseReport } from '../../reports/types.js';
import { reportSchemaErrors } from '../../reports/validateReport.js';
import { CLI_BIN, runQualifyCli } from '../__test-helpers__/runQualifyCli.js';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';

// A mutant that breaks SEM-TERMINAL-IMMUTABLE and SEM-EQUAL-REVISION, on four tests of three suite
// files (a subset, so the four runs below stay within a CI budget on two cores).
const MUTANT = 'terminal-text-timestamped';
// The submit-then-poll test, not its concurrent sibling: overlapping calls shrink differently run to run.
const SUBMIT_THEN_POLL = 'SEM-REVISION-MONOTONIC, SEM-EQUAL-REVISION, SEM-ACCEPTANCE-STABLE, SEM-TERMINAL-IMMUTABLE, SEM-TERMINAL-WITHOUT-ACCEPT:';
const ONLY = `^(${SUBMIT_THEN_POLL}|SEM-OBSERVE-FRESH|OUT-JSON|REQ-CLOSED)`;
const SAME_RUN = ['--seed', '11', '--runs', '2', '--only', ONLY];
const root = temporaryRoot('merge-command');

async function writeConfig(): Promise<string> {
  const file = join(root(), 'adapter.json');
  await writeFile(file, JSON.stringify(mutantConfig(MUTANT)));
  return file;
}

async function merge(args: readonly string[], env: Record<string, string> = {}): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const result = await execa(process.execPath, [CLI_BIN, 'merge', ...args], { reject: false, env: { CI: 'true', ...env } });
  return { exitCode: result.exitCode ?? -1, stdout: result.stdout, stderr: result.stderr };
}

function readReport(dir: string): AcceptanceReport {
  return JSON.parse(readFileSync(join(dir, 'acceptance.json'), 'utf8')) as AcceptanceReport;
}

// What must agree between two runs with one seed. Counterexamples carry operation IDs
// (random per run, so a persistent ledger never sees one twice) and this mutant's
// timestamps, so they are compared by their shape, not their bytes.
function table(report: AcceptanceReport): unknown[] {
  return report.clauses.map((entry: ClauseReport) => ({
    id: entry.id,
    verdict: entry.verdict,
    cases: entry.cases,
    reason: entry.reason,
    replay: entry.replay,
    seed: entry.seed,
    path: entry.path,
    counterexampleCalls: entry.counterexample?.calls.map((call) => call.action),
  }));
}

function lines(file: string): number {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '').length;
}

describe('adapter-qualify run --shard and merge', () => {
  test('three shards of a failing mutant, merged, give the verdict and clause table of the unsharded run', async () => {
    const config = await writeConfig();
    const whole = await runQualifyCli(config, join(root(), 'whole'), SAME_RUN);
    expect(whole.exitCode, whole.stderr).toBe(1);
    const shardDirs = [1, 2, 3].map((index) => join(root(), `shard-${index}`));
    const shards = [];
    // One after the other: CI machines have two cores.
    for (const [i, dir] of shardDirs.entries()) shards.push(await runQualifyCli(config, dir, [...SAME_RUN, '--shard', `${i + 1}/3`]));

    for (const [i, shard] of shards.entries()) {
      expect(shard.report, shard.stderr).not.toBeNull();
      const report = shard.report as AcceptanceReport;
      expect(reportSchemaErrors(report)).toEqual([]);
      expect(report.clauses.map((entry) => entry.id)).toEqual(whole.report?.clauses.map((entry) => entry.id));
      expect(report.run.shard).toMatchObject({ index: i + 1, count: 3 });
      const elsewhere = report.clauses.filter((entry) => entry.reason?.startsWith(`in another shard (not exercised in shard ${i + 1}/3)`));
      expect(elsewhere.length).toBeGreaterThan(0);
      expect(elsewhere.every((entry) => entry.verdict === 'SKIP' && !report.run.shard?.clauses.includes(entry.id))).toBe(true);
      expect(report.verdict).not.toBe('conformant');
      // A replay re-runs one test, whichever shard found it.
      expect(report.clauses.filter((entry) => entry.replay?.includes('--shard')).map((entry) => entry.id)).toEqual([]);
    }
    // Every test ran in exactly one shard: the slices of exercised clauses cover the whole run's.
    const covered = new Set(shards.flatMap((shard) => shard.report?.run.shard?.clauses ?? []));
    const exercised = (whole.report as AcceptanceReport).clauses.filter((entry) => entry.cases > 0 || entry.verdict === 'FAIL').map((entry) => entry.id);
    for (const id of exercised) expect(covered.has(id), id).toBe(true);

    const mergedDir = join(root(), 'merged');
    const stepSummary = join(root(), 'step-summary.md');
    await writeFile(stepSummary, '');
    const merged = await merge([...shardDirs].reverse().concat(['--out', mergedDir]), { GITHUB_STEP_SUMMARY: stepSummary });
    expect(merged.exitCode, merged.stderr).toBe(whole.exitCode);
    expect(merged.stdout).toContain('NON-CONFORMANT');
    // The job summary gets the merged verdict, not a shard's.
    expect(readFileSync(stepSummary, 'utf8')).toMatch(/NON-CONFORMANT/i);
    expect(readFileSync(stepSummary, 'utf8')).toContain('SEM-TERMINAL-IMMUTABLE');
    const report = readReport(mergedDir);
    const expected = whole.report as AcceptanceReport;
    expect(report.verdict).toBe(expected.verdict);
    expect(report.summary).toEqual(expected.summary);
    expect(table(report)).toEqual(table(expected));
    expect(report.clauses.find((entry) => entry.id === 'SEM-TERMINAL-IMMUTABLE')?.verdict).toBe('FAIL');
    expect(report.run.shard).toBeUndefined();
    expect(lines(join(mergedDir, 'transcript.jsonl'))).toBe(shardDirs.reduce((sum, dir) => sum + lines(join(dir, 'transcript.jsonl')), 0));

    // Not every shard, or shards of another run: exit 2, naming the problem, nothing written.
    const missing = await merge([shardDirs[0] as string, shardDirs[2] as string, '--out', join(root(), 'bad')]);
    expect([missing.exitCode, missing.stderr]).toEqual([2, 'adapter-qualify: merge: missing shard 2/3']);
    const mixed = await merge([join(root(), 'whole'), ...shardDirs, '--out', join(root(), 'bad')]);
    expect(mixed.exitCode).toBe(2);
    expect(mixed.stderr).toMatch(/shard-evidence\.json: missing|is not a shard report/);
  }, 900_000);
});

describe('adapter-qualify run --expected-failures', () => {
  const failingTest = ['--seed', '5', '--runs', '2', '--only', `^${SUBMIT_THEN_POLL}`];

  test('listed failures pass the gate; a listed clause that passes is a stale entry and fails it', async () => {
    const config = await writeConfig();
    const expected = join(root(), 'expected.yaml');
    await writeFile(expected, '# known failures of this mutant\n- SEM-TERMINAL-IMMUTABLE\n- SEM-EQUAL-REVISION\n');
    const gated = await runQualifyCli(config, join(root(), 'gated'), [...failingTest, '--expected-failures', expected]);
    expect(gated.exitCode, gated.stdout + gated.stderr).toBe(0);
    expect(gated.report?.verdict).toBe('non-conformant');
    expect(gated.report?.baseline?.entries).toEqual(['SEM-TERMINAL-IMMUTABLE', 'SEM-EQUAL-REVISION']);
    expect(gated.stdout).toContain('SEM-TERMINAL-IMMUTABLE (MUST, expected failure)');
    // A replay shows the failure itself: it is not gated by the baseline.
    expect(gated.report?.clauses.find((entry) => entry.id === 'SEM-TERMINAL-IMMUTABLE')?.replay).not.toContain('--expected-failures');

    const stale = join(root(), 'stale.json');
    await writeFile(stale, JSON.stringify({ expectedFailures: ['SEM-TERMINAL-IMMUTABLE', 'SEM-EQUAL-REVISION', 'SEM-REVISION-MONOTONIC'] }));
    const staleRun = await runQualifyCli(config, join(root(), 'stale'), [...failingTest, '--expected-failures', stale]);
    expect(staleRun.exitCode).toBe(1);
    expect(staleRun.stdout).toContain('Stale baseline entries (listed as expected failures, now PASS; remove them): SEM-REVISION-MONOTONIC');
    expect(staleRun.report?.clauses.find((entry) => entry.id === 'SEM-REVISION-MONOTONIC')?.baseline).toBe('stale-baseline');
    expect(readFileSync(join(root(), 'stale', 'acceptance.md'), 'utf8')).toContain('stale baseline entry');
  }, 600_000);

  test('an unknown clause ID is a usage error naming the entry; no adapter starts', async () => {
    const config = await writeConfig();
    const typo = join(root(), 'typo.yaml');
    await writeFile(typo, '- SEM-TERMINAL-IMMUTABLE\n- SEM-TERMINAL-IMUTABLE\n');
    const run = await runQualifyCli(config, join(root(), 'typo'), ['--expected-failures', typo]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe(`adapter-qualify: --expected-failures ${typo}: entry 2 "SEM-TERMINAL-IMUTABLE" is not a clause ID of this profile`);
    expect(run.report).toBeNull();
  });
});
