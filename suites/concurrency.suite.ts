import * as fc from 'fast-check';
import { distinctPayloads } from '../generators/ledgerSequence.js';
import { payload } from '../generators/payload.js';
import { checkHistories } from '../harness/history/checkHistory.js';
import { bindingFor } from '../harness/protocol/requests.js';
import { admissionOf, type Exchange } from '../harness/model/exchange.js';
import type { CaseResult } from '../harness/model/caseResult.js';
import { contendedCase, witnessesOf } from '../harness/suite/exchangeHelpers.js';
import { exercisedHistoryClauses } from '../harness/suite/exercisedClauses.js';
import { judgeConcurrentRebind, judgeConcurrentSubmit } from '../harness/suite/judgeConcurrent.js';
import { qualifyTest } from '../harness/suite/qualifyTest.js';
import { raceBurst } from '../harness/suite/callPacing.js';

// Races: overlapping calls on one operation, started in one synchronous
// loop. These tests exceed --concurrency on purpose (up to 16 processes at
// once); their bursts run one at a time per worker and few cases run, to keep
// a default run short. A call that times out under the burst is uncertain:
// it never fails a case, it only leaves it undecided, and such a case runs
// again, fresh (the burst's own load is no evidence about the adapter).

const MAX_RACERS = 16;
/** Race cases per property: each case starts up to 16 processes at once. */
const RACE_CASES = 5;

/** Racers drawn up to 16, the full burst a third of the time (a small burst rarely races). */
const racers = fc.oneof({ arbitrary: fc.constant(MAX_RACERS), weight: 1 }, { arbitrary: fc.integer({ min: 2, max: MAX_RACERS - 1 }), weight: 2 });

qualifyTest(
  { clauses: ['SEM-CONCURRENT-SUBMIT'], title: 'overlapping submits of one binding share one acceptanceRef, also in later observes' },
  async ({ property, session, ids, options }) => {
    await property({
      numRuns: Math.min(options.runs, RACE_CASES),
      arbitrary: fc.record({ value: payload(options.payload), submits: racers }),
      describe: ({ submits }) => `start ${submits} submits of one fresh binding at once, then observe it twice`,
      run: async ({ value, submits }): Promise<CaseResult> => {
        const binding = bindingFor({ operationId: ids.fresh('race'), authorityId: session.authorityId, payload: value });
        const answers = await raceBurst(Array.from({ length: submits }, () => () => session.submit(binding, value)));
        const observes = [await session.observe(binding), await session.observe(binding)];
        return contendedCase(judgeConcurrentSubmit(answers, observes), answers);
      },
    });
  },
);

qualifyTest(
  { clauses: ['SEM-CONCURRENT-REBIND'], title: 'overlapping submits of one operationId with different digests admit at most one digest, ever' },
  async ({ property, session, ids, options }) => {
    await property({
      numRuns: Math.min(options.runs, RACE_CASES),
      arbitrary: fc
        .integer({ min: 2, max: 4 })
        .chain((digests) => fc.record({ values: distinctPayloads(options.payload, digests), copies: fc.integer({ min: 1, max: Math.floor(MAX_RACERS / digests) }) })),
      describe: ({ values, copies }) =>
        `start ${values.length * copies} submits of one fresh operationId, ${copies} for each of ${values.length} payloads, at once; then observe every binding`,
      run: async ({ values, copies }): Promise<CaseResult> => {
        const operationId = ids.fresh('rebind-race');
        const bindings = values.map((value) => ({ value, binding: bindingFor({ operationId, authorityId: session.authorityId, payload: value }) }));
        // Interleaved, so every digest starts early in the loop.
        const racing = Array.from({ length: copies }, () => bindings).flat();
        const submits = await raceBurst(racing.map(({ value, binding }) => async () => ({ digest: binding.requestDigest, exchange: await session.submit(binding, value) })));
        const observes = [];
        for (const { binding } of bindings) observes.push({ digest: binding.requestDigest, exchange: await session.observe(binding) });
        return contendedCase(
          judgeConcurrentRebind(submits, observes),
          submits.map(({ exchange }) => exchange),
        );
      },
    });
  },
);

qualifyTest(
  { clauses: ['SEM-REVISION-MONOTONIC', 'SEM-EQUAL-REVISION', 'SEM-ACCEPTANCE-STABLE', 'SEM-TERMINAL-IMMUTABLE'], title: 'overlapping observes beside a submit keep the history consistent' },
  async ({ property, session, ids, options }) => {
    await property({
      numRuns: Math.min(options.runs, RACE_CASES),
      arbitrary: fc.record({
        value: payload(options.payload),
        beside: fc.integer({ min: 1, max: 7 }),
        submitAt: fc.nat(7),
        after: fc.integer({ min: 2, max: 8 }),
      }),
      describe: ({ beside, submitAt, after }) =>
        `start a submit of a fresh binding among ${beside} observes of it (as call ${Math.min(submitAt, beside) + 1}), then ${after} overlapping observes, then one more observe`,
      unexercisedReason: {
        'SEM-TERMINAL-IMMUTABLE': 'no operation was seen again after its terminal outcome',
        'SEM-ACCEPTANCE-STABLE': () => session.noAdmissionReason(),
      },
      run: async ({ value, beside, submitAt, after }): Promise<CaseResult> => {
        const binding = bindingFor({ operationId: ids.fresh('overlap'), authorityId: session.authorityId, payload: value });
        const first = Array.from({ length: beside }, () => () => session.observe(binding));
        first.splice(Math.min(submitAt, beside), 0, () => session.submit(binding, value));
        const raced: Exchange[] = await raceBurst(first);
        raced.push(...(await raceBurst(Array.from({ length: after }, () => () => session.observe(binding)))));
        const exchanges = [...raced, await session.observe(binding)];
        if (!exchanges.some((exchange) => admissionOf(exchange) !== null)) return contendedCase({ verdict: 'undecided', reason: session.noAdmissionReason() }, raced);
        const witnesses = witnessesOf(exchanges);
        const exercised = exercisedHistoryClauses(witnesses);
        const violations = checkHistories(witnesses);
        return violations.length === 0 ? { verdict: 'held', exercised } : { verdict: 'violated', violations, exercised };
      },
    });
  },
);
