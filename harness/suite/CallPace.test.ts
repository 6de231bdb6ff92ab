import { describe, expect, it } from 'vitest';
import type { TransportUncertainty } from '../transport/callRecord.js';
import { CallPace, NOMINAL_CALL_MS, scaledTimeLimit } from './CallPace.js';

const call = (durationMs: number, uncertainty: TransportUncertainty | null = null) => ({ startedAt: 1_000, endedAt: 1_000 + durationMs, uncertainty });

describe('CallPace', () => {
  it('knows nothing before the first call', () => {
    expect(new CallPace().typicalMs()).toBeNull();
  });

  it('is the median of the calls that ended by themselves, answered or refused', () => {
    const pace = new CallPace();
    for (const [ms, uncertainty] of [[1_700, null], [1_800, 'nonzero-exit'], [90_000, null], [1_750, null], [10, 'killed-by-signal']] as const) pace.record(call(ms, uncertainty));
    expect(pace.typicalMs()).toBe(1_750);
  });

  it('ignores the calls the suite ended or that never ran: a hanging adapter earns no time', () => {
    const pace = new CallPace();
    pace.record(call(300));
    for (const uncertainty of ['timeout', 'canceled', 'output-overflow', 'stream-failure', 'spawn-failure', 'pre-aborted'] as const) pace.record(call(60_000, uncertainty));
    expect(pace.typicalMs()).toBe(300);
  });

  it('follows the latest calls when the pace changes', () => {
    const pace = new CallPace();
    for (let index = 0; index < 100; index += 1) pace.record(call(100));
    for (let index = 0; index < 40; index += 1) pace.record(call(2_000));
    expect(pace.typicalMs()).toBe(2_000);
  });
});

describe('scaledTimeLimit', () => {
  it('keeps the base limit up to the nominal pace, and grows in proportion beyond it', () => {
    expect(scaledTimeLimit(120_000, null)).toBe(120_000);
    expect(scaledTimeLimit(120_000, NOMINAL_CALL_MS / 2)).toBe(120_000);
    expect(scaledTimeLimit(120_000, NOMINAL_CALL_MS * 7)).toBe(840_000);
  });
});
