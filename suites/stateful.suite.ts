import * as fc from 'fast-check';
import { describeLedgerSequence, distinctPayloads, ledgerPool, ledgerSequence } from '../generators/ledgerSequence.js';
import { LedgerCommand, runLedgerSequence, type LedgerCommandKind } from '../harness/model/LedgerModel.js';
import { qualifyTest } from '../harness/suite/qualifyTest.js';

// Model-based sequences of the SEM clauses: submit, resubmit, rebind and observes over a pool
// of two fresh operations, each answer judged by a ledger model as it comes.
// A failing sequence shrinks to the fewest steps that still fail.

const POOL = 2;

/** Must-try steps: a whole lifecycle with a rebind, and observes before a first submit. */
const LIFECYCLE: readonly [LedgerCommandKind, number][] = [
  ['submit', 0],
  ['observe', 0],
  ['observe', 0],
  ['submit', 0],
  ['rebind', 0],
  ['observe-other-digest', 0],
  ['observe-never-submitted', 1],
  ['observe', 1],
  ['submit', 1],
  ['observe', 0],
];

qualifyTest(
  {
    clauses: ['SEM-SUBMIT-IDEMPOTENT', 'SEM-REBIND-REFUSED', 'SEM-ACCEPTANCE-STABLE', 'SEM-TERMINAL-IMMUTABLE', 'SEM-OBSERVE-READONLY', 'SEM-OBSERVE-FRESH'],
    title: 'stateful sequences of submit, resubmit, rebind and observe agree with a ledger model',
  },
  async ({ property, session, ids, options }) => {
    await property({
      arbitrary: fc.record({
        commands: ledgerSequence({ operations: POOL }),
        // Payloads come from a seed, never shrunk: the model holds for any valid payloads, and shrinking them
        // would only spend the time limit.
        payloadSeed: fc.noShrink(fc.integer()),
      }),
      examples: [{ commands: LIFECYCLE.map(([kind, op]) => new LedgerCommand(kind, op)), payloadSeed: 1 }],
      describe: ({ commands }) => describeLedgerSequence(commands),
      unexercisedReason: {
        'SEM-SUBMIT-IDEMPOTENT': 'no generated sequence repeated an admitted submit',
        'SEM-REBIND-REFUSED': 'no generated sequence rebound an admitted operation',
        'SEM-TERMINAL-IMMUTABLE': 'no generated sequence saw an operation after its terminal outcome',
        'SEM-OBSERVE-READONLY': 'no generated sequence observed an operation before its first admitted submit',
        'SEM-ACCEPTANCE-STABLE': 'no generated sequence observed an admitted operation',
      },
      run: ({ commands, payloadSeed }) => {
        const pairs = fc.sample(distinctPayloads(options.payload, 2), { seed: payloadSeed, numRuns: POOL });
        return runLedgerSequence(commands, { session, pool: ledgerPool(ids, session.authorityId, pairs) });
      },
    });
  },
);
