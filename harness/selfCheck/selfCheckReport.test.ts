import { describe, expect, it } from 'vitest';
import { fakeMutant, fakeRun, redControl, redManifestControl, selfCheckInput } from './__test-helpers__/selfCheckFixtures.js';
import schema from '../../reports/self-check.schema.json' with { type: 'json' };
import { buildSelfCheckReport, CELL_STATUSES, corpusCoverage, ROW_STATUSES, type RowStatus, SELF_CHECK_MODES, selfCheckSchemaErrors } from './selfCheckReport.js';
import { renderSelfCheckBadge } from './renderSelfCheck.js';
import { manifestFixtures } from '../../adapters/manifest-fixtures/catalog.js';
import { mutants } from '../../adapters/mutants/catalog.js';
import { adapterManifestClauses, codingOperationClauses } from '../clauses.js';

const a = fakeMutant('mutant-a');
const b = fakeMutant('mutant-b', ['OUT-CLOSED']);

describe('buildSelfCheckReport', () => {
  it('passes with score 100% when the control is green and every mutant is killed', () => {
    const report = buildSelfCheckReport(selfCheckInput([a, b], [fakeRun(a, 'killed'), fakeRun(b, 'killed')]));
    expect(report).toMatchObject({ passed: true, exitCode: 0, void: false, score: { killed: 2, judgeable: 2, percent: 100 } });
    expect(report.mutants.map((summary) => [summary.mutant, summary.pass])).toEqual([
      ['mutant-a', true],
      ['mutant-b', true],
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

  it('the score rounds down, and is null with no run', () => {
    const c = fakeMutant('mutant-c');
    const report = buildSelfCheckReport(selfCheckInput([a, b, c], [fakeRun(a, 'killed'), fakeRun(b, 'killed'), fakeRun(c, 'survived')]));
    expect(report.score.percent).toBe(66.6);
    const empty = buildSelfCheckReport(selfCheckInput([], []));
    expect(empty).toMatchObject({ score: { killed: 0, judgeable: 0, percent: null }, passed: true });
    expect(selfCheckSchemaErrors(empty)).toEqual([]);
  });

  it('a mutant that never ran does not pass', () => {
    expect(buildSelfCheckReport(selfCheckInput([a], [])).passed).toBe(false);
  });

  it('a sweep passes when every mutant is killed in at least 90% of its seeds', () => {
    const sweep = (killedOfTen: number) =>
      buildSelfCheckReport(
        selfCheckInput(
          [a],
          Array.from({ length: 10 }, (_, seed) => fakeRun(a, seed < killedOfTen ? 'killed' : 'survived', seed)),
          {
            mode: 'sweep',
            settings: {
              seeds: Array.from({ length: 10 }, (_, seed) => seed),
              runs: 4,
              timeoutMs: 5000,
              pollBudget: 4,
              concurrency: 2,
              parallel: 3,
              runCapMs: 1000,
              requiredKillRate: 0.9,
              threshold: null,
            },
          },
        ),
      );
    expect(sweep(9)).toMatchObject({ passed: true, exitCode: 0, mutants: [{ killedSeeds: 9, seeds: 10, pass: true }] });
    expect(sweep(8)).toMatchObject({ passed: false, exitCode: 1, mutants: [{ killedSeeds: 8, seeds: 10, pass: false }] });
    expect(selfCheckSchemaErrors(sweep(8))).toEqual([]);
  });
});

describe('corpusCoverage', () => {
  it('the corpus holds at least 35 mutants, at least 8 of them breaking SEM clauses, and claims every adapter-side MUST clause', () => {
    const coverage = corpusCoverage(mutants, manifestFixtures);
    expect(coverage.mutants).toBeGreaterThanOrEqual(35);
    expect(coverage.semMutants).toBeGreaterThanOrEqual(8);
    expect(coverage.unclaimedMustClauses).toEqual([]);
    expect(coverage.manifest.fixtures).toBe(manifestFixtures.length);
  });

  it('lists the adapter-side MUST clauses no mutant claims; incidental breakage does not count, SHOULD and host clauses are not listed', () => {
    const clauses = codingOperationClauses.filter((entry) => ['REQ-CLOSED', 'REQ-CONTRACT', 'REQ-AUTHORITY', 'WIRE-ARGV', 'OUT-EXIT'].includes(entry.id));
    const manifestClauses = adapterManifestClauses.filter((entry) => ['MAN-ID', 'MAN-PATHS'].includes(entry.id));
    const coverage = corpusCoverage([{ ...fakeMutant('m', ['REQ-CLOSED']), incidental: ['REQ-CONTRACT'] }], [fakeMutant('f', ['MAN-ID'])], clauses, manifestClauses);
    expect(coverage).toEqual({ mutants: 1, semMutants: 0, unclaimedMustClauses: ['REQ-CONTRACT', 'OUT-EXIT'], manifest: { fixtures: 1, unclaimedMustClauses: ['MAN-PATHS'] } });
  });
});

describe('the self-check statuses', () => {
  it('are exactly the values reports/self-check.schema.json admits, so the type and the schema cannot drift apart', () => {
    const run = schema.properties.runs.items.properties;
    expect(run.status.enum).toEqual([...ROW_STATUSES]);
    expect(run.cells.items.properties.status.enum).toEqual([...CELL_STATUSES]);
    expect(schema.properties.mode.enum).toEqual([...SELF_CHECK_MODES]);
  });
});
