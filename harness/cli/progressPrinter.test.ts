import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heartbeatPrinter, progressPrinter } from './progressPrinter.js';

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
    printer.update({
      testName: 'refuses unknown fields',
      family: 'REQ',
      casesSoFar: 40,
      testsDone: 3,
      testsTotal: 12,
      callsSoFar: 0,
      familiesDone: 0,
      familiesTotal: null,
      testsTotalFinal: true,
    });
    expect(out.writes.at(-1)).toBe('\r\x1b[2Kadapter-qualify: REQ · 3/12 tests done · 0 families done · 40 cases · 0s · refuses unknown fields');
    clock = 2500;
    vi.advanceTimersByTime(1000);
    expect(out.writes.at(-1)).toContain('· 2s ·');
    printer.update({ testName: 't', family: 'SEM', casesSoFar: 41, testsDone: 4, testsTotal: null, callsSoFar: 0, familiesDone: 0, familiesTotal: null, testsTotalFinal: true });
    expect(out.writes.at(-1)).toContain('SEM · 4 tests done · 0 families done · 41 cases');
    expect(out.writes.every((text) => text.startsWith('\r\x1b[2K') && !text.includes('\n'))).toBe(true);
    printer.stop();
    expect(out.writes.at(-1)).toBe('\r\x1b[2K');
    const count = out.writes.length;
    vi.advanceTimersByTime(5000);
    printer.update({ testName: 't', family: 'SEM', casesSoFar: 42, testsDone: 5, testsTotal: null, callsSoFar: 0, familiesDone: 0, familiesTotal: null, testsTotalFinal: true });
    expect(out.writes.length).toBe(count);
  });

  it('shows tests and families as done/total on the terminal line', () => {
    const out = stream();
    progressPrinter(out, { now: () => 0 }).update({
      testName: 't',
      family: 'SEM',
      casesSoFar: 5,
      testsDone: 17,
      testsTotal: 52,
      testsTotalFinal: false,
      callsSoFar: 72,
      familiesDone: 2,
      familiesTotal: 8,
    });
    expect(out.writes.at(-1)).toContain('SEM · 17/52+ tests done · 2/8 families done · 5 cases');
  });

  it('keeps the line within the terminal width', () => {
    const out = { ...stream(), columns: 30 };
    progressPrinter(out, { now: () => 0 }).update({
      testName: 'x'.repeat(100),
      family: 'REQ',
      casesSoFar: 1,
      testsDone: 1,
      testsTotal: 2,
      callsSoFar: 0,
      familiesDone: 0,
      familiesTotal: null,
      testsTotalFinal: true,
    });
    expect(out.writes.at(-1)!.length).toBeLessThanOrEqual('\r\x1b[2K'.length + 29);
  });

  it('falls back to 80 columns when the terminal reports 0', () => {
    const out = { ...stream(), columns: 0 };
    progressPrinter(out, { now: () => 0 }).update({
      testName: 't',
      family: 'REQ',
      casesSoFar: 1,
      testsDone: 1,
      testsTotal: 2,
      callsSoFar: 0,
      familiesDone: 0,
      familiesTotal: null,
      testsTotalFinal: true,
    });
    expect(out.writes.at(-1)).toContain('REQ · 1/2 tests');
  });
});

describe('heartbeatPrinter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('prints one plain line per interval with calls, families, tests and elapsed time, and nothing after stop', () => {
    const lines: string[] = [];
    let clock = 0;
    const printer = heartbeatPrinter({ write: (text: string) => lines.push(text) }, { now: () => clock, intervalMs: 30_000 });
    expect(lines).toEqual([]);
    printer.update({ testName: 't', family: 'REQ', casesSoFar: 9, testsDone: 3, testsTotal: 20, testsTotalFinal: false, callsSoFar: 120, familiesDone: 1, familiesTotal: 8 });
    expect(lines).toEqual([]);
    clock = 30_000;
    vi.advanceTimersByTime(30_000);
    expect(lines).toEqual(['adapter-qualify: 120 calls done · 1/8 families done · 3/20+ tests done · 30s elapsed\n']);
    printer.update({ testName: 't', family: 'REQ', casesSoFar: 9, testsDone: 17, testsTotal: 52, testsTotalFinal: true, callsSoFar: 300, familiesDone: 2, familiesTotal: 8 });
    clock = 60_000;
    vi.advanceTimersByTime(30_000);
    expect(lines.at(-1)).toBe('adapter-qualify: 300 calls done · 2/8 families done · 17/52 tests done · 60s elapsed\n');
    printer.stop();
    vi.advanceTimersByTime(90_000);
    expect(lines).toHaveLength(2);
  });

  it('says it is starting before any test finished', () => {
    const lines: string[] = [];
    const printer = heartbeatPrinter({ write: (text: string) => lines.push(text) }, { now: () => 0, intervalMs: 1_000 });
    vi.advanceTimersByTime(1_000);
    printer.stop();
    expect(lines).toEqual(['adapter-qualify: starting · 0s elapsed\n']);
  });
});
