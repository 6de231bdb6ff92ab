import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AcpCaseContext, AcpEvidence } from './AcpCase.js';
import { checkAcpProperty, MAX_SHRINK_RUNS } from './acpProperty.js';

// A context that only records evidence: the property helper never touches an agent itself.
function recordingContext(seed: number, replayPath: string | null = null, endOnFailure = false): { readonly context: AcpCaseContext; readonly evidence: AcpEvidence[] } {
  const evidence: AcpEvidence[] = [];
  const unused = (): never => {
    throw new Error('not used by these tests');
  };
  const context: AcpCaseContext = {
    seed,
    runs: 20,
    replayPath,
    endOnFailure,
    configuredEnvironment: [],
    bootstrapMs: 1000,
    inactivityMs: 1000,
    frameBytes: 1024,
    shared: unused,
    startAgent: unused,
    initialize: unused,
    newSession: unused,
    freshRoot: unused,
    pass: (clauseId) => evidence.push({ clauseId, status: 'pass', caseName: 'case' }),
    fail: (clauseId, rule, frame, property) => evidence.push({ clauseId, status: 'fail', caseName: 'case', rule, frame, ...(property === undefined ? {} : { property }) }),
    inconclusive: (clauseId, reason) => evidence.push({ clauseId, status: 'inconclusive', caseName: 'case', reason }),
    notApplicable: (clauseId, reason) => evidence.push({ clauseId, status: 'not-applicable', caseName: 'case', reason }),
  };
  return { context, evidence };
}

// "Ids above 1000 are echoed as strings": the smallest failing id is 1001.
async function idProperty(context: AcpCaseContext, ran: number[] = []) {
  return checkAcpProperty(context, {
    arbitrary: fc.integer({ min: 0, max: 1_000_000 }),
    numRuns: 20,
    describe: (id) => `request id ${id}`,
    run: async (id, record) => {
      ran.push(id);
      if (id > 1000) record.fail('ACP-ROB-ID-TYPES', `id ${id} came back as a string`, null);
      else record.pass('ACP-ROB-ID-TYPES');
    },
  });
}

describe('checkAcpProperty', () => {
  it('records only the smallest failing case as FAIL evidence, with its seed and path', async () => {
    const { context, evidence } = recordingContext(42);
    const outcome = await idProperty(context);
    const failures = evidence.filter((item) => item.status === 'fail');
    expect(failures).toHaveLength(1);
    const [failure] = failures;
    expect(failure).toMatchObject({ clauseId: 'ACP-ROB-ID-TYPES', property: { seed: 42, smallest: true } });
    expect(outcome.failure?.path).toMatch(/^\d+(:\d+)*$/);
    // Shrinking reached a much smaller id than a random draw up to a million (within the counted budget).
    const shrunk = Number(/request id (\d+)/.exec(outcome.failure!.counterexample)![1]);
    expect(shrunk).toBeGreaterThan(1000);
    expect(shrunk).toBeLessThan(1000 + 1_000_000 / 2 ** 4);
    expect(outcome.runs).toBeLessThanOrEqual(20 + MAX_SHRINK_RUNS);
  });

  it('with endOnFailure, stops at the first failing case: no shrink run, that case is the FAIL evidence and replays', async () => {
    const ran: number[] = [];
    const { context, evidence } = recordingContext(42, null, true);
    const outcome = await idProperty(context, ran);
    const firstFailing = ran.findIndex((id) => id > 1000);
    expect(firstFailing).toBeGreaterThanOrEqual(0);
    expect(ran).toHaveLength(firstFailing + 1);
    expect(outcome.runs).toBe(firstFailing + 1);
    expect(evidence.filter((item) => item.status === 'fail')).toMatchObject([{ clauseId: 'ACP-ROB-ID-TYPES', property: { seed: 42, smallest: false } }]);
    expect(outcome.failure!.counterexample).toBe(`request id ${ran[firstFailing]}`);
    const replayed: number[] = [];
    await idProperty(recordingContext(42, outcome.failure!.path).context, replayed);
    expect(replayed).toEqual([ran[firstFailing]]);
  });

  it('with the recorded path runs exactly the recorded case, once, and fails it again', async () => {
    const first = await idProperty(recordingContext(42).context);
    const ran: number[] = [];
    const { context, evidence } = recordingContext(42, first.failure!.path);
    const replayed = await idProperty(context, ran);
    expect(ran).toEqual([Number(/request id (\d+)/.exec(first.failure!.counterexample)![1])]);
    expect(replayed.failure).toMatchObject({ path: first.failure!.path, counterexample: first.failure!.counterexample });
    expect(evidence.filter((item) => item.status === 'fail')).toHaveLength(1);
  });

  it('tries the examples first, and a clause only an unshrunk case broke keeps that case and its index as path', async () => {
    const { context, evidence } = recordingContext(3);
    await checkAcpProperty(context, {
      arbitrary: fc.integer({ min: 0, max: 100 }),
      numRuns: 5,
      examples: [77],
      describe: (value) => `value ${value}`,
      run: async (value, record) => {
        // 77 breaks two clauses; every other value breaks only the first, so shrinking leaves 77 behind for the second.
        record.fail('ACP-ROB-INVALID', `value ${value}`, null);
        if (value === 77) record.fail('ACP-ROB-UNKNOWN-METHOD', 'seventy-seven', null);
      },
    });
    const byClause = Object.fromEntries(evidence.filter((item) => item.status === 'fail').map((item) => [item.clauseId, item]));
    expect(byClause['ACP-ROB-UNKNOWN-METHOD']).toMatchObject({ property: { path: '0', counterexample: 'value 77', smallest: false } });
    expect(byClause['ACP-ROB-INVALID']).toMatchObject({ property: { counterexample: 'value 0', smallest: true } });
  });

  it('records every pass of a property that holds, and no failure', async () => {
    const { context, evidence } = recordingContext(5);
    const outcome = await checkAcpProperty(context, {
      arbitrary: fc.nat(),
      numRuns: 6,
      describe: String,
      run: async (_value, record) => record.pass('ACP-ROB-ID-TYPES'),
    });
    expect(outcome).toEqual({ runs: 6, failure: null });
    expect(evidence.map((item) => item.status)).toEqual(Array(6).fill('pass'));
  });

  it('lets a suite error through as a throw, not as a failing case', async () => {
    const { context } = recordingContext(5);
    await expect(
      checkAcpProperty(context, {
        arbitrary: fc.nat(),
        numRuns: 3,
        describe: String,
        run: async () => {
          throw new TypeError('a bug of the suite');
        },
      }),
    ).rejects.toThrow(/a bug of the suite/);
  });
});
