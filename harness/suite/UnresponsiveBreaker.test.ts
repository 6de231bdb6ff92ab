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

describe('UnresponsiveBreaker', () => {
  it('trips after the set number of consecutive timeouts, not before', async () => {
    const breaker = new UnresponsiveBreaker(await freshBreakerDir());
    for (let index = 1; index < UNRESPONSIVE_AFTER_TIMEOUTS; index++) {
      breaker.record(true);
      expect(breaker.tripped()).toBe(false);
    }
    breaker.record(true);
    expect(breaker.tripped()).toBe(true);
  });

  it('starts counting again after a call that did not time out', async () => {
    const breaker = new UnresponsiveBreaker(await freshBreakerDir());
    for (let round = 0; round < 3; round++) {
      for (let index = 1; index < UNRESPONSIVE_AFTER_TIMEOUTS; index++) breaker.record(true);
      breaker.record(false);
    }
    expect(breaker.tripped()).toBe(false);
  });

  it('stays tripped for the rest of the run, for every worker sharing the work directory', async () => {
    const dir = await freshBreakerDir();
    const worker = new UnresponsiveBreaker(dir);
    const other = new UnresponsiveBreaker(dir);
    for (let index = 0; index < UNRESPONSIVE_AFTER_TIMEOUTS; index++) worker.record(true);
    expect(other.tripped()).toBe(true);
    worker.record(false);
    expect(worker.tripped()).toBe(true);
    expect(existsSync(join(dir, 'adapter-unresponsive'))).toBe(true);
    expect(new UnresponsiveBreaker(await freshBreakerDir()).tripped()).toBe(false);
  });

  it('counts timeouts per worker: two workers never add up to a trip', async () => {
    const dir = await freshBreakerDir();
    const first = new UnresponsiveBreaker(dir);
    const second = new UnresponsiveBreaker(dir);
    for (let index = 1; index < UNRESPONSIVE_AFTER_TIMEOUTS; index++) {
      first.record(true);
      second.record(true);
    }
    expect(first.tripped() || second.tripped()).toBe(false);
  });
});
