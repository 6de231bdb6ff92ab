import * as fc from 'fast-check';
import type { BoundaryCase } from '../../generators/boundaryCases.js';
import type { DefectBase, RequestDefect } from '../../generators/RequestDefect.js';
import { bindingFor } from '../protocol/requests.js';
import type { JsonValue } from '../protocol/canonicalJson.js';
import type { CaseResult } from '../model/caseResult.js';
import { observeInventsAdmissions } from './exchangeHelpers.js';
import { admissionOf, describeExchange } from '../model/exchange.js';
import { judgeBoundaryCase, judgeDefectAnswer, judgeFollowUps, refusedOnBound, type FollowUp } from './judgeRefusal.js';
import type { QualifyTestContext } from './qualifyTest.js';
import { STOPPED_ANSWERING } from './callPacing.js';

// The properties of the request suites (suites/request.suite.ts, suites/bounds.suite.ts). Each
// case sends one malformed request and demands a refusal (nonzero exit, or an `unknown` answer)
// that admits nothing: not in its answer, and — on a fresh binding — not in a later well-formed
// observe. Observe-shaped defects are also aimed at admitted bindings, where a lenient adapter
// would answer with the admission. A boundary case is a well-formed request on a bound: admitted.

/** A malformed request recipe and the valid payload its base binding is made of. */
interface DefectCase {
  readonly defect: RequestDefect;
  readonly payload: JsonValue;
}

/**
 * The admitted bindings of one test, by operationId length: admitting one per
 * test instead of one per case halves the calls of admitted-target cases. A
 * failed admission is remembered too, so an adapter that never admits costs
 * one submit, not one per case.
 */
type AdmittedBases = Map<number | null, DefectBase | string>;

/**
 * Property for a random family: the family's must-try cases first (the classic
 * pitfalls, whatever the seed), then `--runs` generated cases.
 * @param context - the test's
 * @param payloads - the valid payloads the defects' base bindings are made of (the run's `--payload` family)
 * @param defects - the family's malformed requests
 * @param mustTry - cases tried first, on a fixed payload of the family
 */
export async function refusesAll(
  context: QualifyTestContext,
  payloads: fc.Arbitrary<JsonValue>,
  defects: fc.Arbitrary<RequestDefect>,
  mustTry: readonly RequestDefect[] = [],
): Promise<void> {
  const admitted: AdmittedBases = new Map();
  // A fixed payload of the run's family, so must-try cases on admitted bindings use one the adapter admits.
  const [examplePayload = null] = fc.sample(payloads, { seed: 0, numRuns: 1 });
  await context.property({
    arbitrary: fc.record({ defect: defects, payload: payloads }),
    examples: mustTry.map((defect) => ({ defect, payload: examplePayload })),
    describe: ({ defect }) => defect.describe(),
    run: (value) => runDefectCase(context, value, admitted),
  });
}

/**
 * Properties for a bound family, one per variant so that each is tried:
 * one case per variant, one more per further ten `--runs`. Bound payloads
 * make their own binding, so the base payload does not matter.
 */
export async function refusesEachVariant(context: QualifyTestContext, variants: readonly fc.Arbitrary<RequestDefect>[]): Promise<void> {
  const numRuns = runsPerVariant(context);
  const admitted: AdmittedBases = new Map();
  for (const variant of variants) {
    await context.property({
      arbitrary: fc.record({ defect: variant, payload: fc.constant<JsonValue>(null) }),
      describe: ({ defect }) => defect.describe(),
      run: (value) => runDefectCase(context, value, admitted),
      numRuns,
    });
  }
}

/** Variants are few and their bound fixed (only content varies), so a tenth of `--runs` each, at least one. */
export function runsPerVariant(context: QualifyTestContext): number {
  return Math.max(1, Math.round(context.options.runs / 10));
}

/** The base of a case: a fresh binding of its payload, or this test's admitted one. */
async function caseBase(context: QualifyTestContext, { defect, payload: value }: DefectCase, admitted: AdmittedBases): Promise<DefectBase | string> {
  const { session, ids } = context;
  const fresh = (): DefectBase => {
    const operationId = defect.operationIdLength === null ? ids.fresh('req') : ids.freshOfLength(defect.operationIdLength);
    return { binding: bindingFor({ operationId, authorityId: session.authorityId, payload: value }), payload: value, authorityId: session.authorityId };
  };
  if (defect.target === 'fresh') return fresh();
  const known = admitted.get(defect.operationIdLength);
  if (known !== undefined) return known;
  const base = fresh();
  const exchange = await session.submit(base.binding, base.payload);
  const found = admissionOf(exchange) !== null ? base : `the well-formed submit that should admit the target binding answered ${describeExchange(exchange)}`;
  // An uncertain submit may be a passing fault (or the spent --max-submits budget): try again next case.
  if (exchange.kind === 'outcome') admitted.set(defect.operationIdLength, found);
  return found;
}

async function runDefectCase(context: QualifyTestContext, value: DefectCase, admitted: AdmittedBases): Promise<CaseResult> {
  const { session } = context;
  const { defect } = value;
  if (session.unresponsive()) return { verdict: 'undecided', reason: STOPPED_ANSWERING };
  const base = await caseBase(context, value, admitted);
  if (typeof base === 'string') return { verdict: 'undecided', reason: base };
  const built = defect.build(base);
  const record = await session.send(defect.argvAction, built.text);
  if (record === null) return { verdict: 'undecided', reason: STOPPED_ANSWERING };

  const answered = judgeDefectAnswer(defect, record);
  if (answered !== 'refused') return answered;
  // On an admitted binding the follow-up would show the earlier, legitimate admission.
  if (defect.target === 'admitted') return { verdict: 'held' };
  const followUps: FollowUp[] = [];
  for (const binding of built.followUps) {
    const exchange = await session.observe(binding);
    followUps.push({ binding, exchange });
    if (exchange.kind === 'uncertain' || admissionOf(exchange) !== null) break;
  }
  // An admission convicts only if observe does not invent admissions for a binding nobody submitted.
  const revealed = followUps.some(({ exchange }) => admissionOf(exchange) !== null);
  const phantom = revealed && (await observeInventsAdmissions(session, bindingFor({ operationId: context.ids.fresh('control'), authorityId: session.authorityId, payload: value.payload })));
  return judgeFollowUps(defect, record, followUps, phantom);
}

/**
 * Submits a boundary case; it must be admitted. A refusal only counts when a
 * control submit (payload `null`) is admitted right after: an adapter that
 * admits nothing at all is not refusing the bound.
 */
export async function runBoundaryCase(context: QualifyTestContext, found: BoundaryCase): Promise<CaseResult> {
  const { session, ids } = context;
  if (session.unresponsive()) return { verdict: 'undecided', reason: STOPPED_ANSWERING };
  const operationId = found.operationIdLength === null ? ids.fresh('edge') : ids.freshOfLength(found.operationIdLength);
  const { binding, payload: value } = found.build({ operationId, authorityId: session.authorityId });
  const exchange = await session.submit(binding, value);
  const control = refusedOnBound(exchange) ? await session.submit(bindingFor({ operationId: ids.fresh('control'), authorityId: session.authorityId, payload: null }), null) : null;
  return judgeBoundaryCase(found.bound, exchange, control);
}
