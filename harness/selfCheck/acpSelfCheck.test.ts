import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acpMutants } from '../../adapters/acp-mutants/catalog.js';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import type { AcpClauseId } from '../acp/acpClauses.js';
import { combineSeeds, parseAcpSelfCheckArgs, runAcpSelfCheck, type AcpMutantRow } from './acpSelfCheck.js';

const [a, b, c] = acpMutants.map((mutant) => mutant.name);

describe('parseAcpSelfCheckArgs --mutant', () => {
  it('takes comma-separated names, repeated options, and both together', () => {
    expect(parseAcpSelfCheckArgs(['--mutant', `${a},${b},${c}`], '/tmp').mutants).toEqual([a, b, c]);
    expect(parseAcpSelfCheckArgs(['--mutant', a!, '--mutant', b!, '--mutant', c!], '/tmp').mutants).toEqual([a, b, c]);
    expect(parseAcpSelfCheckArgs([`--mutant=${a}, ${b}`, '--mutant', c!], '/tmp').mutants).toEqual([a, b, c]);
  });

  it('selects every mutant without --mutant', () => {
    expect(parseAcpSelfCheckArgs(['--seed', '3'], '/tmp').mutants).toBeNull();
  });

  it('rejects a name that is no ACP mutant (exit 2 naming --mutant) instead of running none', () => {
    expect(() => parseAcpSelfCheckArgs(['--mutant', `${a},no-such-mutant`], '/tmp')).toThrow(
      expect.objectContaining({ name: 'UsageError', option: '--mutant', message: expect.stringContaining('"no-such-mutant"') }),
    );
  });
});

describe('parseAcpSelfCheckArgs --seeds, --parallel', () => {
  it('runs one seed, three runs at once, unless told otherwise', () => {
    expect(parseAcpSelfCheckArgs([], '/tmp')).toMatchObject({ seeds: null, parallel: 3 });
    expect(parseAcpSelfCheckArgs(['--seeds', '10', '--parallel', '2'], '/tmp')).toMatchObject({ seeds: 10, parallel: 2 });
  });

  it.each([
    ['--seeds', '0'],
    ['--parallel', '0'],
    ['--parallel', 'many'],
  ])('rejects %s %s (exit 2 naming the option)', (option, value) => {
    expect(() => parseAcpSelfCheckArgs([option, value], '/tmp')).toThrow(expect.objectContaining({ name: 'UsageError', option }));
  });
});

describe('combineSeeds', () => {
  const row = (status: AcpMutantRow['status'], seed: number, unexpected: readonly AcpClauseId[] = []): AcpMutantRow => ({
    mutant: 'm',
    claims: ['ACP-FRM-LINE'],
    status,
    missed: status === 'killed' ? [] : ['ACP-FRM-LINE'],
    unexpected,
    detail: status === 'killed' ? 'failed ACP-FRM-LINE' : 'ACP-FRM-LINE: PASS',
    reportDir: `acp/mutants/m/seed-${seed}`,
    durationMs: 1000,
    killedSeeds: status === 'killed' ? 1 : 0,
    seeds: 1,
  });

  it('is killed when every seed killed it', () => {
    expect(combineSeeds([row('killed', 1), row('killed', 2, ['ACP-SESS-NEW'])])).toMatchObject({
      status: 'killed',
      killedSeeds: 2,
      seeds: 2,
      unexpected: ['ACP-SESS-NEW'],
      durationMs: 2000,
      detail: 'killed with 2 of 2 seeds',
    });
  });

  it('one seed it survived is the row: its status, what it missed and its report', () => {
    expect(combineSeeds([row('killed', 1), row('survived', 2), row('killed', 3)])).toMatchObject({
      status: 'survived',
      killedSeeds: 2,
      seeds: 3,
      missed: ['ACP-FRM-LINE'],
      reportDir: 'acp/mutants/m/seed-2',
      detail: 'killed with 2 of 3 seeds; acp/mutants/m/seed-2: ACP-FRM-LINE: PASS',
    });
  });
});

describe('runAcpSelfCheck', () => {
  const root = temporaryRoot('acp-self-check');

  it('with two seeds, runs each mutant once per seed, side by side, each in its own directory, and kills both with both', async () => {
    const outDir = join(root(), 'sweep');
    const lines: string[] = [];
    const result = await runAcpSelfCheck({ outDir, seed: 5, seeds: 2, runs: 2, parallel: 2, mutants: ['extra-root-field', 'ignores-sigterm'] }, (line) => lines.push(line));
    expect(result.control.green).toBe(true);
    expect(result.rows.map(({ mutant, status, killedSeeds, seeds }) => ({ mutant, status, killedSeeds, seeds }))).toEqual([
      { mutant: 'extra-root-field', status: 'killed', killedSeeds: 2, seeds: 2 },
      { mutant: 'ignores-sigterm', status: 'killed', killedSeeds: 2, seeds: 2 },
    ]);
    for (const mutant of ['extra-root-field', 'ignores-sigterm']) {
      for (const seed of [5, 6]) {
        const report = JSON.parse(readFileSync(join(outDir, 'acp', 'mutants', mutant, `seed-${seed}`, 'acceptance.json'), 'utf8')) as { run: { seed: number } };
        expect(report.run.seed).toBe(seed);
      }
    }
    expect(lines.filter((line) => /^\[\d\/4\] killed /.test(line))).toHaveLength(4);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(join(outDir, 'acp-self-check.json'), 'utf8'))).toMatchObject({ seeds: [5, 6], score: 1, exitCode: 0 });
  }, 300_000);
});
