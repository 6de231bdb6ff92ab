import * as fc from 'fast-check';
import { mustTryPayloads, payload, PITFALL_SUBMITS, type PitfallSubmit } from '../generators/payload.js';
import { checkHistory } from '../harness/history/checkHistory.js';
import { admissionState } from '../harness/judge/callEvidence.js';
import { bindingFor } from '../harness/protocol/requests.js';
import { canonicalJson, type JsonValue } from '../harness/protocol/canonicalJson.js';
import type { Binding } from '../harness/protocol/types.js';
import type { AdapterSession } from '../harness/suite/AdapterSession.js';
import { admissionOf, describeExchange, type Exchange } from '../harness/model/exchange.js';
import type { CaseResult } from '../harness/model/caseResult.js';
import { noTerminalReason, observeInventsAdmissions, PHANTOM_ADMISSIONS, pollUntilTerminal, undecidedCase, witnessesOf } from '../harness/suite/exchangeHelpers.js';
import { CONTROL_PAYLOAD, heldIfAnswered, isRefusal, judgeRefusedSubmit, submitControl } from '../harness/suite/judgeRefusal.js';
import { payloadFeatures } from '../harness/suite/payloadFeatures.js';
import type { OperationIds } from '../harness/model/OperationIds.js';
import { qualifyTest } from '../harness/suite/qualifyTest.js';
import { violation, type Violation } from '../harness/violation.js';

// Ledger semantics (the SEM clauses), one sequential case at a time. Every case starts from
// a fresh operation ID, so cases never see each other's state.

function freshBinding(ids: OperationIds, session: AdapterSession, value: JsonValue, tag: string): Binding {
  return bindingFor({ operationId: ids.fresh(tag), authorityId: session.authorityId, payload: value });
}

/** Two payloads with different canonical digests (the second is derived when the family has one sample). */
function payloadPair(family: Parameters<typeof payload>[0]): fc.Arbitrary<[JsonValue, JsonValue]> {
  return fc
    .tuple(payload(family), payload(family))
    .map(([first, second]): [JsonValue, JsonValue] => (canonicalJson(first) === canonicalJson(second) ? [first, { rebound: second }] : [first, second]));
}

qualifyTest(
  { clauses: ['SEM-OBSERVE-FRESH'], title: 'observing a never-submitted binding, or another digest of an admitted ID, shows no admission' },
  async ({ property, session, ids, options }) => {
    await property({
      arbitrary: fc.record({ pair: payloadPair(options.payload), admitFirst: fc.boolean() }),
      describe: ({ admitFirst }) => (admitFirst ? 'submit payload A, then observe the same operationId bound to payload B' : 'observe a binding that was never submitted'),
      run: async ({ pair: [first, second], admitFirst }): Promise<CaseResult> => {
        const admitted = freshBinding(ids, session, first, 'fresh');
        if (admitFirst && admissionOf(await session.submit(admitted, first)) === null) return { verdict: 'undecided', reason: session.noAdmissionReason() };
        const probe = admitFirst ? { ...admitted, requestDigest: bindingFor({ ...admitted, payload: second }).requestDigest } : admitted;
        const answer = await session.observe(probe);
        // Refusing (a nonzero exit) is allowed for the other digest; a timeout proves nothing either way.
        if (answer.kind === 'uncertain') {
          return admitFirst && answer.record?.uncertainty === 'nonzero-exit' ? { verdict: 'held' } : { verdict: 'undecided', reason: answer.reason };
        }
        if (answer.outcome.state === 'unknown') return { verdict: 'held' };
        return {
          verdict: 'violated',
          violations: [
            violation(
              'SEM-OBSERVE-FRESH',
              `observe of a ${admitFirst ? 'binding whose operationId is admitted under another digest' : 'never-submitted binding'} answered ${describeExchange(answer)}`,
            ),
          ],
        };
      },
    });
  },
);

qualifyTest({ clauses: ['SEM-OBSERVE-READONLY'], title: 'observes never admit, and a later submit is a first admission' }, async ({ property, session, ids, options }) => {
  await property({
    arbitrary: fc.record({ value: payload(options.payload), observes: fc.integer({ min: 1, max: 3 }) }),
    describe: ({ observes }) => `observe a fresh binding ${observes} time(s), observe again, then submit it`,
    run: async ({ value, observes }): Promise<CaseResult> => {
      const binding = freshBinding(ids, session, value, 'readonly');
      for (let index = 0; index <= observes; index++) {
        const answer = await session.observe(binding);
        if (answer.kind === 'uncertain') return { verdict: 'undecided', reason: answer.reason };
        if (answer.outcome.state !== 'unknown') {
          return {
            verdict: 'violated',
            violations: [violation('SEM-OBSERVE-READONLY', `after ${index} observe(s) and no submit, observe answered ${describeExchange(answer)}`)],
          };
        }
      }
      const submitted = await session.submit(binding, value);
      if (submitted.kind === 'uncertain') return { verdict: 'undecided', reason: submitted.reason };
      if (admissionOf(submitted) === null) return { verdict: 'undecided', reason: session.noAdmissionReason() };
      return { verdict: 'held' };
    },
  });
});

/** One valid submit of SEM-SUBMIT-ADMITS: a pitfall (named) or a random payload. */
interface AdmitsCase {
  readonly value: JsonValue;
  readonly pitfall: PitfallSubmit | null;
}

qualifyTest(
  { clauses: ['SEM-SUBMIT-ADMITS'], title: 'a valid submit returns accepted or terminal for its binding (a refusal is judged by a control submit)' },
  async ({ property, session, ids, options }) => {
    // The pitfalls are valid for adapters admitting any bounded JSON; a schema-bound adapter may refuse them.
    const pitfalls = options.payload.kind === 'any-json' ? PITFALL_SUBMITS : [];
    // Integer-like keys (algal's canonical order puts them first): named by their features, like a random payload.
    const integerKeyed = mustTryPayloads(options.payload).map((value): AdmitsCase => ({ value, pitfall: null }));
    await property({
      arbitrary: payload(options.payload).map((value): AdmitsCase => ({ value, pitfall: null })),
      examples: [...pitfalls.map((pitfall): AdmitsCase => ({ value: pitfall.payload, pitfall })), ...integerKeyed],
      describe: ({ pitfall }) =>
        `submit a fresh binding${pitfall === null ? '' : ` with ${pitfall.feature}`}; if it is refused, observe it, then submit ${canonicalJson(CONTROL_PAYLOAD)} under a fresh operation (the control)`,
      run: async ({ value, pitfall }): Promise<CaseResult> => {
        const length = pitfall?.operationIdLength ?? null;
        const binding = bindingFor({ operationId: length === null ? ids.fresh('admits') : ids.freshOfLength(length), authorityId: session.authorityId, payload: value });
        const answer = await session.submit(binding, value);
        if (admissionOf(answer) !== null) return { verdict: 'held' };
        if (!isRefusal(answer)) return undecidedCase(`the valid submit gave no answer: ${describeExchange(answer)}`, [answer]);
        if (answer.kind === 'outcome') {
          // An unknown answer is honest only if nothing was admitted: the next observe tells.
          const view = admissionOf(await session.observe(binding));
          if (view !== null) {
            return {
              verdict: 'violated',
              violations: [
                violation(
                  'SEM-SUBMIT-ADMITS',
                  `the submit was answered unknown (reason ${answer.outcome.state === 'unknown' ? answer.outcome.reason : '?'}), yet the next observe shows the binding ${view.state}: the authority was available and admitted it`,
                ),
              ],
            };
          }
        }
        const features = pitfall === null ? payloadFeatures(value) : [pitfall.feature];
        return judgeRefusedSubmit({ refused: answer, control: await submitControl(session, ids), features });
      },
    });
  },
);

qualifyTest({ clauses: ['SEM-SUBMIT-IDEMPOTENT'], title: 'repeated submits of one binding keep the first acceptanceRef' }, async ({ property, session, ids, options }) => {
  await property({
    arbitrary: fc.record({ value: payload(options.payload), steps: fc.array(fc.constantFrom('submit', 'observe'), { minLength: 1, maxLength: 5 }) }),
    describe: ({ steps }) => `submit a fresh binding, then ${steps.join(', ')}, with submit repeated on the same binding`,
    run: async ({ value, steps }): Promise<CaseResult> => {
      const binding = freshBinding(ids, session, value, 'idem');
      const first = admissionOf(await session.submit(binding, value));
      if (first === null) return { verdict: 'undecided', reason: session.noAdmissionReason() };
      let compared = 0;
      for (const step of steps) {
        const answer = step === 'submit' ? await session.submit(binding, value) : await session.observe(binding);
        const later = admissionOf(answer);
        if (later !== null) compared += 1;
        if (later !== null && later.acceptanceRef !== first.acceptanceRef) {
          return {
            verdict: 'violated',
            violations: [
              violation(
                'SEM-SUBMIT-IDEMPOTENT',
                `a repeated ${step} answered acceptanceRef ${later.acceptanceRef} instead of the first admission's ${first.acceptanceRef}: a second admission`,
              ),
            ],
          };
        }
      }
      // A repeat that showed no admission (a timeout, a refusal) compared nothing with the first.
      return compared > 0 ? { verdict: 'held' } : { verdict: 'undecided', reason: `no repeated ${steps.join(', ')} after the admission showed an admission to compare` };
    },
  });
});

qualifyTest(
  { clauses: ['SEM-REBIND-REFUSED'], title: 'a submit reusing the operation key with another digest is refused, the original unchanged' },
  async ({ property, session, ids, options }) => {
    await property({
      arbitrary: payloadPair(options.payload),
      describe: () => 'submit payload A, submit the same operationId bound to payload B, then observe both bindings',
      run: async ([first, second]): Promise<CaseResult> => {
        const original = freshBinding(ids, session, first, 'rebind');
        const admitted = admissionOf(await session.submit(original, first));
        if (admitted === null) return { verdict: 'undecided', reason: session.noAdmissionReason() };
        const rebound = { ...original, requestDigest: bindingFor({ ...original, payload: second }).requestDigest };
        const rebindExchange = await session.submit(rebound, second);
        const violations: Violation[] = [];
        // Any answer claiming accepted/terminal is an admission, well-formed or not.
        const rebindAnswer = rebindExchange.record === null ? 'none' : admissionState(rebindExchange.record.stdout);
        if (rebindAnswer === 'accepted' || rebindAnswer === 'terminal') {
          violations.push(violation('SEM-REBIND-REFUSED', `the rebinding submit was answered with an admission (state ${rebindAnswer})`));
        }
        const views = [await session.observe(rebound)];
        const reboundView = admissionOf(views[0] as Exchange);
        // The original admission shown under the other digest is SEM-OBSERVE-FRESH's failure; only another admission is a rebinding.
        if (reboundView !== null && reboundView.acceptanceRef !== admitted.acceptanceRef) {
          if (await observeInventsAdmissions(session, freshBinding(ids, session, second, 'control'))) return { verdict: 'undecided', reason: PHANTOM_ADMISSIONS };
          violations.push(
            violation(
              'SEM-REBIND-REFUSED',
              `a later observe of the rebound binding answered ${reboundView.state} with a new acceptanceRef ${reboundView.acceptanceRef}: the rebinding was admitted`,
            ),
          );
        }
        views.push(await session.observe(original));
        const originalView = admissionOf(views[1] as Exchange);
        if (originalView !== null && originalView.acceptanceRef !== admitted.acceptanceRef) {
          violations.push(
            violation('SEM-REBIND-REFUSED', `the original operation's acceptanceRef changed from ${admitted.acceptanceRef} to ${originalView.acceptanceRef} after the rebinding submit`),
          );
        }
        if (violations.length > 0) return { verdict: 'violated', violations };
        // Held only when the rebinding submit was answered and both observes gave evidence: a timeout proves nothing.
        return heldIfAnswered([rebindExchange, ...views]);
      },
    });
  },
);

qualifyTest(
  { clauses: ['SEM-REVISION-MONOTONIC', 'SEM-EQUAL-REVISION', 'SEM-ACCEPTANCE-STABLE', 'SEM-TERMINAL-IMMUTABLE', 'SEM-TERMINAL-WITHOUT-ACCEPT'], title: 'submit-then-poll histories' },
  async ({ property, session, ids, options }) => {
    await property({
      arbitrary: fc.record({ value: payload(options.payload), extraObserves: fc.integer({ min: 1, max: 3 }), resubmit: fc.boolean() }),
      describe: ({ extraObserves, resubmit }) =>
        `submit a fresh binding, observe until terminal (at most ${options.pollBudget}), observe ${extraObserves} more time(s)${resubmit ? ', then submit again' : ''}`,
      unexercisedReason: {
        'SEM-TERMINAL-IMMUTABLE': () => noTerminalReason(session, options.pollBudget),
        'SEM-TERMINAL-WITHOUT-ACCEPT': 'no history began with a terminal outcome; the host-side check of the history checker covers this clause',
        'SEM-ACCEPTANCE-STABLE': () => session.noAdmissionReason(),
      },
      run: async ({ value, extraObserves, resubmit }): Promise<CaseResult> => {
        const binding = freshBinding(ids, session, value, 'history');
        const exchanges: Exchange[] = [await session.submit(binding, value)];
        if (admissionOf(exchanges[0] as Exchange) === null) return { verdict: 'undecided', reason: session.noAdmissionReason() };
        exchanges.push(...(await pollUntilTerminal(session, binding, options.pollBudget)));
        for (let index = 0; index < extraObserves; index++) exchanges.push(await session.observe(binding));
        if (resubmit) exchanges.push(await session.submit(binding, value));
        const witnesses = witnessesOf(exchanges);
        const states = witnesses.map((witness) => witness.outcome.state);
        const terminalAt = states.indexOf('terminal');
        const exercised = [
          ...(witnesses.length >= 2 ? (['SEM-REVISION-MONOTONIC', 'SEM-EQUAL-REVISION'] as const) : []),
          ...(states.filter((state) => state !== 'unknown').length >= 2 ? (['SEM-ACCEPTANCE-STABLE'] as const) : []),
          ...(terminalAt >= 0 && terminalAt < witnesses.length - 1 ? (['SEM-TERMINAL-IMMUTABLE'] as const) : []),
          ...(terminalAt >= 0 && !states.slice(0, terminalAt).includes('accepted') ? (['SEM-TERMINAL-WITHOUT-ACCEPT'] as const) : []),
        ];
        const violations = checkHistory(witnesses);
        return violations.length === 0 ? { verdict: 'held', exercised } : { verdict: 'violated', violations, exercised };
      },
    });
  },
);

qualifyTest({ clauses: ['SEM-DISTINCT-OPERATIONS'], title: 'distinct operations get distinct acceptanceRefs' }, async ({ property, session, ids, options }) => {
  await property({
    arbitrary: fc.record({ value: payload(options.payload), samePayload: fc.boolean(), other: payload(options.payload) }),
    describe: ({ samePayload }) => `submit two fresh operations ${samePayload ? 'with the same payload' : 'with independent payloads'}`,
    run: async ({ value, samePayload, other }): Promise<CaseResult> => {
      const secondValue = samePayload ? value : other;
      const first = admissionOf(await session.submit(freshBinding(ids, session, value, 'distinct'), value));
      const second = admissionOf(await session.submit(freshBinding(ids, session, secondValue, 'distinct'), secondValue));
      if (first === null || second === null) return { verdict: 'undecided', reason: session.noAdmissionReason() };
      return first.acceptanceRef === second.acceptanceRef
        ? { verdict: 'violated', violations: [violation('SEM-DISTINCT-OPERATIONS', `two operations with different operationIds share acceptanceRef ${first.acceptanceRef}`)] }
        : { verdict: 'held' };
    },
  });
});
