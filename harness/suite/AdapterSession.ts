import { type NormalizedRunOptions, subjectAuthorityId } from '../options/runOptions.js';
import type { Binding, CodingOperationRequest, Action } from '../protocol/types.js';
import { canonicalJson, type JsonValue } from '../protocol/canonicalJson.js';
import type { CallRecord } from '../transport/callRecord.js';
import { violation, type Violation } from '../violation.js';
import type { OperationCall, OperationTransport, TransportResult } from '../transport/OperationTransport.js';
import { runFaultedCall, type FaultedCall, type FaultPlan } from '../faults/runFaultedCall.js';
import { recordDurableSteps } from '../faults/traceSession.js';
import type { StepTracer } from '../faults/stepTracer.js';
import type { DurableStep } from '../faults/durableSteps.js';
import { CommandTransport } from '../transport/runAdapterCall.js';
import { classifyCall, type CallEvidence } from '../judge/callEvidence.js';
import { submitRequest, observeRequest } from '../protocol/requests.js';
import { callExcerpt } from './callExcerpt.js';
import { outClausesFor, outClausesOfAnswer } from './exercisedClauses.js';
import { judgeStderrBound } from '../judge/judgeStderrBound.js';
import { judgeUniqueKeys } from '../protocol/checkUniqueKeys.js';
import type { EvidenceRecorder } from './EvidenceRecorder.js';
import type { TranscriptWriter } from '../transcript/TranscriptWriter.js';
import { BUDGET_SPENT, NEVER_ADMITTED, STOPPED_ANSWERING, type AdmissionBudget, type CallPace, type UnresponsiveBreaker } from './callPacing.js';
import type { TerminalEvidenceLog } from './TerminalEvidenceLog.js';
import type { Exchange } from '../model/exchange.js';

/** Why an OUT clause had no case when every well-formed call was refused (said only where no answer tested it). */
const REFUSALS_ONLY = 'every answer to a well-formed request was a refusal (nonzero-exit, no outcome on stdout): there was no outcome to judge';

/** What a session needs; built once per worker and test by `qualifyTest`. */
export interface AdapterSessionDeps {
  readonly options: NormalizedRunOptions;
  /** How calls reach the subject: a `CommandTransport` or an `SdkTransport`, chosen once per worker. */
  readonly transport: OperationTransport;
  readonly transcript: TranscriptWriter;
  readonly breaker: UnresponsiveBreaker;
  readonly budget: AdmissionBudget;
  readonly recorder: EvidenceRecorder;
  readonly testName: string;
  /** Where first terminal answers go, for the end-of-run re-observation; null: not noted (that re-observation itself). */
  readonly terminals: TerminalEvidenceLog | null;
  /** Where the duration of each ordinary call goes (the property time limits follow it). @defaultValue not recorded */
  readonly pace?: CallPace;
}

/**
 * The suites' only door to the adapter. Every call is written to the
 * transcript; every answer to a well-formed request is checked against every
 * OUT clause it exercises, whichever suite made it. Calls made since the last
 * `startCase()` are kept so a failing case can show them.
 */
export class AdapterSession {
  readonly #deps: AdapterSessionDeps;
  #caseCalls: CallRecord[] = [];
  #signal: AbortSignal | undefined;
  #budgetSpent = false;

  constructor(deps: AdapterSessionDeps) {
    this.#deps = deps;
  }

  /** The configured authority (the binding every valid request carries). */
  get authorityId(): string {
    return subjectAuthorityId(this.#deps.options.subject);
  }

  /**
   * Forgets the calls of the previous case. A case given a signal is cancelled with it:
   * its calls in flight are killed (and recorded), and it starts no further process.
   * @param signal - aborts the case (a property's time limit ended it). @defaultValue none
   */
  startCase(signal?: AbortSignal): void {
    this.#caseCalls = [];
    this.#signal = signal;
  }

  /** The calls made since `startCase()`. */
  caseCalls(): readonly CallRecord[] {
    return this.#caseCalls;
  }

  /** Whether the adapter stopped answering (every further call is skipped). */
  unresponsive(): boolean {
    return this.#deps.breaker.tripped();
  }

  /**
   * Sends raw request text under an argv action. Returns null without starting
   * a process when the adapter has been declared unresponsive. Command
   * transports only: tests that send raw text are not applicable to SDK runs.
   * @throws TransportMismatchError on an SDK transport (a harness bug).
   */
  async send(action: Action, requestText: string): Promise<CallRecord | null> {
    return this.#call({ action, requestText, request: null });
  }

  /**
   * Sends raw request text with a fault injected (`runFaultedCall`), recorded
   * like `send`. The fault is the suite's doing, so it does not feed the
   * unresponsiveness breaker. A submit counts against `--max-submits` (the
   * suites fault only well-formed submits). Returns null without starting a
   * process when the adapter is unresponsive, when the budget is spent, or when
   * the transport cannot inject faults (only the command transport can).
   * @param timeoutMs - the host deadline of this call. @defaultValue `--timeout-ms`
   */
  async sendFaulted(action: Action, requestText: string, fault: FaultPlan, timeoutMs?: number): Promise<FaultedCall | null> {
    const { breaker, options, transport, transcript, testName } = this.#deps;
    if (breaker.tripped() || this.#signal?.aborted === true || !(transport instanceof CommandTransport)) return null;
    if (action === 'submit' && !this.#claimSubmit()) return null;
    const bounds = { timeoutMs: timeoutMs ?? options.timeoutMs, maxOutputBytes: options.maxOutputBytes, signal: this.#signal };
    const call = await runFaultedCall(transport.target, { action, requestText }, bounds, fault);
    this.#deps.recorder.countCall();
    transcript.append(call.record, testName);
    this.#caseCalls.push(call.record);
    this.#recordStderrBound(call.record);
    return call;
  }

  /**
   * Sends a well-formed request once under the step tracer and lists its
   * durable steps (`recordDurableSteps`), recorded like `send`; a submit counts
   * against `--max-submits`. Returns null when the adapter is unresponsive, the
   * budget is spent or the transport starts no process.
   * @param tracer - the step tracer
   */
  async traced(request: CodingOperationRequest, tracer: StepTracer): Promise<{ readonly exchange: Exchange; readonly steps: readonly DurableStep[] } | null> {
    const { breaker, options, transport, transcript, testName } = this.#deps;
    if (breaker.tripped() || !(transport instanceof CommandTransport)) return null;
    if (request.action === 'submit' && !this.#claimSubmit()) return null;
    const bounds = { timeoutMs: options.timeoutMs, maxOutputBytes: options.maxOutputBytes, signal: undefined };
    const { record, steps } = await recordDurableSteps(tracer, transport.target, { action: request.action, requestText: canonicalJson(request) }, bounds);
    transcript.append(record, testName);
    this.#caseCalls.push(record);
    return { exchange: exchangeOf(record, classifyCall(record, request.binding)), steps };
  }

  /**
   * Submits `payload` under `binding` (a well-formed request); counts against `--max-submits`.
   * @param timeoutMs - the host deadline of this call. @defaultValue `--timeout-ms`
   */
  async submit(binding: Binding, payload: JsonValue, timeoutMs?: number): Promise<Exchange> {
    if (!this.#claimSubmit()) return { kind: 'uncertain', reason: BUDGET_SPENT, record: null };
    return this.exchange(submitRequest(binding, payload), timeoutMs);
  }

  /** Whether a submit of this session was refused because `--max-submits` submits were made already (then every later one is). */
  submitBudgetSpent(): boolean {
    return this.#budgetSpent;
  }

  /**
   * Why this session now skips calls it is asked for, or null: the adapter stopped
   * answering (every call is skipped), or the `--max-submits` budget refused a submit
   * (every later submit is).
   */
  skipReason(): string | null {
    if (this.unresponsive()) return STOPPED_ANSWERING;
    return this.#budgetSpent ? BUDGET_SPENT : null;
  }

  /**
   * Why a case of this session saw no admission: the session skipping calls ({@link skipReason}),
   * the host deadline cutting the case's calls short, else the adapter.
   */
  noAdmissionReason(): string {
    const skipped = this.skipReason();
    if (skipped !== null) return skipped;
    const timedOut = this.#caseCalls.filter((call) => call.timedOut).length;
    if (timedOut === 0) return NEVER_ADMITTED;
    return `${NEVER_ADMITTED}: ${timedOut} of the case's ${this.#caseCalls.length} calls ran past the host deadline (--timeout-ms ${this.#deps.options.timeoutMs}); a slow adapter needs a longer one`;
  }

  #claimSubmit(): boolean {
    // The budget never refills, so once spent it stays spent.
    if (!this.#budgetSpent && !this.#deps.budget.claim()) this.#budgetSpent = true;
    return !this.#budgetSpent;
  }

  /**
   * Observes `binding` (a well-formed request).
   * @param timeoutMs - the host deadline of this call. @defaultValue `--timeout-ms`
   */
  async observe(binding: Binding, timeoutMs?: number): Promise<Exchange> {
    return this.exchange(observeRequest(binding), timeoutMs);
  }

  /**
   * Sends a well-formed request and checks the answer against the OUT clauses.
   * @param timeoutMs - the host deadline of this call. @defaultValue `--timeout-ms`
   */
  async exchange(request: CodingOperationRequest, timeoutMs?: number): Promise<Exchange> {
    const record = await this.#call({ action: request.action, requestText: canonicalJson(request), request }, timeoutMs);
    if (record === null) return { kind: 'uncertain', reason: this.#signal?.aborted === true ? 'the case was cancelled (its property ran out of time)' : STOPPED_ANSWERING, record: null };
    const evidence = classifyCall(record, request.binding);
    this.#recordOutClauses(record, evidence, request);
    if (evidence.kind === 'outcome' && evidence.outcome.state === 'terminal') {
      this.#deps.terminals?.note(request.binding, evidence.outcome, record, this.#deps.testName);
    }
    return exchangeOf(record, evidence);
  }

  async #call(input: OperationCall, timeoutMs?: number): Promise<CallRecord | null> {
    const { breaker, options, transport, transcript, testName } = this.#deps;
    if (breaker.tripped() || this.#signal?.aborted === true) return null;
    const result = await transport.call(input, { timeoutMs: timeoutMs ?? options.timeoutMs, maxOutputBytes: options.maxOutputBytes, signal: this.#signal });
    const { record } = result;
    this.#deps.recorder.countCall();
    breaker.record(record);
    this.#deps.pace?.record(record);
    transcript.append(record, testName);
    this.#caseCalls.push(record);
    this.#recordTransportChecks(result, input);
    if (transport instanceof CommandTransport) this.#recordStderrBound(record);
    return record;
  }

  // Every call that exits 0, whatever the suite asked, is judged against the host's stderr bound; its stdout is judged apart.
  #recordStderrBound(record: CallRecord): void {
    const { recorder, options, testName } = this.#deps;
    const { exercised, found } = judgeStderrBound(record);
    if (exercised) recorder.count('WIRE-STDERR-BOUND');
    if (found !== null) {
      recorder.fail(
        found,
        { description: `a call (${record.action}) that exited 0 with ${record.stderrBytes} bytes of stderr (test ${JSON.stringify(testName)})`, calls: [callExcerpt(record)] },
        { testName, seed: options.seed },
      );
    }
  }

  // The SDK transport checks SDK-SHAPE and SDK-NO-MUTATION (and OUT-JSON for a non-JSON value) on every call.
  #recordTransportChecks({ record, checked, violations }: TransportResult, input: OperationCall): void {
    const { recorder, options, testName } = this.#deps;
    for (const clauseId of checked) recorder.count(clauseId);
    for (const found of violations) {
      recorder.fail(
        found,
        { description: `the transport's own check of a ${input.action} call (test ${JSON.stringify(testName)})`, calls: [callExcerpt(record)] },
        { testName, seed: options.seed },
      );
    }
  }

  #recordOutClauses(record: CallRecord, evidence: CallEvidence, request: CodingOperationRequest): void {
    const { recorder, options } = this.#deps;
    let violations: readonly Violation[] = evidence.kind === 'outcome' ? [] : evidence.violations;
    if (record.uncertainty === 'output-overflow') {
      // An answer longer than the output bound cannot fit it, whatever it says (the host itself only sees uncertainty).
      recorder.count('OUT-SIZE');
      violations = [violation('OUT-SIZE', `stdout passed the output bound of ${options.maxOutputBytes} bytes`, { details: { stdoutBytes: record.stdoutBytes } })];
    } else if (record.uncertainty === null || (record.uncertainty === 'nonzero-exit' && violations.length > 0)) {
      // A valid outcome came with a nonzero exit only when OUT-EXIT is the one violation.
      const valid = evidence.kind === 'outcome' || record.uncertainty === 'nonzero-exit';
      const { tested, untested } = outClausesOfAnswer(record.stdout, valid);
      for (const clauseId of tested) recorder.count(clauseId);
      // Said only where no answer of the run tests the clause: a case elsewhere makes it PASS or FAIL.
      for (const { clauseId, reason } of untested) recorder.inconclusive(clauseId, reason);
      // A SHOULD clause beside the parser's: the parsed outcome stays evidence, as it does for the host.
      const uniqueKeys = judgeUniqueKeys(record.stdout);
      if (uniqueKeys.exercised) recorder.count('OUT-UNIQUE-KEYS');
      if (uniqueKeys.violation !== null) violations = [...violations, uniqueKeys.violation];
    } else {
      // A timeout, a signal or a plain refusal (nonzero exit, no outcome) exercised no OUT clause.
      if (record.uncertainty === 'nonzero-exit') for (const clauseId of outClausesFor('none')) recorder.inconclusive(clauseId, REFUSALS_ONLY);
      return;
    }
    for (const found of violations) {
      recorder.fail(
        found,
        {
          description: `answer to a well-formed ${request.action} of operation ${request.binding.operationId}`,
          calls: [callExcerpt(record)],
        },
        { testName: this.#deps.testName, seed: this.#deps.options.seed },
      );
    }
  }
}

function exchangeOf(record: CallRecord, evidence: ReturnType<typeof classifyCall>): Exchange {
  return evidence.kind === 'outcome' ? { kind: 'outcome', outcome: evidence.outcome, record } : { kind: 'uncertain', reason: evidence.reason, record };
}
