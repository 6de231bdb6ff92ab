import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runOptionsOf } from '../__test-helpers__/validRunInputs.js';
import type { ClauseId } from '../clauses.js';
import { callRecordOf } from '../protocol/__test-helpers__/sampleOutcomes.js';
import type { CallRecord } from '../transport/callRecord.js';
import { violation } from '../violation.js';
import type { AdapterSession } from './AdapterSession.js';
import { callExcerpt } from './callExcerpt.js';
import { checkProperty, CONTENDED_RERUNS, deriveSeed, type PropertySpec } from './checkProperty.js';
import type { CaseResult } from '../model/caseResult.js';
import { EvidenceRecorder } from './EvidenceRecorder.js';

const TEST_NAME = 'REQ-CLOSED: a property';
const ROOT_SEED = 424242;

/** The only two session methods checkProperty uses, counting case starts. */
function fakeSession(calls: readonly CallRecord[] = []): { session: AdapterSession; casesStarted: () => number } {
  let started = 0;
  const session = { startCase: () => void (started += 1), caseCalls: () => calls };
  return { session: session as unknown as AdapterSession, casesStarted: () => started };
}

interface Run {
  readonly recorder: EvidenceRecorder;
  readonly seen: number[];
  readonly casesStarted: number;
}

async function runProperty(
  spec: Partial<PropertySpec<number>> & { run(value: number): Promise<CaseResult> },
  { options = runOptionsOf({ seed: ROOT_SEED }), propertyIndex = 0, calls = [] as readonly CallRecord[] } = {},
): Promise<Run> {
  const recorder = new EvidenceRecorder(TEST_NAME, ['REQ-CLOSED']);
  const { session, casesStarted } = fakeSession(calls);
  const seen: number[] = [];
  const full: PropertySpec<number> = {
    clauses: ['REQ-CLOSED'],
    arbitrary: fc.integer({ min: 0, max: 1_000_000 }),
    describe: String,
    ...spec,
    run: (value) => {
      seen.push(value);
      return spec.run(value);
    },
  };
  await checkProperty(full, { session, recorder, options, testName: TEST_NAME, propertyIndex });
  return { recorder, seen, casesStarted: casesStarted() };
}

const violatedFromTen = async (value: number): Promise<CaseResult> =>
  value >= 10 ? { verdict: 'violated', violations: [violation('REQ-CLOSED', `accepted ${value}`)] } : { verdict: 'held' };

function evidenceOf(recorder: EvidenceRecorder, clauseId: ClauseId) {
  return recorder.meta().evidence.find((entry) => entry.clauseId === clauseId);
}

describe('checkProperty', () => {
  it("runs a case undecided by a host fault once more, fresh, and counts it apart from the adapter's evidence", async () => {
    const attempts = new Map<number, number>();
    const { recorder, casesStarted } = await runProperty({
      numRuns: 5,
      run: async (value) => {
        const attempt = (attempts.get(value) ?? 0) + 1;
        attempts.set(value, attempt);
        return attempt === 1 ? { verdict: 'undecided', reason: 'observe failed', hostFault: 'stream-failure: stdout: read EIO' } : { verdict: 'held' };
      },
    });
    expect([...attempts.values()].every((count) => count === 2)).toBe(true);
    expect(casesStarted).toBe(10);
    expect(evidenceOf(recorder, 'REQ-CLOSED')).toMatchObject({ cases: 5, hostUncertain: 5 });
  });

  it('leaves a clause INCONCLUSIVE naming the host fault when the retry is undecided by it too', async () => {
    const { recorder } = await runProperty({
      numRuns: 2,
      run: async () => ({ verdict: 'undecided', reason: 'observe failed', hostFault: 'spawn-failure: EAGAIN' }),
    });
    const evidence = evidenceOf(recorder, 'REQ-CLOSED');
    expect(evidence).toMatchObject({ cases: 0, hostUncertain: 4 });
    expect(evidence?.inconclusive).toMatch(/host's own failure, not the adapter's: spawn-failure: EAGAIN/);
  });

  it('runs a race case its own burst left undecided again, fresh, until one run decides it', async () => {
    const attempts = new Map<number, number>();
    const { recorder, casesStarted } = await runProperty({
      numRuns: 4,
      run: async (value) => {
        const attempt = (attempts.get(value) ?? 0) + 1;
        attempts.set(value, attempt);
        return attempt <= CONTENDED_RERUNS ? { verdict: 'undecided', reason: 'nothing admitted', contended: '16 of 16 racing calls missed their deadline' } : { verdict: 'held' };
      },
    });
    expect([...attempts.values()]).toEqual(Array(4).fill(CONTENDED_RERUNS + 1));
    expect(casesStarted).toBe(4 * (CONTENDED_RERUNS + 1));
    const evidence = evidenceOf(recorder, 'REQ-CLOSED');
    expect(evidence).toMatchObject({ cases: 4 });
    expect(evidence).not.toHaveProperty('hostUncertain');
  });

  it('stops rerunning a contended case after its reruns, INCONCLUSIVE with the runs and the burst named', async () => {
    let started = 0;
    const { recorder } = await runProperty({
      numRuns: 2,
      run: async () => {
        started += 1;
        return { verdict: 'undecided', reason: 'nothing admitted', contended: `${started} of 16 racing calls missed their deadline` };
      },
    });
    expect(started).toBe(2 * (CONTENDED_RERUNS + 1));
    expect(evidenceOf(recorder, 'REQ-CLOSED')?.inconclusive).toBe(
      `nothing admitted (${CONTENDED_RERUNS + 1} runs of the case; in the last, ${CONTENDED_RERUNS + 1} of 16 racing calls missed their deadline)`,
    );
  });

  it('does not rerun an undecided case that is not contended', async () => {
    const { seen, casesStarted } = await runProperty({ numRuns: 3, run: async () => ({ verdict: 'undecided', reason: 'no terminal outcome' }) });
    expect(seen).toHaveLength(3);
    expect(casesStarted).toBe(3);
  });

  it('counts every held case for each clause and records no violation', async () => {
    const { recorder, seen, casesStarted } = await runProperty({
      clauses: ['REQ-CLOSED', 'OUT-JSON'],
      numRuns: 7,
      run: async () => ({ verdict: 'held' }),
    });
    expect(seen).toHaveLength(7);
    expect(casesStarted).toBe(7);
    expect(recorder.hasViolations()).toBe(false);
    expect(recorder.meta().evidence).toStrictEqual([
      { clauseId: 'REQ-CLOSED', cases: 7, violations: [], replay: { testName: TEST_NAME, seed: ROOT_SEED } },
      { clauseId: 'OUT-JSON', cases: 7, violations: [], replay: { testName: TEST_NAME, seed: ROOT_SEED } },
    ]);
  });

  it('uses the run option for the number of cases when the spec sets none', async () => {
    const { seen } = await runProperty({ run: async () => ({ verdict: 'held' }) }, { options: runOptionsOf({ runs: 13 }) });
    expect(seen).toHaveLength(13);
  });

  it('records the shrunk counterexample with its calls and the path that replays it', async () => {
    const calls = [callRecordOf({ action: 'submit', requestText: '{"n":10}', stdout: '{"state":"accepted"}' })];
    const { recorder, seen } = await runProperty({ numRuns: 100, run: violatedFromTen }, { propertyIndex: 2, calls });

    // fast-check itself, with the same seed, finds the path checkProperty must report.
    const expected = await fc.check(
      fc.asyncProperty(fc.integer({ min: 0, max: 1_000_000 }), async (value) => value < 10),
      { seed: deriveSeed(ROOT_SEED, TEST_NAME), numRuns: 100 },
    );
    expect(expected.counterexamplePath).toMatch(/^\d+(:\d+)*$/);

    const evidence = evidenceOf(recorder, 'REQ-CLOSED');
    expect(evidence?.violations).toStrictEqual([{ message: 'accepted 10', counterexample: { description: '10', calls: calls.map(callExcerpt) } }]);
    expect(evidence?.replay).toStrictEqual({ testName: TEST_NAME, seed: ROOT_SEED, path: `2/${expected.counterexamplePath}` });
    // Shrinking cases count too: every decided run exercised the clause.
    expect(evidence?.cases).toBe(seen.length);
    expect(seen.some((value) => value > 10)).toBe(true);
    expect(recorder.violatedClauses()).toEqual(['REQ-CLOSED']);
  });

  it('records every violation of the failing case', async () => {
    const { recorder } = await runProperty({
      clauses: ['REQ-CLOSED', 'OUT-JSON'],
      numRuns: 50,
      run: async (value) => (value >= 10 ? { verdict: 'violated', violations: [violation('REQ-CLOSED', 'a'), violation('OUT-JSON', 'b')] } : { verdict: 'held' }),
    });
    expect(recorder.violatedClauses()).toEqual(['REQ-CLOSED', 'OUT-JSON']);
    expect(evidenceOf(recorder, 'OUT-JSON')?.violations[0]?.counterexample?.description).toBe('10');
  });

  it('counts only the exercised clauses and leaves the others inconclusive with their reason', async () => {
    const { recorder } = await runProperty({
      clauses: ['REQ-CLOSED', 'OUT-JSON', 'OUT-EXIT'],
      numRuns: 5,
      unexercisedReason: { 'OUT-JSON': 'no operation reached terminal' },
      run: async () => ({ verdict: 'held', exercised: ['REQ-CLOSED'] }),
    });
    expect(evidenceOf(recorder, 'REQ-CLOSED')).toMatchObject({ cases: 5 });
    expect(evidenceOf(recorder, 'REQ-CLOSED')).not.toHaveProperty('inconclusive');
    expect(evidenceOf(recorder, 'OUT-JSON')).toMatchObject({ cases: 0, inconclusive: 'no operation reached terminal' });
    expect(evidenceOf(recorder, 'OUT-EXIT')).toMatchObject({ cases: 0, inconclusive: 'no case could be decided' });
  });

  it('asks a reason given as a function once the cases ran', async () => {
    let spent = false;
    const { recorder } = await runProperty({
      clauses: ['REQ-CLOSED', 'OUT-JSON'],
      numRuns: 3,
      unexercisedReason: { 'OUT-JSON': () => (spent ? 'the budget is spent' : 'nothing was admitted') },
      run: async () => {
        spent = true;
        return { verdict: 'held', exercised: ['REQ-CLOSED'] };
      },
    });
    expect(evidenceOf(recorder, 'OUT-JSON')).toMatchObject({ cases: 0, inconclusive: 'the budget is spent' });
  });

  it('leaves every clause inconclusive with the first undecided reason when no case is decided', async () => {
    let undecided = 0;
    const { recorder, seen } = await runProperty({
      clauses: ['REQ-CLOSED', 'OUT-JSON'],
      numRuns: 6,
      run: async () => ({ verdict: 'undecided', reason: `call ${(undecided += 1)} timed out` }),
    });
    expect(seen).toHaveLength(6);
    expect(recorder.hasViolations()).toBe(false);
    for (const clauseId of ['REQ-CLOSED', 'OUT-JSON'] as const) {
      expect(evidenceOf(recorder, clauseId)).toMatchObject({ cases: 0, inconclusive: 'call 1 timed out' });
    }
  });

  it('leaves the clauses inconclusive when the decided cases do not cover what a PASS claims, and passes once they do', async () => {
    const decided = new Set<number>();
    const run = async (value: number): Promise<CaseResult> => {
      if (value === 2) return { verdict: 'undecided', reason: 'the fault landed elsewhere' };
      decided.add(value);
      return { verdict: 'held' };
    };
    const uncovered = (): string | null => ([1, 2].every((point) => decided.has(point)) ? null : 'point 2 decided by no case');
    const open = await runProperty({ numRuns: 0, examples: [1, 2], run, uncovered });
    expect(evidenceOf(open.recorder, 'REQ-CLOSED')).toMatchObject({ cases: 0, inconclusive: 'point 2 decided by no case' });
    const covered = await runProperty({ numRuns: 0, examples: [1, 3], run, uncovered: () => null });
    expect(evidenceOf(covered.recorder, 'REQ-CLOSED')).toMatchObject({ cases: 2 });
  });

  it('reports a failure whatever the coverage: a violation needs no other case', async () => {
    const { recorder } = await runProperty({ numRuns: 20, run: violatedFromTen, uncovered: () => 'never covered' });
    expect(recorder.hasViolations()).toBe(true);
    expect(evidenceOf(recorder, 'REQ-CLOSED')?.inconclusive).toBeUndefined();
  });

  it('runs the examples first, whatever the seed, beside the generated cases', async () => {
    for (const seed of [1, 2, 3]) {
      const { seen } = await runProperty({ numRuns: 8, examples: [77_777_777, -5], run: async () => ({ verdict: 'held' }) }, { options: runOptionsOf({ seed }) });
      expect(seen.slice(0, 2)).toEqual([77_777_777, -5]);
      expect(seen).toHaveLength(10);
    }
  });

  it('replays one shrunk case: only its property runs, from the recorded path', async () => {
    const failing = await runProperty({ numRuns: 100, run: violatedFromTen }, { propertyIndex: 1 });
    const path = evidenceOf(failing.recorder, 'REQ-CLOSED')?.replay?.path;
    expect(path).toMatch(/^1\/\d+/);
    const options = runOptionsOf({ seed: ROOT_SEED, replayPath: { property: 1, path: (path ?? '').slice('1/'.length) } });

    const other = await runProperty({ numRuns: 100, run: violatedFromTen }, { options, propertyIndex: 0 });
    expect(other.seen).toEqual([]);
    expect(other.recorder.meta().evidence).toEqual([]);

    const replayed = await runProperty({ numRuns: 100, run: violatedFromTen }, { options, propertyIndex: 1 });
    expect(replayed.seen[0]).toBe(10);
    expect(replayed.seen.length).toBeLessThan(failing.seen.length);
    expect(evidenceOf(replayed.recorder, 'REQ-CLOSED')?.violations[0]?.counterexample?.description).toBe('10');
    expect(evidenceOf(replayed.recorder, 'REQ-CLOSED')?.replay?.path).toBe(path);
  });

  it('rejects with the suite error when a case throws', async () => {
    const bug = new Error('suite bug');
    await expect(runProperty({ numRuns: 5, run: async () => Promise.reject(bug) })).rejects.toBe(bug);
  });

  it('rejects when the shrunk case threw, even after earlier cases violated', async () => {
    // Shrinking from a violation lands on a throwing case: fast-check's counterexample is the throw, not a violation.
    const bug = new Error('suite bug at 10');
    const run = async (value: number): Promise<CaseResult> => (value === 10 ? Promise.reject(bug) : violatedFromTen(value));
    await expect(runProperty({ numRuns: 100, run })).rejects.toBe(bug);
  });
});

describe('checkProperty under its time limit', () => {
  it('cancels the case in flight, waits for it, and leaves the clause INCONCLUSIVE naming N of M cases', async () => {
    const recorder = new EvidenceRecorder(TEST_NAME, ['REQ-CLOSED']);
    const signals: AbortSignal[] = [];
    const session = { startCase: (signal?: AbortSignal) => void signals.push(signal as AbortSignal), caseCalls: () => [] };
    let started = 0;
    let endedAfterAbort = false;
    const spec: PropertySpec<number> = {
      clauses: ['REQ-CLOSED'],
      arbitrary: fc.integer(),
      describe: String,
      numRuns: 8,
      // Two quick cases, then one that only its cancellation ends (an adapter that hangs).
      run: async () => {
        started += 1;
        if (started <= 2) return { verdict: 'held' };
        const signal = signals.at(-1) as AbortSignal;
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        endedAfterAbort = true;
        return { verdict: 'held' };
      },
    };
    await checkProperty(spec, {
      session: session as unknown as AdapterSession,
      recorder,
      options: runOptionsOf({ seed: ROOT_SEED }),
      testName: TEST_NAME,
      propertyIndex: 0,
      timeLimitMs: 300,
    });
    expect(endedAfterAbort).toBe(true);
    expect(started).toBe(3);
    expect(evidenceOf(recorder, 'REQ-CLOSED')).toMatchObject({ cases: 0, violations: [], inconclusive: expect.stringContaining('after 2 of 8 cases') });
  });

  it('a time limit hit before any case ended is INCONCLUSIVE, not a suite error', async () => {
    const recorder = await timeLimited(
      async (signal) => {
        await untilAborted(signal());
        return { verdict: 'violated', violations: [violation('REQ-CLOSED', 'too late to count')] };
      },
      { timeLimitMs: 200 },
    );
    expect(evidenceOf(recorder, 'REQ-CLOSED')).toMatchObject({ cases: 0, violations: [], inconclusive: expect.stringContaining('after 0 of 10 cases') });
  });
});

/** Resolves once `signal` aborts (never without one). */
function untilAborted(signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }));
}

/** Runs a REQ-CLOSED property of integers under a time limit; each case gets the signal of the case in flight. */
async function timeLimited(
  run: (signal: () => AbortSignal | undefined) => Promise<CaseResult>,
  { timeLimitMs, numRuns, minRuns }: { timeLimitMs: number | (() => number); numRuns?: number; minRuns?: number },
): Promise<EvidenceRecorder> {
  const recorder = new EvidenceRecorder(TEST_NAME, ['REQ-CLOSED']);
  let signal: AbortSignal | undefined;
  const session = { startCase: (given?: AbortSignal) => void (signal = given), caseCalls: () => [] };
  const spec: PropertySpec<number> = {
    clauses: ['REQ-CLOSED'],
    arbitrary: fc.integer(),
    describe: String,
    ...(numRuns === undefined ? {} : { numRuns }),
    ...(minRuns === undefined ? {} : { minRuns }),
    run: () => run(() => signal),
  };
  await checkProperty(spec, { session: session as unknown as AdapterSession, recorder, options: runOptionsOf({ seed: ROOT_SEED }), testName: TEST_NAME, propertyIndex: 0, timeLimitMs });
  return recorder;
}

describe('checkProperty: a time limit after the minimum', () => {
  it('counts the decided cases when they reach minRuns', async () => {
    let started = 0;
    const recorder = await timeLimited(
      async (signal) => {
        started += 1;
        if (started <= 2) return { verdict: 'held' };
        await untilAborted(signal());
        return { verdict: 'held' };
      },
      { numRuns: 8, minRuns: 2, timeLimitMs: 300 },
    );
    expect(evidenceOf(recorder, 'REQ-CLOSED')).toMatchObject({ cases: 2, violations: [] });
    expect(evidenceOf(recorder, 'REQ-CLOSED')?.inconclusive).toBeUndefined();
  });
});

describe('checkProperty: a time limit that follows the subject', () => {
  it('asks the limit again when it would run out: a case of a subject found slower meanwhile is not cancelled', async () => {
    let slowSeen = false;
    let aborted = 0;
    // Before the first slow answer the limit is always 50 ms ahead of now, however long fast-check took to start.
    const since = Date.now();
    const recorder = await timeLimited(
      async (signal) => {
        // What a first slow answer does to a limit that follows the pace: it grows before the case outlives the first one.
        slowSeen = true;
        await new Promise((resolve) => setTimeout(resolve, 150));
        if (signal()?.aborted === true) aborted += 1;
        return { verdict: 'held' };
      },
      { numRuns: 3, timeLimitMs: () => (slowSeen ? 3_600_000 : Date.now() - since + 50) },
    );
    expect(aborted).toBe(0);
    expect(evidenceOf(recorder, 'REQ-CLOSED')).toMatchObject({ cases: 3, violations: [] });
    expect(evidenceOf(recorder, 'REQ-CLOSED')?.inconclusive).toBeUndefined();
  });

  it('a limit that does not grow still cuts the case in flight and names itself', async () => {
    let started = 0;
    const recorder = await timeLimited(
      async (signal) => {
        started += 1;
        await untilAborted(signal());
        return { verdict: 'held' };
      },
      { numRuns: 3, timeLimitMs: () => 80 },
    );
    expect(started).toBe(1);
    expect(evidenceOf(recorder, 'REQ-CLOSED')).toMatchObject({ cases: 0, inconclusive: expect.stringMatching(/^time limit of 80 ms after 0 of 3 cases/) });
  });
});

const rootSeed = fc.integer({ min: 0, max: 0x7fffffff });

describe('deriveSeed', () => {
  it('is deterministic and within 0..2^31-1', () => {
    fc.assert(
      fc.property(rootSeed, fc.string({ unit: 'binary' }), (seed, name) => {
        const derived = deriveSeed(seed, name);
        expect(derived).toBe(deriveSeed(seed, name));
        expect(Number.isInteger(derived) && derived >= 0 && derived <= 0x7fffffff).toBe(true);
      }),
    );
  });

  it('pins one value (FNV-1a of the name, mixed with the seed)', () => {
    // FNV-1a("a") = 0xe40c292c; 0xe40c292c ^ 1, top bit cleared.
    expect(deriveSeed(1, 'a')).toBe(0x640c292d);
  });

  it('gives different names different seeds, with few collisions', () => {
    const names = Array.from({ length: 5_000 }, (_, index) => `REQ-CLOSED: case ${index}`);
    for (const seed of [0, 424242, 0x7fffffff]) {
      const seeds = new Set(names.map((name) => deriveSeed(seed, name)));
      expect(seeds.size).toBeGreaterThanOrEqual(names.length - 2);
    }
    fc.assert(
      fc.property(rootSeed, fc.string(), fc.string(), (seed, a, b) => {
        fc.pre(a !== b);
        expect(deriveSeed(seed, a)).not.toBe(deriveSeed(seed, b));
      }),
    );
  });

  it('gives different root seeds different seeds for the same name', () => {
    fc.assert(
      fc.property(rootSeed, rootSeed, fc.string(), (a, b, name) => {
        fc.pre(a !== b);
        expect(deriveSeed(a, name)).not.toBe(deriveSeed(b, name));
      }),
    );
  });
});
