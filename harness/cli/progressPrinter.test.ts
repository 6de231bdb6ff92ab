import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressPrinter } from './progressPrinter.js';

describe('progressPrinter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const stream = () => {
    const writes: string[] = [];
    return { writes, write: (text: string) => writes.push(text), columns: 200 };
  };

  it('redraws one line on events and every second, then clears it', () => {
    const out = stream();
    let clock = 0;
    const printer = progressPrinter(out, { now: () => clock });
    printer.update({ testName: 'refuses unknown fields', family: 'REQ', casesSoFar: 40, testsDone: 3, testsTotal: 12, callsSoFar: 0, familiesDone: 0 });
    expect(out.writes.at(-1)).toBe('\r\x1b[2Kadapter-qualify: REQ · 3/12 tests done · 40 cases · 0s · refuses unknown fields');
    clock = 2500;
    vi.advanceTimersByTime(1000);
    expect(out.writes.at(-1)).toContain('· 2s ·');
    printer.update({ testName: 't', family: 'SEM', casesSoFar: 41, testsDone: 4, testsTotal: null, callsSoFar: 0, familiesDone: 0 });
    expect(out.writes.at(-1)).toContain('SEM · 4 tests done · 41 cases');
    expect(out.writes.every((text) => text.startsWith('\r\x1b[2K') && !text.includes('\n'))).toBe(true);
    printer.stop();
    expect(out.writes.at(-1)).toBe('\r\x1b[2K');
    const count = out.writes.length;
    vi.advanceTimersByTime(5000);
    printer.update({ testName: 't', family: 'SEM', casesSoFar: 42, testsDone: 5, testsTotal: null, callsSoFar: 0, familiesDone: 0 });
    expect(out.writes.length).toBe(count);
  });

  it('keeps the line within the terminal width', () => {
    const out = { ...stream(), columns: 30 };
    progressPrinter(out, { now: () => 0 }).update({ testName: 'x'.repeat(100), family: 'REQ', casesSoFar: 1, testsDone: 1, testsTotal: 2, callsSoFar: 0, familiesDone: 0 });
    expect(out.writes.at(-1)!.length).toBeLessThanOrEqual('\r\x1b[2K'.length + 29);
  });

  it('falls back to 80 columns when the terminal reports 0', () => {
    const out = { ...stream(), columns: 0 };
    progressPrinter(out, { now: () => 0 }).update({ testName: 't', family: 'REQ', casesSoFar: 1, testsDone: 1, testsTotal: 2, callsSoFar: 0, familiesDone: 0 });
    expect(out.writes.at(-1)).toContain('REQ · 1/2 tests');
  });
});
