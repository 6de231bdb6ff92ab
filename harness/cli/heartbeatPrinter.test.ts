import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heartbeatPrinter } from './heartbeatPrinter.js';

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
    printer.update({ testName: 't', family: 'REQ', casesSoFar: 9, testsDone: 3, testsTotal: null, callsSoFar: 120, familiesDone: 1 });
    expect(lines).toEqual([]);
    clock = 30_000;
    vi.advanceTimersByTime(30_000);
    expect(lines).toEqual(['adapter-qualify: 120 calls done · 1 families done · 3 tests done · 30s elapsed\n']);
    printer.stop();
    vi.advanceTimersByTime(90_000);
    expect(lines).toHaveLength(1);
  });

  it('says it is starting before any test finished', () => {
    const lines: string[] = [];
    const printer = heartbeatPrinter({ write: (text: string) => lines.push(text) }, { now: () => 0, intervalMs: 1_000 });
    vi.advanceTimersByTime(1_000);
    printer.stop();
    expect(lines).toEqual(['adapter-qualify: starting · 0s elapsed\n']);
  });
});
