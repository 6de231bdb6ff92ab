import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeLedgerSequence, ledgerPool, ledgerSequence } from '../../generators/ledgerSequence.js';
import { runOptionsOf } from '../__test-helpers__/validRunInputs.js';
import type { JsonValue } from '../protocol/canonicalJson.js';
import { acceptedOutcome, sampleBinding, sampleRef, terminalOutcome, unknownOutcome } from '../protocol/__test-helpers__/sampleOutcomes.js';
import type { AdapterSession } from '../suite/AdapterSession.js';
import { checkProperty } from '../suite/checkProperty.js';
import { EvidenceRecorder } from '../suite/EvidenceRecorder.js';
import { exchangeOf, uncertainOf } from './__test-helpers__/exchangeOf.js';
import { fakeLedgerSession, type FakeLedgerDefect } from './__test-helpers__/fakeLedgerSession.js';
import { FIRST_SUBMIT_NOT_ADMITTED, LedgerCommand, LedgerModel, runLedgerSequence, type LedgerCommandKind } from './LedgerModel.js';
import { OperationIds } from './OperationIds.js';

const primary = sampleBinding('op-1', { n: 1 });
const rebound = sampleBinding('op-1', { n: 2 });
const ghost = sampleBinding('ghost-1', { n: 1 });
const accepted = exchangeOf(acceptedOutcome(primary, 1, sampleRef(1)));
const terminal = exchangeOf(terminalOutcome(primary, 2, sampleRef(1)));

function admitted(): LedgerModel {
  const model = new LedgerModel();
  model.noteSubmit(0);
  model.judgeSubmit(0, accepted);
  return model;
}

function violatedClauses(model: LedgerModel): string[] {
  const result = model.result();
  return result.verdict === 'violated' ? result.violations.map((found) => found.clauseId) : [];
}

describe('LedgerModel', () => {
  it('holds for a lifecycle of submit, observes to terminal and a resubmit', () => {
    const model = admitted();
    model.judgeObserve(0, 'primary', accepted);
    model.judgeObserve(0, 'primary', terminal);
    model.judgeSubmit(0, terminal);
    expect(model.result()).toEqual({ verdict: 'held', exercised: ['SEM-ACCEPTANCE-STABLE', 'SEM-TERMINAL-IMMUTABLE', 'SEM-SUBMIT-IDEMPOTENT'] });
    expect(model.stopped).toBe(false);
  });

  it('stops undecided when a first submit admits nothing, and says why', () => {
    const model = new LedgerModel();
    model.judgeSubmit(0, exchangeOf(unknownOutcome(primary, 0, 'unavailable')));
    expect(model.stopped).toBe(true);
    expect(model.result()).toEqual({ verdict: 'undecided', reason: FIRST_SUBMIT_NOT_ADMITTED });
    const timedOut = new LedgerModel();
    timedOut.judgeSubmit(0, uncertainOf('timeout'));
    expect(timedOut.result()).toEqual({ verdict: 'undecided', reason: 'timeout' });
  });

  it('blames a repeated submit with another acceptanceRef on SEM-SUBMIT-IDEMPOTENT, an observe on SEM-ACCEPTANCE-STABLE', () => {
    const resubmitted = admitted();
    resubmitted.judgeSubmit(0, exchangeOf(acceptedOutcome(primary, 1, sampleRef(2))));
    expect(violatedClauses(resubmitted)).toEqual(['SEM-SUBMIT-IDEMPOTENT']);
    expect(resubmitted.stopped).toBe(true);
    const observed = admitted();
    observed.judgeObserve(0, 'primary', exchangeOf(terminalOutcome(primary, 2, sampleRef(2))));
    expect(violatedClauses(observed)).toEqual(['SEM-ACCEPTANCE-STABLE']);
  });

  it('tolerates unknown between admissions, but not after terminal evidence', () => {
    const model = admitted();
    model.judgeObserve(0, 'primary', exchangeOf(unknownOutcome(primary, 1, 'unavailable')));
    model.judgeObserve(0, 'primary', uncertainOf('timeout'));
    expect(model.stopped).toBe(false);
    expect(model.result().verdict).toBe('undecided');
    model.judgeObserve(0, 'primary', terminal);
    model.judgeObserve(0, 'primary', exchangeOf(unknownOutcome(primary, 2, 'unavailable')));
    expect(violatedClauses(model)).toEqual(['SEM-TERMINAL-IMMUTABLE']);
  });

  it('fixes the terminal envelope once seen', () => {
    const model = admitted();
    model.judgeObserve(0, 'primary', terminal);
    model.judgeSubmit(0, exchangeOf(terminalOutcome(primary, 2, sampleRef(1), 'completed', 'done again')));
    expect(violatedClauses(model)).toEqual(['SEM-TERMINAL-IMMUTABLE']);
  });

  it('takes its verdicts on envelopes from the binding history, which names both steps', () => {
    const model = admitted();
    model.judgeObserve(0, 'primary', terminal);
    model.judgeSubmit(0, exchangeOf(acceptedOutcome(primary, 3, sampleRef(1))));
    const result = model.result();
    expect(result.verdict === 'violated' ? result.violations.map((found) => [found.clauseId, found.details?.refs]) : result).toEqual([['SEM-TERMINAL-IMMUTABLE', [1, 2]]]);
  });

  it('refuses rebinding: an admitted answer (even malformed) fails, a refusal or unknown holds', () => {
    const refused = admitted();
    refused.judgeRebind(0, uncertainOf('refusal'));
    refused.judgeRebind(0, exchangeOf(unknownOutcome(rebound)));
    expect(refused.result()).toEqual({ verdict: 'held', exercised: ['SEM-REBIND-REFUSED'] });
    const timedOut = admitted();
    timedOut.judgeRebind(0, uncertainOf('timeout'));
    expect(timedOut.result().verdict).toBe('undecided');
    const malformed = admitted();
    malformed.judgeRebind(0, uncertainOf('refusal', '{"state":"accepted"'));
    expect(violatedClauses(malformed)).toEqual(['SEM-REBIND-REFUSED']);
  });

  it('keeps bindings nobody submitted unknown, naming the clause the admission breaks', () => {
    const fresh = new LedgerModel();
    fresh.judgeObserve(0, 'ghost', exchangeOf(acceptedOutcome(ghost, 1, sampleRef(7))));
    expect(violatedClauses(fresh)).toEqual(['SEM-OBSERVE-FRESH']);

    const readonly = new LedgerModel();
    readonly.judgeObserve(0, 'ghost', exchangeOf(unknownOutcome(ghost)));
    readonly.judgeObserve(0, 'ghost', exchangeOf(acceptedOutcome(ghost, 1, sampleRef(7))));
    expect(violatedClauses(readonly)).toEqual(['SEM-OBSERVE-READONLY']);

    const revealed = admitted();
    revealed.judgeRebind(0, uncertainOf('refusal'));
    revealed.judgeObserve(0, 'rebound', exchangeOf(acceptedOutcome(rebound, 1, sampleRef(1))));
    expect(violatedClauses(revealed)).toEqual(['SEM-OBSERVE-FRESH']);

    const rebindAdmitted = admitted();
    rebindAdmitted.judgeRebind(0, uncertainOf('refusal'));
    rebindAdmitted.judgeObserve(0, 'rebound', exchangeOf(acceptedOutcome(rebound, 1, sampleRef(9))));
    expect(violatedClauses(rebindAdmitted)).toEqual(['SEM-REBIND-REFUSED']);
  });

  it('counts SEM-OBSERVE-READONLY only when observes were followed by a first admission', () => {
    const model = new LedgerModel();
    model.judgeObserve(0, 'primary', exchangeOf(unknownOutcome(primary)));
    model.judgeObserve(0, 'primary', exchangeOf(unknownOutcome(primary)));
    expect(model.result()).toEqual({ verdict: 'held', exercised: ['SEM-OBSERVE-FRESH'] });
    model.noteSubmit(0);
    model.judgeSubmit(0, accepted);
    expect(model.result()).toEqual({ verdict: 'held', exercised: ['SEM-OBSERVE-FRESH', 'SEM-OBSERVE-READONLY'] });
  });

  it('keeps operations apart', () => {
    const model = admitted();
    expect(model.submitSent(0)).toBe(true);
    expect(model.submitSent(1)).toBe(false);
    model.noteSubmit(1);
    model.judgeSubmit(1, exchangeOf(acceptedOutcome(sampleBinding('op-2'), 1, sampleRef(2))));
    model.judgeObserve(0, 'primary', accepted);
    expect(model.result().verdict).toBe('held');
  });
});

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
