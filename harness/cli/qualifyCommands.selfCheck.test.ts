import { describe, expect, it } from 'vitest';
import { selfCheckDefaults } from '../options/runOptionDefaults.js';
import { parseSelfCheckArgs, selfCheckCommand } from './qualifyCommands.js';

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, streams: { stdout: { write: (text: string) => out.push(text) }, stderr: { write: (text: string) => err.push(text), isTTY: false } } };
}

describe('selfCheckCommand', () => {
  it('--help prints the options and exit codes and runs nothing', async () => {
    const { out, streams } = io();
    expect(await selfCheckCommand(['--help'], streams, '/nowhere')).toBe(0);
    expect(out.join('')).toMatch(/^Usage: adapter-qualify self-check \[options\]/);
    expect(out.join('')).toContain('--seeds N');
  });

  it('a bad option or an unknown mutant is a usage error before any run', async () => {
    const { streams } = io();
    await expect(selfCheckCommand(['--seeds', 'x'], streams, '/nowhere')).rejects.toMatchObject({ name: 'UsageError', option: '--seeds' });
    await expect(selfCheckCommand(['--mutant', 'no-such-mutant', '--out', '/nonexistent/never'], streams, '/nowhere')).rejects.toMatchObject({
      name: 'UsageError',
      option: '--mutant',
    });
  });
});

describe('parseSelfCheckArgs', () => {
  it('applies the defaults: the kill matrix, one fixed seed, next to the acceptance reports', () => {
    expect(parseSelfCheckArgs([], '/work')).toEqual({
      kind: 'self-check',
      options: {
        outDir: '/work/self-check-report',
        seed: selfCheckDefaults.seed,
        seeds: null,
        runs: selfCheckDefaults.runs,
        timeoutMs: selfCheckDefaults.timeoutMs,
        pollBudget: selfCheckDefaults.pollBudget,
        concurrency: selfCheckDefaults.concurrency,
        parallel: selfCheckDefaults.parallel,
        runCapMs: selfCheckDefaults.runCapMs,
        mutants: null,
        threshold: null,
      },
    });
  });

  it('reads every option; --mutant takes comma-separated names and may repeat', () => {
    const parsed = parseSelfCheckArgs(
      [
        '--out',
        'sc',
        '--seed',
        '5',
        '--seeds',
        '10',
        '--runs',
        '2',
        '--timeout-ms',
        '3000',
        '--parallel',
        '2',
        '--run-cap-ms',
        '60000',
        '--mutant',
        'a-b,c',
        '--mutant',
        'a-b',
        '--threshold',
        '90',
      ],
      '/w',
    );
    expect(parsed).toMatchObject({
      kind: 'self-check',
      options: { outDir: '/w/sc', seed: 5, seeds: 10, runs: 2, timeoutMs: 3000, parallel: 2, runCapMs: 60000, mutants: ['a-b', 'c'], threshold: 90 },
    });
    expect(parseSelfCheckArgs(['--runs', '2', '--help'], '/w')).toEqual({ kind: 'help' });
  });

  it.each([
    [['--seeds', '0'], /--seeds must be an integer from 1 to 1000 \(got "0", string\)/],
    [['--runs', 'many'], /--runs must be an integer/],
    [['--mutant', 'Bad_Name'], /--mutant must be comma-separated kebab-case mutant names \(got "Bad_Name"\)/],
    [['--threshold', '101'], /--threshold must be an integer from 0 to 100/],
    [['--bogus'], /^self-check: unknown option --bogus \(see adapter-qualify self-check --help\)$/],
    [['positional'], /self-check: .*positional/],
  ])('%j is a usage error', (args, message) => {
    expect(() => parseSelfCheckArgs(args, '/w')).toThrow(expect.objectContaining({ name: 'UsageError', message: expect.stringMatching(message) }));
  });
});
