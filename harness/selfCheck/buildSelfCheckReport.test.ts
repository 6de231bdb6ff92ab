import { describe, expect, it } from 'vitest';
import { fakeMutant, fakeRun, redControl, redManifestControl, selfCheckInput } from './__test-helpers__/selfCheckInput.js';
import { buildSelfCheckReport } from './buildSelfCheckReport.js';
import { renderSelfCheckBadge } from './renderSelfCheckBadge.js';
import { selfCheckSchemaErrors } from './validateSelfCheckReport.js';
import type { RowStatus } from './types.js';

const a = fakeMutant('mutant-a');
const b = fakeMutant('mutant-b', ['OUT-CLOSED']);
const pending = fakeMutant('pending-mutant', ['SEM-DURABLE-RESTART']);

describe('buildSelfCheckReport', () => {
  it('passes with score 100% when the control is green and every judgeable mutant is killed; a not-judgeable mutant is listed, not counted', () => {
    const report = buildSelfCheckReport(
      selfCheckInput([a, b, pending], [fakeRun(a, 'killed'), fakeRun(b, 'killed')], { deferred: { 'SEM-DURABLE-RESTART': 'later' } }),
    );
    expect(report).toMatchObject({ passed: true, exitCode: 0, void: false, score: { killed: 2, judgeable: 2, percent: 100 } });
    expect(report.mutants.map((summary) => [summary.mutant, summary.judgeable, summary.pass])).toEqual([
      ['mutant-a', true, true],
      ['mutant-b', true, true],
      ['pending-mutant', false, false],
    ]);
    expect(selfCheckSchemaErrors(report)).toEqual([]);
  });

  it.each<RowStatus>(['survived', 'wrong-reason', 'killed-with-findings', 'timed-out', 'error', 'control-broken'])('one %s run fails the self-check', (status) => {
    const report = buildSelfCheckReport(selfCheckInput([a, b], [fakeRun(a, 'killed'), fakeRun(b, status)]));
    expect(report).toMatchObject({ passed: false, exitCode: 1, void: false, score: { killed: 1, judgeable: 2, percent: 50 } });
    expect(selfCheckSchemaErrors(report)).toEqual([]);
  });

  it('--threshold N: a score at or above N passes despite a survivor, below N fails; a red control fails whatever the score', () => {
    const settings = (threshold: number) => ({ ...selfCheckInput([a], []).settings, threshold });
    const half = (threshold: number) => buildSelfCheckReport(selfCheckInput([a, b], [fakeRun(a, 'killed'), fakeRun(b, 'survived')], { settings: settings(threshold) }));
    expect(half(50)).toMatchObject({ passed: true, exitCode: 0, score: { percent: 50 } });
    expect(half(51)).toMatchObject({ passed: false, exitCode: 1 });
    expect(selfCheckSchemaErrors(half(50))).toEqual([]);
    const red = buildSelfCheckReport(selfCheckInput([a], [fakeRun(a, 'killed')], { control: redControl, settings: settings(0) }));
    expect(red).toMatchObject({ passed: false, exitCode: 1 });
    expect(renderSelfCheckBadge(red)).toEqual({ schemaVersion: 1, label: 'mutation score', message: 'control red', color: 'red' });
    expect(renderSelfCheckBadge(half(50))).toEqual({ schemaVersion: 1, label: 'mutation score', message: '50%', color: 'brightgreen' });
    expect(renderSelfCheckBadge(half(51)).color).toBe('red');
  });

  it('a red control voids the result even when every mutant is killed', () => {
    const report = buildSelfCheckReport(selfCheckInput([a], [fakeRun(a, 'killed')], { control: redControl }));
    expect(report).toMatchObject({ void: true, passed: false, exitCode: 1 });
  });

  it('manifest fixtures are rows of the same matrix and score; a red manifest control voids them and fails the self-check', () => {
    const fixture = fakeMutant('two-json', ['TRN-ONE-JSON']);
    const input = selfCheckInput([a], [fakeRun(a, 'killed'), fakeRun(fixture, 'killed', 7, 'adapter-manifest.v1')], { fixtures: [fixture] });
    const report = buildSelfCheckReport(input);
    expect(report).toMatchObject({ passed: true, void: false, voidProfiles: [], score: { killed: 2, judgeable: 2 } });
    expect(report.mutants.map((summary) => [summary.mutant, summary.profile, summary.pass])).toEqual([
      ['mutant-a', 'coding-operation.v1', true],
      ['two-json', 'adapter-manifest.v1', true],
    ]);
    expect(selfCheckSchemaErrors(report)).toEqual([]);
    const voided = buildSelfCheckReport({ ...input, manifestControl: redManifestControl });
    expect(voided).toMatchObject({ passed: false, exitCode: 1, void: true, voidProfiles: ['adapter-manifest.v1'] });
    expect(selfCheckSchemaErrors(voided)).toEqual([]);
    // A fixture that never ran does not pass either.
    expect(buildSelfCheckReport({ ...input, runs: [fakeRun(a, 'killed')] }).passed).toBe(false);
  });

  it('the score rounds down, and is null with nothing judgeable', () => {
    const c = fakeMutant('mutant-c');
    const report = buildSelfCheckReport(selfCheckInput([a, b, c], [fakeRun(a, 'killed'), fakeRun(b, 'killed'), fakeRun(c, 'survived')]));
    expect(report.score.percent).toBe(66.6);
    const empty = buildSelfCheckReport(selfCheckInput([pending], [], { deferred: { 'SEM-DURABLE-RESTART': 'later' } }));
    expect(empty).toMatchObject({ score: { killed: 0, judgeable: 0, percent: null }, passed: true });
    expect(selfCheckSchemaErrors(empty)).toEqual([]);
  });

  it('a judgeable mutant that never ran does not pass', () => {
    expect(buildSelfCheckReport(selfCheckInput([a], [])).passed).toBe(false);
  });

  it('a sweep passes when every mutant is killed in at least 90% of its seeds', () => {
    const sweep = (killedOfTen: number) =>
      buildSelfCheckReport(
        selfCheckInput(
          [a],
          Array.from({ length: 10 }, (_, seed) => fakeRun(a, seed < killedOfTen ? 'killed' : 'survived', seed)),
          { mode: 'sweep', settings: { seeds: Array.from({ length: 10 }, (_, seed) => seed), runs: 4, timeoutMs: 5000, pollBudget: 4, concurrency: 2, parallel: 3, runCapMs: 1000, requiredKillRate: 0.9, threshold: null } },
        ),
      );
    expect(sweep(9)).toMatchObject({ passed: true, exitCode: 0, mutants: [{ killedSeeds: 9, seeds: 10, pass: true }] });
    expect(sweep(8)).toMatchObject({ passed: false, exitCode: 1, mutants: [{ killedSeeds: 8, seeds: 10, pass: false }] });
    expect(selfCheckSchemaErrors(sweep(8))).toEqual([]);
  });
});
