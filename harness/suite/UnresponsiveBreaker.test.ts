import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { UNRESPONSIVE_AFTER_TIMEOUTS, UnresponsiveBreaker } from './UnresponsiveBreaker.js';

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
function call(timedOut: boolean): { timedOut: boolean; startedAt: number; endedAt: number } {
  clock += 100;
  return { timedOut, startedAt: clock, endedAt: clock + 50 };
}

describe('UnresponsiveBreaker', () => {
  it('trips after the set number of consecutive timeouts, not before', async () => {
    const breaker = new UnresponsiveBreaker(await freshBreakerDir());
    for (let index = 1; index < UNRESPONSIVE_AFTER_TIMEOUTS; index++) {
      breaker.record(call(true));
      expect(breaker.tripped()).toBe(false);
    }
    breaker.record(call(true));
    expect(breaker.tripped()).toBe(true);
  });

  it('starts counting again after a call that did not time out', async () => {
    const breaker = new UnresponsiveBreaker(await freshBreakerDir());
    for (let round = 0; round < 3; round++) {
      for (let index = 1; index < UNRESPONSIVE_AFTER_TIMEOUTS; index++) breaker.record(call(true));
      breaker.record(call(false));
    }
    expect(breaker.tripped()).toBe(false);
  });

  it('stays tripped for the rest of the run, for every worker sharing the work directory', async () => {
    const dir = await freshBreakerDir();
    const worker = new UnresponsiveBreaker(dir);
    const other = new UnresponsiveBreaker(dir);
    for (let index = 0; index < UNRESPONSIVE_AFTER_TIMEOUTS; index++) worker.record(call(true));
    expect(other.tripped()).toBe(true);
    worker.record(call(false));
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
    for (let index = 1; index < UNRESPONSIVE_AFTER_TIMEOUTS; index++) breaker.record(call(true));
    expect(breaker.tripped()).toBe(true);
  });

  it('counts timeouts per worker: two workers never add up to a trip', async () => {
    const dir = await freshBreakerDir();
    const first = new UnresponsiveBreaker(dir);
    const second = new UnresponsiveBreaker(dir);
    for (let index = 1; index < UNRESPONSIVE_AFTER_TIMEOUTS; index++) {
      first.record(call(true));
      second.record(call(true));
    }
    expect(first.tripped() || second.tripped()).toBe(false);
  });
});
