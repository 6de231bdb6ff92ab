import * as fc from 'fast-check';
import {
  actionArgvDefect,
  actionValueDefect,
  contractDefect,
  contractExamples,
  missingFieldDefect,
  missingFieldExamples,
  observeWithPayloadDefect,
  submitWithoutPayloadDefect,
  unknownFieldDefect,
  unknownFieldExamples,
} from '../generators/envelopeDefects.js';
import {
  arrayBoundDefects,
  bytesBoundDefects,
  depthBoundDefects,
  finiteBoundDefects,
  keyBoundDefects,
  objectBoundDefects,
  requestBoundDefects,
  valuesBoundDefects,
} from '../generators/boundDefects.js';
import {
  bindingShapeDefect,
  bindingShapeExamples,
  digestFormatDefect,
  digestFormatExamples,
  foreignAuthorityDefect,
  identityDefect,
  identityExamples,
  payloadDigestDefect,
} from '../generators/bindingDefects.js';
import { boundaryCases, type BoundaryCase } from '../generators/boundaryCases.js';
import { payload } from '../generators/payload.js';
import type { DefectBase, RequestDefect } from '../generators/RequestDefect.js';
import { bindingFor } from '../harness/protocol/requests.js';
import type { JsonValue } from '../harness/protocol/canonicalJson.js';
import type { CaseResult } from '../harness/suite/checkProperty.js';
import { admissionOf, describeExchange, observeInventsAdmissions } from '../harness/suite/exchangeHelpers.js';
import { judgeBoundaryCase, judgeDefectAnswer, judgeFollowUps, refusedOnBound, type FollowUp } from '../harness/suite/judgeRefusal.js';
import { qualifyTest, type QualifyTestContext } from '../harness/suite/qualifyTest.js';
import { STOPPED_ANSWERING } from '../harness/suite/callPacing.js';

// Request validation. Each case sends one malformed
// request and demands a refusal (nonzero exit, or an `unknown` answer) that
// admits nothing: not in its answer, and — on a fresh binding — not in a later
// well-formed observe. Observe-shaped defects are also aimed at admitted
// bindings, where a lenient adapter would answer with the admission.

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
 */
async function refusesAll(context: QualifyTestContext, defects: fc.Arbitrary<RequestDefect>, mustTry: readonly RequestDefect[] = []): Promise<void> {
  const admitted: AdmittedBases = new Map();
  const payloads = payload(context.options.payload);
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
async function refusesEachVariant(context: QualifyTestContext, variants: readonly fc.Arbitrary<RequestDefect>[]): Promise<void> {
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
function runsPerVariant(context: QualifyTestContext): number {
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
async function runBoundaryCase(context: QualifyTestContext, found: BoundaryCase): Promise<CaseResult> {
  const { session, ids } = context;
  if (session.unresponsive()) return { verdict: 'undecided', reason: STOPPED_ANSWERING };
  const operationId = found.operationIdLength === null ? ids.fresh('edge') : ids.freshOfLength(found.operationIdLength);
  const { binding, payload: value } = found.build({ operationId, authorityId: session.authorityId });
  const exchange = await session.submit(binding, value);
  const control = refusedOnBound(exchange) ? await session.submit(bindingFor({ operationId: ids.fresh('control'), authorityId: session.authorityId, payload: null }), null) : null;
  return judgeBoundaryCase(found.bound, exchange, control);
}

qualifyTest({ clauses: ['REQ-ACTION-ARGV'], title: 'refuses a request whose JSON action differs from the argv action, and admits nothing' }, async (context) => {
  await refusesAll(context, actionArgvDefect());
});

qualifyTest({ clauses: ['REQ-CONTRACT'], title: 'refuses any other contract value, and admits nothing' }, async (context) => {
  await refusesAll(context, contractDefect(), contractExamples());
});

qualifyTest({ clauses: ['REQ-ACTION-VALUE'], title: 'refuses an action other than submit/observe, and admits nothing' }, async (context) => {
  await refusesAll(context, actionValueDefect());
});

qualifyTest({ clauses: ['REQ-CLOSED'], title: 'refuses unknown top-level fields, and admits nothing' }, async (context) => {
  await refusesAll(context, unknownFieldDefect(), unknownFieldExamples());
});

qualifyTest({ clauses: ['REQ-REQUIRED'], title: 'refuses a request missing contract, action or binding, and admits nothing' }, async (context) => {
  await refusesAll(context, missingFieldDefect(), missingFieldExamples());
});

qualifyTest({ clauses: ['REQ-BINDING-CLOSED'], title: 'refuses a binding with a missing or extra field, and admits nothing' }, async (context) => {
  await refusesAll(context, bindingShapeDefect(), bindingShapeExamples());
});

qualifyTest({ clauses: ['REQ-IDENTITY'], title: 'refuses an operationId/authorityId that is not an identity, and admits nothing (not even a normalized one)' }, async (context) => {
  await refusesAll(context, identityDefect(), identityExamples());
});

qualifyTest({ clauses: ['REQ-DIGEST-FORMAT'], title: 'refuses a requestDigest that is not a digest (uppercase hex included), and admits nothing' }, async (context) => {
  await refusesAll(context, digestFormatDefect(), digestFormatExamples());
});

qualifyTest({ clauses: ['REQ-SUBMIT-PAYLOAD'], title: 'refuses a submit without payload, and admits nothing' }, async (context) => {
  await refusesAll(context, submitWithoutPayloadDefect());
});

qualifyTest({ clauses: ['REQ-OBSERVE-NO-PAYLOAD'], title: 'refuses an observe carrying a payload, and admits nothing' }, async (context) => {
  await refusesAll(context, observeWithPayloadDefect());
});

qualifyTest({ clauses: ['REQ-PAYLOAD-DIGEST'], title: 'refuses a submit whose payload does not have the requestDigest, and admits nothing' }, async (context) => {
  await refusesAll(context, payloadDigestDefect({ payload: payload(context.options.payload) }));
});

qualifyTest({ clauses: ['REQ-BOUND-DEPTH'], title: 'refuses a payload deeper than 16, and admits nothing' }, async (context) => {
  await refusesEachVariant(context, depthBoundDefects());
});

qualifyTest({ clauses: ['REQ-BOUND-VALUES'], title: 'refuses a payload of more than 16,384 values, and admits nothing' }, async (context) => {
  await refusesEachVariant(context, valuesBoundDefects());
});

qualifyTest({ clauses: ['REQ-BOUND-ARRAY'], title: 'refuses an array of more than 256 entries, and admits nothing' }, async (context) => {
  await refusesEachVariant(context, arrayBoundDefects());
});

qualifyTest({ clauses: ['REQ-BOUND-OBJECT'], title: 'refuses an object of more than 64 entries, and admits nothing' }, async (context) => {
  await refusesEachVariant(context, objectBoundDefects());
});

qualifyTest({ clauses: ['REQ-BOUND-KEY'], title: 'refuses an object key of more than 256 UTF-8 bytes, and admits nothing' }, async (context) => {
  await refusesEachVariant(context, keyBoundDefects());
});

qualifyTest({ clauses: ['REQ-BOUND-FINITE'], title: 'refuses non-finite numbers (1e400), and admits nothing' }, async (context) => {
  await refusesEachVariant(context, finiteBoundDefects());
});

qualifyTest(
  {
    clauses: ['REQ-BOUND-BYTES'],
    alsoDecides: ['REQ-BOUND-REQUEST'],
    title: 'refuses a payload over 1,048,576 string+key or canonical bytes (so also over REQ-BOUND-REQUEST), and admits nothing',
  },
  async (context) => {
    await refusesEachVariant(context, bytesBoundDefects());
  },
);

qualifyTest({ clauses: ['REQ-BOUND-REQUEST'], title: 'refuses a request over 1,048,576 bytes whose payload is within bounds, and admits nothing' }, async (context) => {
  await refusesEachVariant(context, requestBoundDefects());
});

qualifyTest({ clauses: ['REQ-AUTHORITY'], title: 'refuses a binding for another authority, and admits nothing' }, async (context) => {
  await refusesAll(context, foreignAuthorityDefect());
});

qualifyTest({ clauses: ['REQ-BOUNDARY-ACCEPT'], title: 'admits well-formed requests sitting exactly on every bound' }, async (context) => {
  const { options, recorder } = context;
  if (options.payload.kind !== 'any-json') {
    recorder.skip('REQ-BOUNDARY-ACCEPT', `applies only to adapters that admit any bounded JSON payload (--payload any-json); this run submits ${options.payload.kind} payloads`);
    return;
  }
  const numRuns = runsPerVariant(context);
  for (const arbitrary of boundaryCases()) {
    await context.property({
      arbitrary,
      describe: (found) => found.describe(),
      run: (found) => runBoundaryCase(context, found),
      numRuns,
    });
  }
});
