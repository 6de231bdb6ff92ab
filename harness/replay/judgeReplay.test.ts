import { describe, expect, it } from 'vitest';
import { judgeReplay } from './judgeReplay.js';

describe('judgeReplay', () => {
  it.each([
    [['PASS', 'PASS', 'PASS'], 'FIXED'],
    [['FAIL', 'FAIL', 'FAIL'], 'FAILED'],
    [['FAIL', 'INCONCLUSIVE', 'FAIL'], 'FAILED'],
    [['PASS', 'FAIL'], 'FLAKY'],
    [['FAIL', 'PASS'], 'FLAKY'],
    [['PASS', 'PASS'], 'INCONCLUSIVE'],
    [['PASS', 'INCONCLUSIVE', 'PASS'], 'INCONCLUSIVE'],
    [['SKIP', 'SKIP', 'SKIP'], 'INCONCLUSIVE'],
  ] as const)('%j is %s', (verdicts, answer) => {
    expect(judgeReplay(verdicts)).toBe(answer);
  });
});
