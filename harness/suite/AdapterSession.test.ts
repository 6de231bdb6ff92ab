import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { dir } from 'tmp-promise';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runOptionsOf } from '../__test-helpers__/validRunInputs.js';
import { bindingFor } from '../protocol/requests.js';
import { TranscriptWriter } from '../transcript/TranscriptWriter.js';
import type { CallRecord } from '../transport/callRecord.js';
import type { OperationCall, OperationTransport, TransportResult } from '../transport/OperationTransport.js';
import { violation } from '../violation.js';
import { AdapterSession } from './AdapterSession.js';
import { AdmissionBudget, BUDGET_SPENT, NEVER_ADMITTED, STOPPED_ANSWERING, UNRESPONSIVE_AFTER_TIMEOUTS, UnresponsiveBreaker } from './callPacing.js';
import { EvidenceRecorder } from './EvidenceRecorder.js';
import { callRecordOf } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { buildReport } from '../../reports/buildReport.js';
import { reportInput } from '../../reports/__test-helpers__/reportFixtures.js';
import type { Binding } from '../protocol/types.js';

let work: { path: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  work = await dir({ unsafeCleanup: true });
});
afterEach(async () => {
  await work.cleanup();
});

function recordFor(input: OperationCall, stdout: string): CallRecord {
  return callRecordOf({
    callId: 'c1',
    action: input.action,
    argv: ['sdk:/m.js', input.action],
    requestText: input.requestText,
    startedAt: 1,
    endedAt: 2,
    stdout,
    stdoutBytes: stdout.length,
  });
}

/** A transport that answers `unknown` for the binding and reports what `checks` says about each call. */
class FakeTransport implements OperationTransport {
  readonly kind = 'sdk' as const;
  readonly acceptsRawText = false;
  readonly calls: OperationCall[] = [];
  constructor(readonly checks: Omit<TransportResult, 'record'>) {}
  async call(input: OperationCall): Promise<TransportResult> {
    this.calls.push(input);
    const binding = input.request?.binding;
    const outcome = { contract: 'algal.coding-operation.v1', ...binding, revision: 0, state: 'unknown', reason: 'missing' };
    return { record: recordFor(input, JSON.stringify(outcome)), ...this.checks };
  }
}

/** A transport that answers every call with `answer(binding)` as stdout, exit 0. */
class AnsweringTransport implements OperationTransport {
  readonly kind = 'sdk' as const;
  readonly acceptsRawText = false;
  constructor(readonly answer: (binding: Binding) => unknown) {}
  async call(input: OperationCall): Promise<TransportResult> {
    return { record: recordFor(input, JSON.stringify(this.answer(input.request?.binding as Binding))), checked: [], violations: [] };
  }
}

function sessionWith(transport: OperationTransport, maxSubmits: number | null = null) {
  const recorder = new EvidenceRecorder('SDK-NO-MUTATION: t', ['SDK-NO-MUTATION']);
  const options = runOptionsOf({ subject: { kind: 'sdk', modulePath: '/m.js', authorityId: 'ledger-b2' } });
  const session = new AdapterSession({
    options,
    transport,
    recorder,
    testName: 'SDK-NO-MUTATION: t',
    transcript: new TranscriptWriter(work.path),
    breaker: new UnresponsiveBreaker(work.path),
    budget: new AdmissionBudget(work.path, maxSubmits),
    terminals: null,
  });
  return { session, recorder };
}

const evidence = (recorder: EvidenceRecorder, id: string) => recorder.meta().evidence.find((entry) => entry.clauseId === id);

describe('AdapterSession over an OperationTransport', () => {
  it('refuses a submit past --max-submits without a call, and from then on gives the budget as the reason a case saw no admission', async () => {
    const transport = new FakeTransport({ checked: [], violations: [] });
    const { session } = sessionWith(transport, 1);
    const binding = bindingFor({ operationId: 'op-1', authorityId: 'ledger-b2', payload: {} });
    expect(session.submitBudgetSpent()).toBe(false);
    expect((await session.submit(binding, {})).kind).toBe('outcome');
    expect(session.submitBudgetSpent()).toBe(false);
    expect(session.noAdmissionReason()).toBe(NEVER_ADMITTED);
    expect(await session.submit(binding, {})).toEqual({ kind: 'uncertain', reason: BUDGET_SPENT, record: null });
    expect(session.submitBudgetSpent()).toBe(true);
    // A case left without an admission now names the suite's budget, not the adapter.
    expect(session.noAdmissionReason()).toBe(BUDGET_SPENT);
    // Observes are not submits: they still run.
    expect((await session.observe(binding)).kind).toBe('outcome');
    expect(transport.calls.map((call) => call.action)).toEqual(['submit', 'observe']);
  });

  it('names the host deadline as the reason a case saw no admission when its calls timed out', async () => {
    const timingOut: OperationTransport = {
      kind: 'sdk',
      acceptsRawText: false,
      call: async (input) => ({ record: { ...recordFor(input, ''), timedOut: true, uncertainty: 'timeout', exitCode: null }, checked: [], violations: [] }),
    };
    const { session } = sessionWith(timingOut);
    session.startCase();
    await session.submit(bindingFor({ operationId: 'op-1', authorityId: 'ledger-b2', payload: {} }), {});
    expect(session.noAdmissionReason()).toMatch(new RegExp(`^${NEVER_ADMITTED}: 1 of the case's 1 calls ran past the host deadline \\(--timeout-ms [0-9]+\\)`));
    // A new case forgets the timed-out call: nothing cut its calls short.
    session.startCase();
    expect(session.noAdmissionReason()).toBe(NEVER_ADMITTED);
  });

  it('gives the adapter having stopped answering as the reason a case saw no admission, once its calls are skipped', async () => {
    const transport = new FakeTransport({ checked: [], violations: [] });
    const { session } = sessionWith(transport);
    const binding = bindingFor({ operationId: 'op-1', authorityId: 'ledger-b2', payload: {} });
    const breaker = new UnresponsiveBreaker(work.path);
    for (let index = 0; index < UNRESPONSIVE_AFTER_TIMEOUTS; index += 1) breaker.record({ timedOut: true, startedAt: 10 * index, endedAt: 10 * index + 5 });
    expect(await session.submit(binding, {})).toEqual({ kind: 'uncertain', reason: STOPPED_ANSWERING, record: null });
    expect(session.noAdmissionReason()).toBe(STOPPED_ANSWERING);
    expect(transport.calls).toEqual([]);
  });

  it('hands the transport the structured request with its canonical text, and takes the authority from the SDK subject', async () => {
    const transport = new FakeTransport({ checked: [], violations: [] });
    const { session } = sessionWith(transport);
    expect(session.authorityId).toBe('ledger-b2');
    const binding = bindingFor({ operationId: 'op-1', authorityId: session.authorityId, payload: 1 });
    const exchange = await session.observe(binding);
    expect(exchange.kind).toBe('outcome');
    expect(transport.calls[0]).toEqual({ action: 'observe', request: expect.objectContaining({ binding }), requestText: expect.stringContaining('"action":"observe"') });
    const transcript = readdirSync(join(work.path, 'transcript'))
      .map((file) => readFileSync(join(work.path, 'transcript', file), 'utf8'))
      .join('');
    expect(transcript).toContain('sdk:/m.js');
  });

  it('counts the clauses the transport checked and records its violations with the call', async () => {
    const clean = sessionWith(new FakeTransport({ checked: ['SDK-SHAPE', 'SDK-NO-MUTATION'], violations: [] }));
    await clean.session.observe(bindingFor({ operationId: 'op-1', authorityId: 'ledger-b2', payload: 1 }));
    expect(evidence(clean.recorder, 'SDK-NO-MUTATION')).toMatchObject({ cases: 1, violations: [] });

    const broken = sessionWith(new FakeTransport({ checked: ['SDK-NO-MUTATION'], violations: [violation('SDK-NO-MUTATION', 'changed at /payload/a')] }));
    await broken.session.observe(bindingFor({ operationId: 'op-2', authorityId: 'ledger-b2', payload: 1 }));
    expect(broken.recorder.violatedClauses()).toEqual(['SDK-NO-MUTATION']);
    expect(evidence(broken.recorder, 'SDK-NO-MUTATION')?.violations[0]).toMatchObject({
      message: 'changed at /payload/a',
      counterexample: { calls: [expect.objectContaining({ action: 'observe' })] },
    });
  });

  it("never counts a case for a clause whose field the answer left out: the issue's {state, operationId, authorityId} adapter is INCONCLUSIVE there, FAIL at OUT-CLOSED naming every missing field", async () => {
    const transport = new AnsweringTransport((binding) => ({ state: 'unknown', operationId: binding.operationId, authorityId: binding.authorityId }));
    const { session, recorder } = sessionWith(transport);
    for (const operationId of ['op-1', 'op-2', 'op-3']) {
      const binding = bindingFor({ operationId, authorityId: 'ledger-b2', payload: { n: operationId } });
      await session.observe(binding);
      await session.submit(binding, { n: operationId });
    }
    for (const id of ['OUT-CONTRACT', 'OUT-BINDING', 'OUT-REVISION', 'OUT-UNKNOWN-REASON', 'OUT-EXIT']) {
      expect(evidence(recorder, id), id).toMatchObject({ cases: 0, violations: [], inconclusive: expect.any(String) });
    }
    expect(evidence(recorder, 'OUT-STATE')).toMatchObject({ cases: 6 });
    const report = buildReport(reportInput({ metas: [recorder.meta()] }));
    const verdict = (id: string) => report.clauses.find((entry) => entry.id === id);
    for (const id of ['OUT-CONTRACT', 'OUT-BINDING', 'OUT-REVISION', 'OUT-UNKNOWN-REASON']) {
      expect(verdict(id), id).toMatchObject({ verdict: 'INCONCLUSIVE', cases: 0, reason: expect.stringMatching(/^the field never appeared/) });
    }
    expect(verdict('OUT-BINDING')?.reason).toContain('"requestDigest"');
    expect(verdict('OUT-UNKNOWN-REASON')?.reason).toContain('"reason"');
    expect(verdict('OUT-CLOSED')).toMatchObject({ verdict: 'FAIL', reason: 'outcome has no contract, requestDigest, revision, reason' });
  });

  it('counts a clause once an answer carries its field, whatever answers lacked it before', async () => {
    let calls = 0;
    const transport = new AnsweringTransport((binding) => {
      calls += 1;
      const outcome = { contract: 'algal.coding-operation.v1', ...binding, revision: 0, state: 'unknown', reason: 'missing' };
      return calls === 1 ? { ...outcome, contract: undefined } : outcome;
    });
    const { session, recorder } = sessionWith(transport);
    const binding = bindingFor({ operationId: 'op-1', authorityId: 'ledger-b2', payload: 1 });
    await session.observe(binding);
    await session.observe(binding);
    const report = buildReport(reportInput({ metas: [recorder.meta()] }));
    expect(report.clauses.find((entry) => entry.id === 'OUT-CONTRACT')).toMatchObject({ verdict: 'PASS', cases: 1 });
    expect(report.clauses.find((entry) => entry.id === 'OUT-CLOSED')).toMatchObject({ verdict: 'FAIL', reason: 'outcome has no contract' });
  });

  it('says why OUT clauses had no case when every well-formed call was refused by a nonzero exit', async () => {
    const refusing: OperationTransport = {
      kind: 'sdk',
      acceptsRawText: false,
      call: async (input) => ({ record: { ...recordFor(input, ''), exitCode: 1, uncertainty: 'nonzero-exit' }, checked: [], violations: [] }),
    };
    const { session, recorder } = sessionWith(refusing);
    await session.observe(bindingFor({ operationId: 'op-1', authorityId: 'ledger-b2', payload: 1 }));
    const report = buildReport(reportInput({ metas: [recorder.meta()] }));
    for (const id of ['OUT-JSON', 'OUT-CLOSED', 'OUT-EXIT']) {
      expect(
        report.clauses.find((entry) => entry.id === id),
        id,
      ).toMatchObject({ verdict: 'INCONCLUSIVE', cases: 0, reason: expect.stringMatching(/was a refusal \(nonzero-exit/) });
    }
  });
});
