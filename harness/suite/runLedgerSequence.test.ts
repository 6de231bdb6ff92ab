import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runOptionsOf } from '../__test-helpers__/runOptionsOf.js';
import type { JsonValue } from '../protocol/canonicalJson.js';
import type { AdapterSession } from './AdapterSession.js';
import { checkProperty } from './checkProperty.js';
import { describeLedgerSequence } from './describeLedgerSequence.js';
import { EvidenceRecorder } from './EvidenceRecorder.js';
import { fakeLedgerSession, type FakeLedgerDefect } from './__test-helpers__/fakeLedgerSession.js';
import { LedgerCommand, type LedgerCommandKind } from './LedgerCommand.js';
import { ledgerPool } from './ledgerPool.js';
import { ledgerSequence } from './ledgerSequence.js';
import { OperationIds } from './OperationIds.js';
import { runLedgerSequence } from './runLedgerSequence.js';

const PAIRS: JsonValue[][] = [
  [{ n: 1 }, { n: 2 }],
  [{ n: 3 }, { n: 4 }],
  [{ n: 5 }, { n: 6 }],
];

function systemFor(defect: FakeLedgerDefect) {
  const fake = fakeLedgerSession(defect);
  return { fake, system: { session: fake.session, pool: ledgerPool(new OperationIds('test'), 'ledger-a1', PAIRS) } };
}

const steps = (...spec: [LedgerCommandKind, number][]) => spec.map(([kind, op]) => new LedgerCommand(kind, op));

describe('runLedgerSequence', () => {
  it('holds on a correct ledger for every generated sequence', async () => {
    await fc.assert(
      fc.asyncProperty(ledgerSequence(), async (commands) => {
        const result = await runLedgerSequence(commands, systemFor('none').system);
        expect(result.verdict).not.toBe('violated');
      }),
      { numRuns: 200, seed: 7 },
    );
  });

  it.each([
    ['resubmit-readmits', steps(['submit', 0], ['submit', 0]), 'SEM-SUBMIT-IDEMPOTENT'],
    ['rebind-admits', steps(['submit', 1], ['rebind', 1]), 'SEM-REBIND-REFUSED'],
    ['observe-admits', steps(['observe-never-submitted', 0], ['observe-never-submitted', 0]), 'SEM-OBSERVE-READONLY'],
    ['terminal-text-changes', steps(['submit', 0], ['observe', 0], ['observe', 0], ['observe', 0]), 'SEM-TERMINAL-IMMUTABLE'],
  ] as const)('finds a ledger with defect %s', async (defect, commands, clauseId) => {
    const result = await runLedgerSequence(commands, systemFor(defect).system);
    expect(result.verdict === 'violated' ? result.violations.map((found) => found.clauseId) : result).toEqual([clauseId]);
  });

  it('runs no step after the first violation, and skips a rebind before its submit', async () => {
    const { fake, system } = systemFor('resubmit-readmits');
    await runLedgerSequence(steps(['rebind', 0], ['submit', 0], ['submit', 0], ['observe', 0]), system);
    expect(fake.calls).toHaveLength(2);
  });
});

describe('a failing sequence through checkProperty', () => {
  const TEST_NAME = 'SEM-TERMINAL-IMMUTABLE: sequences';

  async function check(replayPath: { property: number; path: string } | null) {
    const recorder = new EvidenceRecorder(TEST_NAME, ['SEM-TERMINAL-IMMUTABLE']);
    const seen: string[] = [];
    const session = { startCase: () => undefined, caseCalls: () => [] } as unknown as AdapterSession;
    await checkProperty(
      {
        clauses: ['SEM-TERMINAL-IMMUTABLE'],
        arbitrary: ledgerSequence(),
        describe: describeLedgerSequence,
        run: (commands) => {
          seen.push(describeLedgerSequence(commands));
          return runLedgerSequence(commands, systemFor('terminal-text-changes').system);
        },
      },
      { session, recorder, options: runOptionsOf({ seed: 11, runs: 40, replayPath }), testName: TEST_NAME, propertyIndex: 0 },
    );
    const [evidence] = recorder.meta().evidence;
    return { evidence, seen };
  }

  it('shrinks to the shortest failing sequence, which its replay path re-runs exactly', async () => {
    const first = await check(null);
    const [found] = first.evidence?.violations ?? [];
    // Admit, two observes to reach terminal, one more call to see it change: nothing shorter fails.
    expect(found?.counterexample?.description.split(' → ')).toHaveLength(4);
    const path = first.evidence?.replay?.path;
    expect(path).toMatch(/^0\/[0-9:]+$/);
    const [property, fcPath] = (path ?? '').split('/');
    const replayed = await check({ property: Number(property), path: fcPath ?? '' });
    // The replay starts with exactly the shrunk sequence (fast-check then retries its shrinks, which pass).
    expect(replayed.seen[0]).toBe(found?.counterexample?.description);
    expect(replayed.seen.length).toBeLessThan(first.seen.length);
    expect(replayed.evidence?.violations[0]?.counterexample?.description).toBe(found?.counterexample?.description);
    expect(replayed.evidence?.replay?.path).toBe(path);
  });
});
