import * as fc from 'fast-check';
import { actionArgvDefect } from '../generators/actionArgvDefect.js';
import { actionValueDefect } from '../generators/actionValueDefect.js';
import { arrayBoundDefects } from '../generators/arrayBoundDefects.js';
import { bindingShapeDefect, bindingShapeExamples } from '../generators/bindingShapeDefect.js';
import type { BoundaryCase } from '../generators/BoundaryCase.js';
import { boundaryCases } from '../generators/boundaryCases.js';
import { bytesBoundDefects } from '../generators/bytesBoundDefects.js';
import { contractDefect, contractExamples } from '../generators/contractDefect.js';
import { depthBoundDefects } from '../generators/depthBoundDefects.js';
import { digestFormatDefect, digestFormatExamples } from '../generators/digestFormatDefect.js';
import { finiteBoundDefects } from '../generators/finiteBoundDefects.js';
import { foreignAuthorityDefect } from '../generators/foreignAuthorityDefect.js';
import { identityDefect, identityExamples } from '../generators/identityDefect.js';
import { keyBoundDefects } from '../generators/keyBoundDefects.js';
import { missingFieldDefect, missingFieldExamples } from '../generators/missingFieldDefect.js';
import { objectBoundDefects } from '../generators/objectBoundDefects.js';
import { observeWithPayloadDefect } from '../generators/observeWithPayloadDefect.js';
import { payload } from '../generators/payload.js';
import { payloadDigestDefect } from '../generators/payloadDigestDefect.js';
import { requestBoundDefects } from '../generators/requestBoundDefects.js';
import type { DefectBase, RequestDefect } from '../generators/RequestDefect.js';
import { submitWithoutPayloadDefect } from '../generators/submitWithoutPayloadDefect.js';
import { unknownFieldDefect, unknownFieldExamples } from '../generators/unknownFieldDefect.js';
import { valuesBoundDefects } from '../generators/valuesBoundDefects.js';
import type { ClauseId } from '../harness/clauses.js';
import { bindingFor } from '../harness/protocol/bindingFor.js';
import type { JsonValue } from '../harness/protocol/canonicalJson.js';
import type { CaseResult } from '../harness/suite/checkProperty.js';
import { admissionOf, describeExchange, observeInventsAdmissions, PHANTOM_ADMISSIONS } from '../harness/suite/exchangeHelpers.js';
import { judgeMalformedAnswer } from '../harness/suite/judgeMalformedAnswer.js';
import type { QualifyTestContext } from '../harness/suite/qualifyTest.js';
import { qualifyTest } from '../harness/suite/qualifyTest.js';
import { STOPPED_ANSWERING } from '../harness/suite/UnresponsiveBreaker.js';
import type { CallRecord } from '../harness/transport/callRecord.js';
import { violation } from '../harness/violation.js';

// Request validation (coding-operation-v1.md §4). Each case sends one malformed
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
async function refusesAll(context: QualifyTestContext, defects: fc.Arbitrary<RequestDefect>, clauses: readonly ClauseId[], mustTry: readonly RequestDefect[] = []): Promise<void> {
  const admitted: AdmittedBases = new Map();
  const payloads = payload(context.options.payload);
  // A fixed payload of the run's family, so must-try cases on admitted bindings use one the adapter admits.
  const [examplePayload = null] = fc.sample(payloads, { seed: 0, numRuns: 1 });
  await context.property({
    clauses,
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
async function refusesEachVariant(context: QualifyTestContext, variants: readonly fc.Arbitrary<RequestDefect>[], clauses: readonly ClauseId[]): Promise<void> {
  const numRuns = runsPerVariant(context);
  const admitted: AdmittedBases = new Map();
  for (const variant of variants) {
    await context.property({
      clauses,
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

  const answer = judgeMalformedAnswer(record);
  const details = { argvAction: defect.argvAction, target: defect.target, exitCode: record.exitCode, signal: record.signal };
  switch (answer.kind) {
    case 'uncertain':
      return { verdict: 'undecided', reason: `the malformed request's call was uncertain (${answer.reason})` };
    case 'admission':
      return {
        verdict: 'violated',
        violations: defect.blame.map((clauseId) =>
          violation(clauseId, `admitted a malformed request: answered state "${answer.state}" (${exitText(record)})`, { details }),
        ),
      };
    case 'not-refused':
      return {
        verdict: 'violated',
        violations: defect.blame.map((clauseId) =>
          violation(clauseId, 'did not refuse a malformed request: exit code 0 without an unknown outcome', { details: { ...details, stdoutBytes: record.stdoutBytes } }),
        ),
      };
    case 'refused':
      break;
  }
  // On an admitted binding the follow-up would show the earlier, legitimate admission.
  if (defect.target === 'admitted') return { verdict: 'held' };
  for (const followUp of built.followUps) {
    const exchange = await session.observe(followUp);
    if (exchange.kind === 'uncertain') return { verdict: 'undecided', reason: `the follow-up observe was uncertain (${exchange.reason})` };
    if (admissionOf(exchange) !== null) {
      const control = bindingFor({ operationId: context.ids.fresh('control'), authorityId: session.authorityId, payload: value.payload });
      if (await observeInventsAdmissions(session, control)) return { verdict: 'undecided', reason: PHANTOM_ADMISSIONS };
      return {
        verdict: 'violated',
        violations: defect.blame.map((clauseId) =>
          violation(clauseId, `admitted by the refused request: a later observe of ${followUp.operationId} answered ${describeExchange(exchange)}`, {
            details: { ...details, followUp: { ...followUp } },
          }),
        ),
      };
    }
  }
  return { verdict: 'held' };
}

function exitText(record: CallRecord): string {
  return record.signal !== null ? `killed by ${record.signal}` : `exit code ${String(record.exitCode)}`;
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
  if (admissionOf(exchange) !== null) return { verdict: 'held' };
  const refused = exchange.kind === 'outcome' || exchange.record?.uncertainty === 'nonzero-exit' || exchange.record?.uncertainty === 'killed-by-signal';
  if (!refused) return { verdict: 'undecided', reason: `the submit on the bound answered ${describeExchange(exchange)}` };
  const control = bindingFor({ operationId: ids.fresh('control'), authorityId: session.authorityId, payload: null });
  const controlExchange = await session.submit(control, null);
  if (admissionOf(controlExchange) === null) {
    return { verdict: 'undecided', reason: `the adapter refused a request on the bound, but also the control submit of payload null (${describeExchange(controlExchange)})` };
  }
  return {
    verdict: 'violated',
    violations: [
      violation('REQ-BOUNDARY-ACCEPT', `refused a request sitting exactly on the ${found.bound} bound: answered ${describeExchange(exchange)}`, {
        details: { bound: found.bound },
      }),
    ],
  };
}

qualifyTest('REQ-ACTION-ARGV: refuses a request whose JSON action differs from the argv action, and admits nothing', async (context) => {
  await refusesAll(context, actionArgvDefect(), ['REQ-ACTION-ARGV']);
});

qualifyTest('REQ-CONTRACT: refuses any other contract value, and admits nothing', async (context) => {
  await refusesAll(context, contractDefect(), ['REQ-CONTRACT'], contractExamples());
});

qualifyTest('REQ-ACTION-VALUE: refuses an action other than submit/observe, and admits nothing', async (context) => {
  await refusesAll(context, actionValueDefect(), ['REQ-ACTION-VALUE']);
});

qualifyTest('REQ-CLOSED: refuses unknown top-level fields, and admits nothing', async (context) => {
  await refusesAll(context, unknownFieldDefect(), ['REQ-CLOSED'], unknownFieldExamples());
});

qualifyTest('REQ-REQUIRED: refuses a request missing contract, action or binding, and admits nothing', async (context) => {
  await refusesAll(context, missingFieldDefect(), ['REQ-REQUIRED'], missingFieldExamples());
});

qualifyTest('REQ-BINDING-CLOSED: refuses a binding with a missing or extra field, and admits nothing', async (context) => {
  await refusesAll(context, bindingShapeDefect(), ['REQ-BINDING-CLOSED'], bindingShapeExamples());
});

qualifyTest('REQ-IDENTITY: refuses an operationId/authorityId that is not an identity, and admits nothing (not even a normalized one)', async (context) => {
  await refusesAll(context, identityDefect(), ['REQ-IDENTITY'], identityExamples());
});

qualifyTest('REQ-DIGEST-FORMAT: refuses a requestDigest that is not a digest (uppercase hex included), and admits nothing', async (context) => {
  await refusesAll(context, digestFormatDefect(), ['REQ-DIGEST-FORMAT'], digestFormatExamples());
});

qualifyTest('REQ-SUBMIT-PAYLOAD: refuses a submit without payload, and admits nothing', async (context) => {
  await refusesAll(context, submitWithoutPayloadDefect(), ['REQ-SUBMIT-PAYLOAD']);
});

qualifyTest('REQ-OBSERVE-NO-PAYLOAD: refuses an observe carrying a payload, and admits nothing', async (context) => {
  await refusesAll(context, observeWithPayloadDefect(), ['REQ-OBSERVE-NO-PAYLOAD']);
});

qualifyTest('REQ-PAYLOAD-DIGEST: refuses a submit whose payload does not have the requestDigest, and admits nothing', async (context) => {
  await refusesAll(context, payloadDigestDefect({ payload: payload(context.options.payload) }), ['REQ-PAYLOAD-DIGEST']);
});

qualifyTest('REQ-BOUND-DEPTH: refuses a payload deeper than 16, and admits nothing', async (context) => {
  await refusesEachVariant(context, depthBoundDefects(), ['REQ-BOUND-DEPTH']);
});

qualifyTest('REQ-BOUND-VALUES: refuses a payload of more than 16,384 values, and admits nothing', async (context) => {
  await refusesEachVariant(context, valuesBoundDefects(), ['REQ-BOUND-VALUES']);
});

qualifyTest('REQ-BOUND-ARRAY: refuses an array of more than 256 entries, and admits nothing', async (context) => {
  await refusesEachVariant(context, arrayBoundDefects(), ['REQ-BOUND-ARRAY']);
});

qualifyTest('REQ-BOUND-OBJECT: refuses an object of more than 64 entries, and admits nothing', async (context) => {
  await refusesEachVariant(context, objectBoundDefects(), ['REQ-BOUND-OBJECT']);
});

qualifyTest('REQ-BOUND-KEY: refuses an object key of more than 256 UTF-8 bytes, and admits nothing', async (context) => {
  await refusesEachVariant(context, keyBoundDefects(), ['REQ-BOUND-KEY']);
});

qualifyTest('REQ-BOUND-FINITE: refuses non-finite numbers (1e400), and admits nothing', async (context) => {
  await refusesEachVariant(context, finiteBoundDefects(), ['REQ-BOUND-FINITE']);
});

qualifyTest('REQ-BOUND-BYTES: refuses a payload over 1,048,576 string+key or canonical bytes (so also over REQ-BOUND-REQUEST), and admits nothing', async (context) => {
  await refusesEachVariant(context, bytesBoundDefects(), ['REQ-BOUND-BYTES', 'REQ-BOUND-REQUEST']);
});

qualifyTest('REQ-BOUND-REQUEST: refuses a request over 1,048,576 bytes whose payload is within bounds, and admits nothing', async (context) => {
  await refusesEachVariant(context, requestBoundDefects(), ['REQ-BOUND-REQUEST']);
});

qualifyTest('REQ-AUTHORITY: refuses a binding for another authority, and admits nothing', async (context) => {
  await refusesAll(context, foreignAuthorityDefect(), ['REQ-AUTHORITY']);
});

qualifyTest('REQ-BOUNDARY-ACCEPT: admits well-formed requests sitting exactly on every bound', async (context) => {
  const { options, recorder } = context;
  if (options.payload.kind !== 'any-json') {
    recorder.skip('REQ-BOUNDARY-ACCEPT', `applies only to adapters that admit any bounded JSON payload (--payload any-json); this run submits ${options.payload.kind} payloads`);
    return;
  }
  const numRuns = runsPerVariant(context);
  for (const arbitrary of boundaryCases()) {
    await context.property({
      clauses: ['REQ-BOUNDARY-ACCEPT'],
      arbitrary,
      describe: (found) => found.describe(),
      run: (found) => runBoundaryCase(context, found),
      numRuns,
    });
  }
});
