import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import type { ClauseId } from '../clauses.js';
import type { ClauseVerdict } from '../../reports/types.js';
import { fakeAcceptanceReport } from './__test-helpers__/selfCheckFixtures.js';
import { parseSelfCheckArgs } from '../cli/qualifyCommands.js';
import type { SelfCheckOptions } from '../options/runOptions.js';
import type { QualificationJob } from './runQualificationJob.js';
import { runSelfCheck } from './runSelfCheck.js';
import { selfCheckSchemaErrors } from './selfCheckReport.js';

// The orchestration, with the qualification runs faked: which runs start, with
// which arguments, in which directories, and how their ends become the report.

const root = temporaryRoot('run-self-check');

function options(dir: string, args: readonly string[]): SelfCheckOptions {
  const parsed = parseSelfCheckArgs(['--out', join(root(), dir), ...args], root());
  if (parsed.kind !== 'self-check') throw new Error('unexpected help');
  return parsed.options;
}

// Tests that look at the order runs start in use --parallel 1: with more lanes, the
// directory preparation before each start lets the first runs start in any order.

/** A fake run: the control passes everything; a mutant FAILs whatever `verdicts` says for its config. */
function fakeJobs(verdicts: Record<string, Partial<Record<ClauseId, ClauseVerdict>>>, seen: QualificationJob[]) {
  return async (job: QualificationJob) => {
    seen.push(job);
    // Every run starts in an empty directory: a stale report can never stand in for it.
    expect(await readdir(job.outDir)).toEqual([]);
    const config = job.args[0] ?? '';
    const name = Object.keys(verdicts).find((key) => config.endsWith(`/${key}.json`) || config.endsWith(`/${key}`));
    const profile = job.command === 'manifest' ? 'adapter-manifest.v1' : 'coding-operation.v1';
    return { end: { kind: 'report' as const, exitCode: 0, durationMs: 1 }, report: fakeAcceptanceReport(name === undefined ? {} : verdicts[name], [], profile) };
  };
}

describe('runSelfCheck', () => {
  it('runs the complete control and each mutant limited to its declared clauses, and writes a valid report', async () => {
    const seen: QualificationJob[] = [];
    const opts = options('matrix', ['--mutant', 'terminal-debug-field,extra-fields-ignored', '--seed', '11', '--parallel', '1']);
    await mkdir(join(opts.outDir, 'mutants', 'extra-fields-ignored'), { recursive: true });
    await writeFile(join(opts.outDir, 'mutants', 'extra-fields-ignored', 'acceptance.json'), '{"stale":true}');
    const lines: string[] = [];
    const { report, files } = await runSelfCheck(
      opts,
      { onProgress: (line) => lines.push(line) },
      {
        runJob: fakeJobs({ 'terminal-debug-field': { 'OUT-CLOSED': 'FAIL' }, 'extra-fields-ignored': {} }, seen),
      },
    );
    const started = seen.map((job) => [job.args[0]?.split('/').at(-1), job.args.includes('--only') ? job.args[job.args.indexOf('--only') + 1] : null]);
    // The control first (the longest run), then the mutants.
    expect(started[0]).toEqual(['adapter.json', null]);
    expect(started.slice(1).sort()).toEqual([
      ['extra-fields-ignored.json', '(REQ-CLOSED)'],
      ['terminal-debug-field.json', '(OUT-CLOSED)'],
    ]);
    for (const job of seen) expect(job.args).toEqual(expect.arrayContaining(['--seed', '11', '--out', job.outDir, '--poll-budget', '4']));
    expect(report.runs.map((run) => [run.mutant, run.status, run.reportDir]).sort()).toEqual([
      ['extra-fields-ignored', 'survived', 'mutants/extra-fields-ignored'],
      ['terminal-debug-field', 'killed', 'mutants/terminal-debug-field'],
    ]);
    expect(report).toMatchObject({ mode: 'matrix', void: false, passed: false, exitCode: 1, score: { killed: 1, judgeable: 2, percent: 50 } });
    expect(lines).toHaveLength(3);
    expect(lines.some((line) => /^\[\d\/3\] NOT KILLED extra-fields-ignored/.test(line))).toBe(true);
    expect(selfCheckSchemaErrors(JSON.parse(await readFile(files.json, 'utf8')))).toEqual([]);
    expect(await readFile(files.markdown, 'utf8')).toMatch(/^# adapter-qualify self-check: FAILED/);
  });

  it('runs the control with the reference lifecycle, and each mutant with only the suite files of its claims (and its lifecycle file)', async () => {
    const seen: QualificationJob[] = [];
    await runSelfCheck(options('files', ['--mutant', 'terminal-debug-field,distinct-operations-share-ref', '--parallel', '1']), {}, { runJob: fakeJobs({}, seen) });
    const control = seen.find((job) => job.args[0]?.endsWith('adapter.json'));
    expect(control?.args.slice(1, 3)).toEqual(['--lifecycle', expect.stringMatching(/\/adapters\/reference\/lifecycle\.json$/)]);
    expect(control?.suiteFiles).toBeNull();
    // Mutant runs stop at their first failing case; the control shrinks, so a red control is well explained.
    expect(seen.map((job) => job.endOnFailure)).toEqual([false, true, true]);
    const files = (name: string) => seen.find((job) => job.args[0]?.endsWith(`/${name}.json`))?.suiteFiles;
    expect(files('terminal-debug-field')).toEqual(['outcome.suite.ts']);
    expect(files('distinct-operations-share-ref')).toEqual(['semantics.suite.ts']);
    expect(seen.some((job) => job.command === 'manifest')).toBe(false);
  });

  it("with a manifest fixture selected, also runs the manifest reference directory as that profile's control and judges the fixture on its report", async () => {
    const seen: QualificationJob[] = [];
    const { report } = await runSelfCheck(
      options('manifest', ['--mutant', 'two-json,duplicate-tool', '--seed', '5', '--parallel', '1']),
      {},
      {
        runJob: fakeJobs({ 'two-json': { 'TRN-ONE-JSON': 'FAIL' } }, seen),
      },
    );
    const manifestJobs = seen.filter((job) => job.command === 'manifest').map((job) => job.args[0]?.split('/').slice(-2).join('/'));
    expect(manifestJobs).toEqual(['adapters/manifest-reference', 'manifest-fixtures/duplicate-tool', 'manifest-fixtures/two-json']);
    for (const job of seen.filter((entry) => entry.command === 'manifest')) expect(job.args).toEqual(expect.arrayContaining(['--seed', '5', '--runs', '4', '--out', job.outDir]));
    expect(report.manifestControl).toMatchObject({ profile: 'adapter-manifest.v1', green: true, reportDir: 'manifest-control' });
    expect(report.runs.map((run) => [run.mutant, run.profile, run.status])).toEqual([
      ['duplicate-tool', 'adapter-manifest.v1', 'survived'],
      ['two-json', 'adapter-manifest.v1', 'killed'],
    ]);
    expect(report).toMatchObject({ void: false, passed: false, score: { killed: 1, judgeable: 2 } });
  });

  it('starts the control, then SEM mutants, then the rest', async () => {
    const seen: QualificationJob[] = [];
    await runSelfCheck(options('order', ['--mutant', 'extra-fields-ignored,distinct-operations-share-ref,terminal-debug-field', '--parallel', '1']), {}, { runJob: fakeJobs({}, seen) });
    expect(seen.map((job) => job.args[0]?.split('/').at(-1))).toEqual(['adapter.json', 'distinct-operations-share-ref.json', expect.any(String), expect.any(String)]);
  });

  it('a sweep runs each mutant once per seed, in a directory per seed', async () => {
    const seen: QualificationJob[] = [];
    const { report } = await runSelfCheck(
      options('sweep', ['--mutant', 'terminal-debug-field', '--seeds', '3', '--seed', '100']),
      {},
      {
        runJob: fakeJobs({ 'terminal-debug-field': { 'OUT-CLOSED': 'FAIL' } }, seen),
      },
    );
    expect(report.runs.map((run) => [run.seed, run.reportDir])).toEqual([
      [100, 'mutants/terminal-debug-field/seed-100'],
      [101, 'mutants/terminal-debug-field/seed-101'],
      [102, 'mutants/terminal-debug-field/seed-102'],
    ]);
    expect(report).toMatchObject({ mode: 'sweep', passed: true, exitCode: 0, settings: { seeds: [100, 101, 102], requiredKillRate: 0.9 } });
    expect(report.mutants).toMatchObject([{ mutant: 'terminal-debug-field', killedSeeds: 3, seeds: 3, pass: true }]);
  });

  it('a red control voids the result; a run that hangs is timed out, not killed', async () => {
    const seen: QualificationJob[] = [];
    const runJob = fakeJobs({ 'terminal-debug-field': { 'OUT-CLOSED': 'FAIL' } }, seen);
    const { report } = await runSelfCheck(
      options('void', ['--mutant', 'terminal-debug-field,extra-fields-ignored']),
      {},
      {
        runJob: async (job) => {
          if (job.args[0]?.endsWith('adapter.json')) {
            seen.push(job);
            return { end: { kind: 'report', exitCode: 1, durationMs: 1 }, report: fakeAcceptanceReport({ 'REQ-CONTRACT': 'FAIL' }) };
          }
          if (job.args[0]?.endsWith('extra-fields-ignored.json')) return { end: { kind: 'timed-out', durationMs: 1, detail: 'killed after the 1 ms cap' }, report: null };
          return runJob(job);
        },
      },
    );
    expect(report).toMatchObject({ void: true, passed: false, exitCode: 1, control: { green: false, problems: [expect.stringMatching(/^REQ-CONTRACT FAILed on the reference adapter/)] } });
    expect(report.runs.map((run) => [run.mutant, run.status]).sort()).toEqual([
      ['extra-fields-ignored', 'timed-out'],
      ['terminal-debug-field', 'killed'],
    ]);
  });

  it('an unknown mutant name is a usage error before anything runs', async () => {
    const seen: QualificationJob[] = [];
    await expect(runSelfCheck(options('unknown', ['--mutant', 'no-such-mutant']), {}, { runJob: fakeJobs({}, seen) })).rejects.toThrow(/--mutant: unknown mutant "no-such-mutant"/);
    expect(seen).toEqual([]);
  });
});
