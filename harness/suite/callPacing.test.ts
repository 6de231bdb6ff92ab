import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TransportUncertainty } from '../transport/callRecord.js';
import { AdmissionBudget, CallPace, NOMINAL_CALL_MS, raceBurst, scaledTimeLimit, UNRESPONSIVE_AFTER_TIMEOUTS, UnresponsiveBreaker } from './callPacing.js';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';

const call = (durationMs: number, uncertainty: TransportUncertainty | null = null) => ({ startedAt: 1_000, endedAt: 1_000 + durationMs, uncertainty });

describe('CallPace', () => {
  it('knows nothing before the first call', () => {
    expect(new CallPace().typicalMs()).toBeNull();
  });

  it('is the median of the calls that ended by themselves, answered or refused', () => {
    const pace = new CallPace();
    for (const [ms, uncertainty] of [
      [1_700, null],
      [1_800, 'nonzero-exit'],
      [90_000, null],
      [1_750, null],
      [10, 'killed-by-signal'],
    ] as const)
      pace.record(call(ms, uncertainty));
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

let workDir: string;
beforeEach(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'budget-'));
});
afterEach(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('AdmissionBudget', () => {
  it('never grants more than the cap, however many workers share the run directory', () => {
    const workers = [new AdmissionBudget(workDir, 5), new AdmissionBudget(workDir, 5), new AdmissionBudget(workDir, 5)];
    const granted = Array.from({ length: 12 }, (_, index) => workers[index % 3]!.claim()).filter(Boolean).length;
    expect(granted).toBe(5);
  });

  it('grants everything without a cap', () => {
    const budget = new AdmissionBudget(workDir, null);
    expect(Array.from({ length: 50 }, () => budget.claim()).every(Boolean)).toBe(true);
  });
});

const root = temporaryRoot('breaker');
let runs = 0;

/** A fresh run work directory, as each run gets its own. */
async function freshBreakerDir(): Promise<string> {
  const dir = join(root(), `run-${(runs += 1)}`);
  await mkdir(dir);
  return dir;
}

let clock = 0;

/** A call that starts after every earlier one ended. */
function breakerCall(timedOut: boolean): { timedOut: boolean; startedAt: number; endedAt: number } {
  clock += 100;
  return { timedOut, startedAt: clock, endedAt: clock + 50 };
}

describe('UnresponsiveBreaker', () => {
  it('trips after the set number of consecutive timeouts, not before', async () => {
    const breaker = new UnresponsiveBreaker(await freshBreakerDir());
    for (let index = 1; index < UNRESPONSIVE_AFTER_TIMEOUTS; index++) {
      breaker.record(breakerCall(true));
      expect(breaker.tripped()).toBe(false);
    }
    breaker.record(breakerCall(true));
    expect(breaker.tripped()).toBe(true);
  });

  it('starts counting again after a call that did not time out', async () => {
    const breaker = new UnresponsiveBreaker(await freshBreakerDir());
    for (let round = 0; round < 3; round++) {
      for (let index = 1; index < UNRESPONSIVE_AFTER_TIMEOUTS; index++) breaker.record(breakerCall(true));
      breaker.record(breakerCall(false));
    }
    expect(breaker.tripped()).toBe(false);
  });

  it('stays tripped for the rest of the run, for every worker sharing the work directory', async () => {
    const dir = await freshBreakerDir();
    const worker = new UnresponsiveBreaker(dir);
    const other = new UnresponsiveBreaker(dir);
    for (let index = 0; index < UNRESPONSIVE_AFTER_TIMEOUTS; index++) worker.record(breakerCall(true));
    expect(other.tripped()).toBe(true);
    worker.record(breakerCall(false));
    expect(worker.tripped()).toBe(true);
    expect(existsSync(join(dir, 'adapter-unresponsive'))).toBe(true);
    expect(new UnresponsiveBreaker(await freshBreakerDir()).tripped()).toBe(false);
  });

  it('counts timed-out calls that overlap a counted one once: a racing burst is one sign', async () => {
    const breaker = new UnresponsiveBreaker(await freshBreakerDir());
    const start = (clock += 100);
    for (let index = 0; index < 16; index++) breaker.record({ timedOut: true, startedAt: start + index, endedAt: start + 1000 + index });
    expect(breaker.tripped()).toBe(false);
    clock += 2000;
    for (let index = 1; index < UNRESPONSIVE_AFTER_TIMEOUTS; index++) breaker.record(breakerCall(true));
    expect(breaker.tripped()).toBe(true);
  });

  it('counts timeouts per worker: two workers never add up to a trip', async () => {
    const dir = await freshBreakerDir();
    const first = new UnresponsiveBreaker(dir);
    const second = new UnresponsiveBreaker(dir);
    for (let index = 1; index < UNRESPONSIVE_AFTER_TIMEOUTS; index++) {
      first.record(breakerCall(true));
      second.record(breakerCall(true));
    }
    expect(first.tripped() || second.tripped()).toBe(false);
  });
});

describe('raceBurst', () => {
  it('starts every call before any answer is read, and keeps the order of answers', async () => {
    const started: number[] = [];
    const answers = await raceBurst(
      [30, 10, 20].map((delay, index) => () => {
        started.push(index);
        return new Promise<number>((resolve) => setTimeout(() => resolve(index), delay));
      }),
    );
    expect(started).toEqual([0, 1, 2]);
    expect(answers).toEqual([0, 1, 2]);
  });

  it('runs one burst at a time, and a failed burst does not block the next', async () => {
    const log: string[] = [];
    const burst = (name: string, fail = false) =>
      raceBurst([
        async () => {
          log.push(`${name} start`);
          await new Promise((resolve) => setTimeout(resolve, 20));
          log.push(`${name} end`);
          if (fail) throw new Error(name);
        },
      ]);
    const results = await Promise.allSettled([burst('a', true), burst('b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
  });
});
