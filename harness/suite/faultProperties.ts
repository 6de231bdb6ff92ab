import * as fc from 'fast-check';
import type { ClauseId } from '../clauses.js';
import { runRestartStep } from '../lifecycle/runRestartStep.js';
import { bindingFor, submitRequest } from '../protocol/requests.js';
import { canonicalJson, type JsonValue } from '../protocol/canonicalJson.js';
import type { Binding } from '../protocol/types.js';
import type { AdapterSession } from './AdapterSession.js';
import { admissionOf, type Exchange } from '../model/exchange.js';
import { callExcerpt } from './callExcerpt.js';
import { deriveSeed, type PropertySpec } from './checkProperty.js';
import type { CaseResult } from '../model/caseResult.js';
import { noTerminalReason, pollUntilTerminal } from './exchangeHelpers.js';
import { judgeCrash, judgeRecovery, judgeRestarted, refusedWithoutFault, type StepAnswer } from './judgeCrashRecovery.js';
import { CONTROL_PAYLOAD } from './judgeRefusal.js';
import { findMarkedProcesses, reapMarkedProcesses, type MarkedProcess } from './markedProcesses.js';
import type { OperationIds } from '../model/OperationIds.js';
import type { QualifyTestContext, TestPropertySpec } from './qualifyTest.js';
import type { CallRecord } from '../transport/callRecord.js';
import type { FaultedCall } from '../faults/runFaultedCall.js';
import { violation, type Violation } from '../violation.js';
import { describePoint, faultPoints, type FaultKind, type FaultPoint, type RecordedSteps } from '../faults/faultPoints.js';
import { locateTracer, type SyscallTracer, type TracerStatus } from '../faults/strace.js';
import type { StepTracer } from '../faults/stepTracer.js';
import { tracedTimeoutMs } from '../faults/traceSession.js';
import type { PayloadFamily } from '../options/runOptions.js';

// The fault properties of suites/faults.suite.ts: crashes (SIGKILL), pauses (SIGSTOP past the
// host deadline), a declared restart step, and processes outliving settlement. Every case uses
// fresh operation IDs, so cases and concurrent tests never share state. Every
// process a suite file's calls left behind is killed before the file ends (FaultFile).
//
// Crashes and pauses are injected at syscalls where the adapter can be traced:
// one recording of each kind of submit lists its durable steps, and each step
// becomes a case (a kill before it runs, or a stop right after it). The step
// tracer records them, counts durable steps as they complete and acts at
// exactly the planned one, so no case depends on the machine's load. Without
// the step tracer (Python, ptrace) the suite falls back to signals at delays
// swept across a measured submit, and says so on the clause (`method: "timing"`).
// An adapter can see its tracer, so the traced crash and stop points are followed
// by a few untraced cases of that sweep; they only ever add a failure they saw.

const NO_FAULTS = 'fault injection and process accounting need adapter processes (the command transport); an SDK run starts none';
const NOT_LINUX = 'process accounting reads /proc/<pid>/environ, which this platform does not have (Linux only)';
const NO_RESTART = 'no restart step declared (--lifecycle FILE with a restart argv)';
/** Time after a call's end for its descendants' exits in progress to complete. */
const SETTLE_GRACE_MS = 300;
/** Host deadline of a paused submit: short, so the suite stays fast. */
const PAUSE_HOST_DEADLINE_MS = 1_000;
/** How long a paused submit stays stopped after its host deadline expired (an observe runs meanwhile). */
const PAUSE_PAST_DEADLINE_MS = 900;
/** Kill delays are drawn up to this multiple of a typical submit's duration. */
const KILL_SPAN = 1.2;
/**
 * The first kill is drawn from this multiple of a resubmit's duration (process
 * start-up and reading the request, nothing written yet) on, so it lands where
 * an admission writes however slow start-up is; the resubmit kills sweep start-up.
 */
const FIRST_KILL_FROM = 0.8;

/** Fewest crash cases a run sweeps, whatever `--runs` says. */
const MIN_CRASH_CASES = 8;
/** Untraced cases after the traced points of a fault clause (a few: they only ever add a failure they saw). */
const UNTRACED_CASES = 3;

/** A first submit's and a resubmit's typical durations (ms). */
interface SubmitDurations {
  readonly first: number;
  readonly again: number;
}

/**
 * What the fault tests of one suite file share: the markers of every call they ended (reaped
 * when the file ends, whatever happened), and the typical submit durations and the recorded
 * durable steps, each measured once per file by the first test that asks.
 */
export class FaultFile {
  readonly #payload: (family: PayloadFamily) => fc.Arbitrary<JsonValue>;
  readonly #endedCalls = new Set<string>();
  #typicalDurations: Promise<SubmitDurations | null> | undefined;
  #recordedSteps: Promise<Recording> | undefined;

  /** @param payload - the payloads the cases draw from, by the run's `--payload` family */
  constructor(payload: (family: PayloadFamily) => fc.Arbitrary<JsonValue>) {
    this.#payload = payload;
  }

  /** The payloads of the run's family. */
  payloads(family: PayloadFamily): fc.Arbitrary<JsonValue> {
    return this.#payload(family);
  }

  /** Remembers the markers of ended calls, so that {@link FaultFile.reapAll} kills what they left; returns them. */
  track(calls: readonly Pick<CallRecord, 'callId'>[]): Set<string> {
    const ids = new Set(calls.map((call) => call.callId));
    for (const id of ids) this.#endedCalls.add(id);
    return ids;
  }

  /** Kills every process left by a call the file's tests made (the end of the file). */
  reapAll(): void {
    reapMarkedProcesses(this.#endedCalls);
  }

  /** The typical durations, measured once per file (by the first test that asks). */
  typicalSubmitDurations(context: QualifyTestContext, testName: string): Promise<SubmitDurations | null> {
    this.#typicalDurations ??= measureSubmitDurations(this, context, testName);
    return this.#typicalDurations;
  }

  /** The steps of a first submit and of a resubmit, traced once per file (by the first test that asks). */
  stepsOf(context: QualifyTestContext, tracer: StepTracer): Promise<Recording> {
    this.#recordedSteps ??= recordSteps(this, context, tracer);
    return this.#recordedSteps;
  }
}

/** Why `sendFaulted` started no process. */
function notSent(session: AdapterSession): string {
  return session.skipReason() ?? NO_FAULTS;
}

function freshBinding(ids: OperationIds, session: AdapterSession, value: JsonValue, tag: string): Binding {
  return bindingFor({ operationId: ids.fresh(tag), authorityId: session.authorityId, payload: value });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * The payload a fault case injects its fault into: `value` when a submit of it under a fresh
 * operation, with no fault, is admitted (the control, as SEM-SUBMIT-ADMITS's); else the control
 * payload when that is admitted (a refusal of `value` is SEM-SUBMIT-ADMITS's to judge, not a
 * fault's); else the undecided case saying the request is refused without any fault.
 */
async function admittedWithoutFault(context: QualifyTestContext, value: JsonValue): Promise<{ readonly value: JsonValue } | { readonly undecided: CaseResult }> {
  const control = await controlSubmit(context, value);
  if (admissionOf(control) !== null) return { value };
  const fallback = canonicalJson(value) === canonicalJson(CONTROL_PAYLOAD) ? null : await controlSubmit(context, CONTROL_PAYLOAD);
  if (fallback !== null && admissionOf(fallback) !== null) return { value: CONTROL_PAYLOAD };
  return { undecided: refusedWithoutFault(control, fallback) };
}

/** A fault-free submit of `value` under a fresh operation; one that timed out is tried again under another (a timeout proves nothing). */
async function controlSubmit(context: QualifyTestContext, value: JsonValue): Promise<Exchange> {
  const { session, ids } = context;
  let answer = await session.submit(freshBinding(ids, session, value, 'fault-control'), value);
  for (let tries = 1; tries < OBSERVE_TRIES && answer.kind === 'uncertain' && answer.record?.timedOut === true; tries += 1) {
    answer = await session.submit(freshBinding(ids, session, value, 'fault-control'), value);
  }
  return answer;
}

/** Tries of a read-only observe after a fault that timed out: on a loaded machine a timeout proves nothing, so it is asked again. */
const OBSERVE_TRIES = 3;
/** A retried observe's deadline: this multiple of the subject's typical call, never below `--timeout-ms` (nor above the host's 600,000 ms). */
const RETRY_PACE_FACTOR = 20;

/**
 * Observes `binding` after a fault; an observe that timed out is asked again (it is read-only,
 * so asking again changes nothing), up to {@link OBSERVE_TRIES} tries, with a deadline the
 * subject's pace suggests. The answer says how long each try took when there was more than one.
 */
function observeAfterFault(context: QualifyTestContext, binding: Binding, step: string): Promise<StepAnswer> {
  return askAfterFault(context, step, (deadline) => context.session.observe(binding, deadline));
}

/**
 * Resubmits `binding` after a fault, asked again like an observe when it timed out: a resubmit of
 * one binding is answered from the ledger (SEM-SUBMIT-IDEMPOTENT), and the suite's kill of a
 * timed-out one is one more crash of a resubmit, which the crash clause covers anyway.
 */
function submitAfterFault(context: QualifyTestContext, binding: Binding, value: JsonValue, step: string): Promise<StepAnswer> {
  return askAfterFault(context, step, (deadline) => context.session.submit(binding, value, deadline));
}

async function askAfterFault(context: QualifyTestContext, step: string, call: (deadlineMs?: number) => Promise<Exchange>): Promise<StepAnswer> {
  const { options, services } = context;
  const tries: number[] = [];
  let exchange = await call();
  for (;;) {
    if (exchange.record !== null) tries.push(exchange.record.endedAt - exchange.record.startedAt);
    if (exchange.kind !== 'uncertain' || exchange.record?.timedOut !== true || tries.length >= OBSERVE_TRIES) break;
    exchange = await call(Math.min(600_000, Math.max(options.timeoutMs, RETRY_PACE_FACTOR * (services.pace.typicalMs() ?? 0))));
  }
  return tries.length > 1 ? { exchange, step, tries } : { exchange, step };
}

/** Whether the fault suite can run here; records the reason on the test's clauses when not. */
function faultsApplicable(context: QualifyTestContext): boolean {
  if (context.services.transport.kind === 'command') return true;
  for (const clauseId of context.clauses) context.recorder.skip(clauseId, NO_FAULTS);
  return false;
}

/** How faults are injected: as the run probed it, or (a run that did not) as this worker finds it. */
function runTracer(context: QualifyTestContext): Promise<TracerStatus> {
  const probed = context.services.provided.faultTracer;
  return probed === undefined ? locateTracer() : Promise.resolve(probed);
}

/**
 * Typical durations (ms) of a first submit and of a resubmit of an admitted
 * binding, so kill delays sweep the whole run of each (a torn write between
 * two halves of a record sits somewhere inside it).
 */
async function measureSubmitDurations(file: FaultFile, context: QualifyTestContext, testName: string): Promise<SubmitDurations | null> {
  const { session, ids, options } = context;
  // The control payload last: an adapter refusing the sampled payloads (without any fault) is still measured.
  const values = [...fc.sample(file.payloads(options.payload), { seed: deriveSeed(options.seed, `${testName}#measure`), numRuns: 3 }), CONTROL_PAYLOAD];
  const first: number[] = [];
  const again: number[] = [];
  for (const value of values) {
    if (value === CONTROL_PAYLOAD && first.length > 0) break;
    const binding = freshBinding(ids, session, value, 'measure');
    const admitted = await session.submit(binding, value);
    if (admissionOf(admitted) === null || admitted.record === null) continue;
    first.push(admitted.record.endedAt - admitted.record.startedAt);
    const repeated = await session.submit(binding, value);
    if (repeated.record !== null) again.push(repeated.record.endedAt - repeated.record.startedAt);
  }
  file.track(session.caseCalls());
  return first.length === 0 ? null : { first: median(first), again: again.length === 0 ? median(first) : median(again) };
}

/**
 * Kills left-behind processes of the case's calls; when one outlived a
 * terminal outcome of the case's operation by more than the grace, that is a
 * SEM-LOCAL-SETTLEMENT failure, recorded with the process.
 */
async function reapCase(file: FaultFile, context: QualifyTestContext, terminalSeen: boolean): Promise<void> {
  const { session, recorder, options } = context;
  const markers = file.track(session.caseCalls());
  if ((findMarkedProcesses(markers) ?? []).length === 0) return;
  await sleep(SETTLE_GRACE_MS);
  const killed = reapMarkedProcesses(markers);
  if (killed.length === 0 || !terminalSeen) return;
  recorder.fail(
    settlementViolation(killed),
    { description: 'processes left by the calls of a fault case, found when the case ended', calls: session.caseCalls().map(callExcerpt) },
    {
      testName: recorder.testName,
      seed: options.seed,
    },
  );
}

function settlementViolation(processes: readonly MarkedProcess[]): Violation {
  const shown = processes.slice(0, 5).map((marked) => `pid ${marked.pid} (${marked.cmdline || '?'})`);
  return violation(
    'SEM-LOCAL-SETTLEMENT',
    `${processes.length} process(es) started by calls for the operation were still running after its terminal outcome (killed by the suite): ${shown.join(', ')}`,
    { details: { processes: processes.map((marked) => ({ pid: marked.pid, callId: marked.callId, cmdline: marked.cmdline })) } },
  );
}

/**
 * SEM-CRASH-CONSISTENT: after a submit is killed (SIGKILL) at any point, every call gives valid evidence and one admission.
 * @param file - the fault tests' shared state of this suite file
 * @param context - the test's
 */
export async function killedAtAnyPoint(file: FaultFile, context: QualifyTestContext): Promise<void> {
  const { property, session, options, recorder } = context;
  if (!faultsApplicable(context)) return;
  const tracer = await runTracer(context);
  if (tracer.method === 'syscall') {
    const traced = await crashAtEveryStep(file, context, tracer);
    await untracedShare(file, context, traced, untracedCrashShare(file, context));
    return;
  }
  recorder.faultMethod('SEM-CRASH-CONSISTENT', { method: 'timing', detail: `${tracer.reason}; fell back to SIGKILL at delays swept across a measured submit` });
  const typical = await file.typicalSubmitDurations(context, recorder.testName);
  if (typical === null) {
    recorder.inconclusive('SEM-CRASH-CONSISTENT', session.noAdmissionReason());
    return;
  }
  await property({
    // A kill hits a torn-write window only by chance: a short --runs (self-check's 4) still sweeps at least 8 cases.
    numRuns: Math.max(options.runs, MIN_CRASH_CASES),
    minRuns: MIN_CRASH_CASES,
    ...timedCrashCases(file, context, typical),
  });
}

/** What the traced points of a fault clause found, for the method note its untraced share completes. */
interface TracedPoints {
  /** How the points were planned (the step tracer's detail). */
  readonly detail: string;
  /** Whether a traced case broke the clause. */
  readonly violated: boolean;
}

/** A fault clause's untraced share: its timing sweep's cases, and how the report names them. */
interface UntracedShareSpec<T> {
  readonly clauseId: ClauseId;
  /** The sweep, as the method note names it. */
  readonly sweep: string;
  /** How a violation the share found begins: the report names the method that found it. */
  readonly found: string;
  readonly cases: (typical: SubmitDurations) => Pick<TestPropertySpec<T>, 'arbitrary' | 'describe' | 'run'> & Partial<Pick<TestPropertySpec<T>, 'examples'>>;
}

/** SEM-CRASH-CONSISTENT's untraced share: SIGKILL at delays. */
function untracedCrashShare(file: FaultFile, context: QualifyTestContext): UntracedShareSpec<TimedCrash> {
  return {
    clauseId: 'SEM-CRASH-CONSISTENT',
    sweep: 'SIGKILL at delays swept across a measured submit',
    found: 'found by the untraced share (killed at a delay with no tracer attached, not at a traced step)',
    cases: (typical) => timedCrashCases(file, context, typical),
  };
}

/** SEM-UNCERTAIN-RECOVERY's untraced share: SIGSTOP at delays, past the host deadline. */
function untracedPauseShare(file: FaultFile, context: QualifyTestContext, hostDeadline: number): UntracedShareSpec<TimedPause> {
  return {
    clauseId: 'SEM-UNCERTAIN-RECOVERY',
    sweep: 'SIGSTOP at delays across a measured submit',
    found: 'found by the untraced share (stopped at a delay with no tracer attached, not at a traced step)',
    cases: (typical) => timedPauseCases(file, context, typical, hostDeadline),
  };
}

/**
 * After the traced points, a few cases of the clause's timing sweep without a
 * tracer attached: an adapter can see its tracer (`TracerPid` in
 * /proc/self/status) and behave only while traced. These cases only add a
 * failure they observed: a signal that missed every window proves nothing, so
 * they count no case and leave the traced points' verdict as it is.
 */
async function untracedShare<T>(file: FaultFile, context: QualifyTestContext, traced: TracedPoints, share: UntracedShareSpec<T>): Promise<void> {
  const { property, recorder } = context;
  const note = (said: string): void =>
    recorder.faultMethod(share.clauseId, {
      method: 'syscall',
      detail: `${traced.detail}; the traced points ${traced.violated ? 'found a violation' : 'found none'}; ${said}`,
    });
  const typical = await file.typicalSubmitDurations(context, recorder.testName);
  if (typical === null) {
    note('the untraced share did not run: no untraced submit was admitted to measure');
    return;
  }
  const cases = share.cases(typical);
  let violated = false;
  await property({
    // No clause: an untraced case that held or missed is no evidence; only a violation it observed is recorded.
    clauses: [],
    // Must-try examples come on top of numRuns: the share runs UNTRACED_CASES in all, its examples first.
    numRuns: Math.max(0, UNTRACED_CASES - (cases.examples?.length ?? 0)),
    // Where a timed signal lands decides the case: a smaller case may miss the window, so the failure is shown as found.
    shrink: false,
    arbitrary: cases.arbitrary,
    ...(cases.examples === undefined ? {} : { examples: cases.examples }),
    describe: (drawn) => `untraced share (no tracer attached): ${cases.describe(drawn)}`,
    run: async (drawn): Promise<CaseResult> => {
      const result = await cases.run(drawn);
      if (result.verdict !== 'violated') return result;
      violated = true;
      return { ...result, violations: result.violations.map((found) => ({ ...found, message: `${share.found}: ${found.message}` })) };
    },
  });
  note(`then ${UNTRACED_CASES} untraced cases (${share.sweep}, no tracer attached) ${violated ? 'found a violation the traced points did not show' : 'found none'}`);
}

/** A timed crash case: a payload, the first kill's per mille of its range, and one offset in each third of a resubmit's span. */
interface TimedCrash {
  readonly value: JsonValue;
  readonly first: number;
  readonly strata: readonly [number, number, number];
}

/**
 * The timing sweep's crash case, as the fallback and the untraced share draw and judge it: a fresh
 * binding's first submit and three resubmits, each SIGKILLed at a delay swept across a measured,
 * untraced submit, each followed by an observe and a submit; a final observe and submit.
 */
function timedCrashCases(file: FaultFile, context: QualifyTestContext, typical: SubmitDurations): Pick<TestPropertySpec<TimedCrash>, 'arbitrary' | 'describe' | 'run'> {
  const { session, ids, options } = context;
  // A kill delay must fall inside the call's deadline, however slow the measured submit was.
  const latest = options.timeoutMs - 1;
  // Per mille of KILL_SPAN × the typical duration. The first kill is drawn from FIRST_KILL_FROM × a resubmit's
  // duration to the span's end; the resubmit kills are stratified (one in each third of the span), so every case
  // sweeps a resubmit's whole run.
  const span = (fraction: number, duration: number): number => Math.min(latest, Math.round((fraction / 1_000) * KILL_SPAN * duration));
  const firstFrom = Math.min(Math.round(FIRST_KILL_FROM * Math.min(typical.again, typical.first)), span(1_000, typical.first));
  const firstKill = (fraction: number): number => firstFrom + Math.round((fraction / 1_000) * (span(1_000, typical.first) - firstFrom));
  const stratum = fc.noBias(fc.integer({ min: 0, max: 333 }));
  const resubmitDelays = (strata: readonly number[]): number[] => strata.map((offset, index) => span(index * 333 + offset, typical.again));
  return {
    arbitrary: fc.record({ value: file.payloads(options.payload), first: fc.noBias(fc.integer({ min: 0, max: 1_000 })), strata: fc.tuple(stratum, stratum, stratum) }),
    describe: ({ first, strata }) =>
      `kill the first submit of a fresh binding ${firstKill(first)} ms after spawn, ` +
      `then three times: observe, submit, kill a resubmit (${resubmitDelays(strata)
        .map((delay) => `${delay} ms`)
        .join(', ')}); then observe, submit`,
    run: async ({ value: drawn, first, strata }): Promise<CaseResult> => {
      const chosen = await admittedWithoutFault(context, drawn);
      if ('undecided' in chosen) return chosen.undecided;
      const value = chosen.value;
      const binding = freshBinding(ids, session, value, 'crash');
      const requestText = canonicalJson(submitRequest(binding, value));
      const delays = [firstKill(first), ...resubmitDelays(strata)];
      const after: StepAnswer[] = [];
      let hits = 0;
      for (const [index, delay] of delays.entries()) {
        const killed = await session.sendFaulted('submit', requestText, { kind: 'kill', afterMs: delay });
        if (killed === null) return { verdict: 'undecided', reason: notSent(session) };
        if (killed.faulted) hits += 1;
        const crash = `${index === 0 ? 'the first submit' : 'a resubmit'} killed ${delay} ms after spawn`;
        after.push(await observeAfterFault(context, binding, `observe after ${crash}`));
        after.push(await submitAfterFault(context, binding, value, `submit after ${crash}`));
      }
      after.push(await observeAfterFault(context, binding, 'final observe'));
      after.push(await submitAfterFault(context, binding, value, 'final submit'));
      const result = judgeCrash(after, hits, 'every submit had ended before its kill delay: no crash happened');
      await reapCase(
        file,
        context,
        after.some(({ exchange }) => exchange.kind === 'outcome' && exchange.outcome.state === 'terminal'),
      );
      return result;
    },
  };
}

/** The recorded steps, or why none were: the tests that share a recording did not all try to make it. */
type Recording = { readonly steps: RecordedSteps } | { readonly steps: null; readonly reason: string };

/**
 * Traces a resubmit of an admitted binding, then the first submit of another
 * fresh one: by then the ledger is set up (an adapter's very first call may
 * create directories no later call creates), as it is for every fault case.
 */
async function recordSteps(file: FaultFile, context: QualifyTestContext, tracer: StepTracer): Promise<Recording> {
  const { session, ids, options } = context;
  // The control payload last: an adapter refusing the sampled payloads (without any fault) is still recorded.
  const values = [...fc.sample(file.payloads(options.payload), { seed: deriveSeed(options.seed, 'faults#trace'), numRuns: 2 * RECORD_ATTEMPTS }), CONTROL_PAYLOAD, CONTROL_PAYLOAD];
  // A submit that failed (an adapter that refuses under load) shows no admission's steps: a few fresh tries.
  for (let attempt = 0; attempt <= RECORD_ATTEMPTS; attempt += 1) {
    const [value, other] = values.slice(2 * attempt);
    if (value === undefined || other === undefined) break;
    const binding = freshBinding(ids, session, value, 'trace');
    const admitted = await session.submit(binding, value);
    const again = admissionOf(admitted) === null ? null : await session.traced(submitRequest(binding, value), tracer);
    const first = again === null ? null : await session.traced(submitRequest(freshBinding(ids, session, other, 'trace'), other), tracer);
    file.track(session.caseCalls());
    if (first !== null && again !== null && admissionOf(first.exchange) !== null) return { steps: { first: first.steps, again: again.steps } };
    if (session.unresponsive()) break;
  }
  return { steps: null, reason: session.noAdmissionReason() };
}

/** Tries at recording an admitting submit. */
const RECORD_ATTEMPTS = 3;

/** One case of a fault-point property: a payload, and the index of the point the fault lands on. */
interface PointCase {
  readonly value: JsonValue;
  readonly point: number;
}

/** A fault-point property's plan: its points, and how many cases of which kind it runs. */
interface PlannedPoints {
  /** The point of a case (the first one for an index out of range). */
  pointAt(index: number): FaultPoint;
  /** Notes a case's result at its point (a point some case decided is covered) and returns it. */
  settle(index: number, result: CaseResult): CaseResult;
  /**
   * Case counts, arbitrary and must-try examples (one per point) for the property, and its
   * coverage: a PASS needs every point decided by some case.
   */
  readonly cases: Pick<PropertySpec<PointCase>, 'numRuns' | 'minRuns' | 'arbitrary' | 'examples' | 'uncovered'>;
}

/** A fault-point property's plan, or null when there is none, and how its points were found (the method note's detail). */
interface FaultPlan {
  readonly detail: string;
  readonly planned: PlannedPoints | null;
}

/**
 * The fault points of this run, and payloads for them, or null (recorded
 * INCONCLUSIVE) when nothing was admitted. Each point is a must-try example,
 * run first; random cases (a random point, a random payload) follow up to
 * `--runs` cases in all, so a property runs as many cases as `--runs` says
 * or one per point, whichever is more. A property the time limit cuts short
 * passes only with at least as many decided cases as there are points
 * (`minRuns`), what one full enumeration decides: the random cases sample
 * payloads, not steps, which the examples already cover.
 */
async function pointsFor(file: FaultFile, context: QualifyTestContext, tracer: SyscallTracer, clauseId: ClauseId, fault: FaultKind): Promise<FaultPlan> {
  const { recorder, options } = context;
  const recording = await file.stepsOf(context, tracer.injector);
  if (recording.steps === null) {
    const detail = 'step tracer: no traced submit admitted, so no durable steps were recorded';
    recorder.faultMethod(clauseId, { method: 'syscall', detail });
    recorder.inconclusive(clauseId, recording.reason);
    return { detail, planned: null };
  }
  const { points, detail } = faultPoints(recording.steps, fault);
  recorder.faultMethod(clauseId, { method: 'syscall', detail });
  if (points.length === 0) {
    recorder.inconclusive(clauseId, 'the step tracer saw no durable step in a submit (no file write, sync, rename, link or answer on stdout)');
    return { detail, planned: null };
  }
  const values = fc.sample(file.payloads(options.payload), { seed: deriveSeed(options.seed, `${recorder.testName}#points`), numRuns: points.length });
  const decided = new Set<number>();
  const undecided = new Map<number, string>();
  const planned: PlannedPoints = {
    pointAt: (index) => points[index] ?? (points[0] as FaultPoint),
    settle: (index, result) => {
      if (result.verdict === 'undecided') undecided.set(index, result.reason);
      else decided.add(index);
      return result;
    },
    cases: {
      uncovered: () => {
        const open = points.flatMap((point, index) => (decided.has(index) ? [] : [`${describePoint(point)}: ${undecided.get(index) ?? 'not run'}`]));
        return open.length === 0 ? null : `${open.length} of ${points.length} fault points decided by no case: ${open.slice(0, 3).join('; ')}${open.length > 3 ? '; …' : ''}`;
      },
      numRuns: Math.max(0, options.runs - points.length),
      minRuns: points.length,
      arbitrary: fc.record({ value: file.payloads(options.payload), point: fc.integer({ min: 0, max: points.length - 1 }) }),
      examples: points.map((_, point) => ({ value: values[point] ?? null, point })),
    },
  };
  return { detail, planned };
}

/** One case per recorded durable step: the submit killed once the steps before it ran, so it never runs. */
async function crashAtEveryStep(file: FaultFile, context: QualifyTestContext, tracer: SyscallTracer): Promise<TracedPoints> {
  const { property } = context;
  const { detail, planned } = await pointsFor(file, context, tracer, 'SEM-CRASH-CONSISTENT', 'crash');
  if (planned === null) return { detail, violated: false };
  const { pointAt, settle, cases } = planned;
  let violated = false;
  await property({
    ...cases,
    describe: ({ point }) =>
      `${pointAt(point).call === 'again' ? 'submit a fresh binding, then kill a resubmit' : 'kill the first submit of a fresh binding'} ` +
      `(SIGKILL by the step tracer) before ${describePoint(pointAt(point))}; then observe, submit, observe, submit`,
    run: async ({ value, point }): Promise<CaseResult> => {
      const result = settle(point, await crashOnce(file, context, tracer, value, pointAt(point)));
      violated ||= result.verdict === 'violated';
      return result;
    },
  });
  return { detail, violated };
}

/** One crash of a submit at `crash`, and the calls that judge the ledger after it. */
async function crashOnce(file: FaultFile, context: QualifyTestContext, tracer: SyscallTracer, drawn: JsonValue, crash: FaultPoint): Promise<CaseResult> {
  const { session, ids } = context;
  const chosen = await admittedWithoutFault(context, drawn);
  if ('undecided' in chosen) return chosen.undecided;
  const value = chosen.value;
  const binding = freshBinding(ids, session, value, 'crash');
  const after: StepAnswer[] = [];
  if (crash.call === 'again') {
    const admitted = await session.submit(binding, value);
    if (admissionOf(admitted) === null) return { verdict: 'undecided', reason: session.noAdmissionReason() };
    after.push({ exchange: admitted, step: 'submit before the crash' });
  }
  const killed = await session.sendFaulted('submit', canonicalJson(submitRequest(binding, value)), { kind: 'kill-at', tracer: tracer.injector, step: crash.step, of: crash.of });
  if (killed === null) return { verdict: 'undecided', reason: notSent(session) };
  const site = await killed.site;
  const crashed = `${crash.call === 'first' ? 'the first submit' : 'a resubmit'} killed ${killed.faulted ? (site?.description ?? describePoint(crash)) : `before ${describePoint(crash)} (not reached)`}`;
  after.push(await observeAfterFault(context, binding, `observe after ${crashed}`));
  after.push(await submitAfterFault(context, binding, value, `submit after ${crashed}`));
  after.push(await observeAfterFault(context, binding, `final observe after ${crashed}`));
  after.push(await submitAfterFault(context, binding, value, `final submit after ${crashed}`));
  const missed = `the step tracer's kill planned before ${describePoint(crash)} landed ${killed.faulted ? (site?.description ?? 'elsewhere') : `nowhere: ${site?.description ?? 'the submit ended first'}`}`;
  const result = judgeCrash(after, killed.faulted ? 1 : 0, missed);
  await reapCase(
    file,
    context,
    after.some(({ exchange }) => exchange.kind === 'outcome' && exchange.outcome.state === 'terminal'),
  );
  // A kill elsewhere is still a crash, judged above; only a kill at the planned point covers it.
  return site?.onTarget === true || result.verdict !== 'held' ? result : { verdict: 'undecided', reason: missed };
}

/**
 * SEM-UNCERTAIN-RECOVERY: after a submit paused past its deadline (uncertain), observe agrees with every other witness.
 * @param file - the fault tests' shared state of this suite file
 * @param context - the test's
 */
export async function pausedPastDeadline(file: FaultFile, context: QualifyTestContext): Promise<void> {
  const { property, session, options, recorder } = context;
  if (!faultsApplicable(context)) return;
  const hostDeadline = Math.min(PAUSE_HOST_DEADLINE_MS, options.timeoutMs);
  const tracer = await runTracer(context);
  if (tracer.method === 'syscall') {
    const traced = await stopAtEveryStep(file, context, tracer, hostDeadline);
    await untracedShare(file, context, traced, untracedPauseShare(file, context, hostDeadline));
    return;
  }
  recorder.faultMethod('SEM-UNCERTAIN-RECOVERY', { method: 'timing', detail: `${tracer.reason}; fell back to SIGSTOP at delays across a measured submit` });
  const typical = await file.typicalSubmitDurations(context, recorder.testName);
  if (typical === null) {
    recorder.inconclusive('SEM-UNCERTAIN-RECOVERY', session.noAdmissionReason());
    return;
  }
  await property(timedPauseCases(file, context, typical, hostDeadline));
}

/** A timed pause case: a payload, the stop's per mille of a first submit's duration, and whether a submit admits the binding first. */
interface TimedPause {
  readonly value: JsonValue;
  readonly stop: number;
  readonly admitFirst: boolean;
}

/**
 * The timing sweep's pause case, as the fallback and the untraced share draw and judge it: a fresh
 * binding's submit (after an admitting one, or its first) with a short host deadline, SIGSTOPped at a
 * delay across a measured, untraced submit; an observe while it is stopped; SIGCONT past the deadline;
 * the polls that judge the ledger once it ended. The first case always pauses a resubmit early in its
 * run: then an earlier witness (the admission) exists for observe to contradict.
 */
function timedPauseCases(
  file: FaultFile,
  context: QualifyTestContext,
  typical: SubmitDurations,
  hostDeadline: number,
): Pick<TestPropertySpec<TimedPause>, 'arbitrary' | 'examples' | 'describe' | 'run'> {
  const { session, ids, options, recorder } = context;
  const stopAt = (fraction: number): number => Math.min(hostDeadline - 1, Math.round((fraction / 1_000) * typical.first));
  const [exampleValue] = fc.sample(file.payloads(options.payload), { seed: deriveSeed(options.seed, `${recorder.testName}#example`), numRuns: 1 });
  return {
    arbitrary: fc.record({ value: file.payloads(options.payload), stop: fc.noBias(fc.integer({ min: 0, max: 1_000 })), admitFirst: fc.boolean() }),
    examples: exampleValue === undefined ? [] : [{ value: exampleValue, stop: 300, admitFirst: true }],
    describe: ({ stop, admitFirst }) =>
      `${admitFirst ? 'submit a fresh binding, then ' : ''}submit it with a ${hostDeadline} ms host deadline, SIGSTOP ${stopAt(stop)} ms after spawn; ` +
      `observe while stopped; SIGCONT ${PAUSE_PAST_DEADLINE_MS} ms after the deadline and let it finish; observe until terminal, observe again`,
    run: async ({ value: drawn, stop, admitFirst }): Promise<CaseResult> => {
      const chosen = await admittedWithoutFault(context, drawn);
      if ('undecided' in chosen) return chosen.undecided;
      const value = chosen.value;
      const stopAfterMs = stopAt(stop);
      const binding = freshBinding(ids, session, value, 'pause');
      const before: Exchange[] = admitFirst ? [await session.submit(binding, value)] : [];
      if (admitFirst && admissionOf(before[0] as Exchange) === null) return { verdict: 'undecided', reason: session.noAdmissionReason() };
      const paused = await session.sendFaulted(
        'submit',
        canonicalJson(submitRequest(binding, value)),
        { kind: 'pause', afterMs: stopAfterMs, resumeAfterMs: hostDeadline + PAUSE_PAST_DEADLINE_MS, resumedTimeoutMs: options.timeoutMs },
        hostDeadline,
      );
      if (paused === null) return { verdict: 'undecided', reason: notSent(session) };
      // Meanwhile: any answer is allowed (a lock held by the stopped process may time it out); an unknown proves nothing.
      const meanwhile = await session.observe(binding);
      return recoverAfter(file, context, binding, paused, [...before, meanwhile]);
    },
  };
}

/** Polls the binding once the uncertain submit ended, and judges every witness of the case together. */
async function recoverAfter(file: FaultFile, context: QualifyTestContext, binding: Binding, paused: FaultedCall, earlier: readonly Exchange[]): Promise<CaseResult> {
  const { session, options } = context;
  await paused.settled;
  const recovered = await pollUntilTerminal(session, binding, options.pollBudget);
  recovered.push(await session.observe(binding));
  const result = judgeRecovery(paused.faulted, earlier, recovered);
  await reapCase(
    file,
    context,
    [...earlier, ...recovered].some((exchange) => exchange.kind === 'outcome' && exchange.outcome.state === 'terminal'),
  );
  return result;
}

/**
 * One case per recorded durable step: the submit is stopped (by the step
 * tracer) right after that step ran, its host deadline expires, an observe
 * runs meanwhile, and only once that observe ended (and the usual pause has
 * passed) is it resumed. A fixed delay could end before the observe does; a
 * stop released by the suite cannot.
 */
async function stopAtEveryStep(file: FaultFile, context: QualifyTestContext, tracer: SyscallTracer, hostDeadline: number): Promise<TracedPoints> {
  const { property } = context;
  const { detail, planned } = await pointsFor(file, context, tracer, 'SEM-UNCERTAIN-RECOVERY', 'stop');
  if (planned === null) return { detail, violated: false };
  const { pointAt } = planned;
  let violated = false;
  const resumeAfterMs = hostDeadline + PAUSE_PAST_DEADLINE_MS;
  await property({
    ...planned.cases,
    describe: ({ point }) =>
      `${pointAt(point).call === 'again' ? 'submit a fresh binding, then ' : ''}submit it with a ${hostDeadline} ms host deadline, ` +
      `stopped by the step tracer right after ${describePoint(pointAt(point))}; observe while stopped; ` +
      `SIGCONT once that observe ended and at least ${resumeAfterMs} ms after spawn; observe until terminal, observe again`,
    run: async ({ value, point }): Promise<CaseResult> => {
      const result = planned.settle(point, await stopOnce(file, context, tracer, value, pointAt(point), hostDeadline));
      violated ||= result.verdict === 'violated';
      return result;
    },
  });
  return { detail, violated };
}

/** One submit stopped right after `stop`, an observe meanwhile, and the polls that judge the ledger once it resumed. */
async function stopOnce(file: FaultFile, context: QualifyTestContext, tracer: SyscallTracer, drawn: JsonValue, stop: FaultPoint, hostDeadline: number): Promise<CaseResult> {
  const { session, ids, options } = context;
  const chosen = await admittedWithoutFault(context, drawn);
  if ('undecided' in chosen) return chosen.undecided;
  const value = chosen.value;
  const binding = freshBinding(ids, session, value, 'pause');
  const before: Exchange[] = stop.call === 'again' ? [await session.submit(binding, value)] : [];
  if (stop.call === 'again' && admissionOf(before[0] as Exchange) === null) return { verdict: 'undecided', reason: session.noAdmissionReason() };
  let release: () => void = () => {};
  const hold = new Promise<void>((resolve) => {
    release = resolve;
  });
  try {
    const resumeAfterMs = hostDeadline + PAUSE_PAST_DEADLINE_MS;
    const plan = {
      kind: 'stop-at',
      tracer: tracer.injector,
      step: stop.step,
      of: stop.of,
      resumeAfterMs,
      resumedTimeoutMs: tracedTimeoutMs(options.timeoutMs) + options.timeoutMs,
      hold,
    } as const;
    const paused = await session.sendFaulted('submit', canonicalJson(submitRequest(binding, value)), plan, hostDeadline);
    if (paused === null) return { verdict: 'undecided', reason: notSent(session) };
    // Meanwhile: any answer is allowed (a lock held by the stopped process may time it out); an unknown proves nothing.
    const meanwhile = await session.observe(binding);
    release();
    const result = await recoverAfter(file, context, binding, paused, [...before, meanwhile]);
    const site = await paused.site;
    // A stop elsewhere is still an uncertain submit, judged above; only a stop at the planned point covers it.
    if (site?.onTarget === true || result.verdict !== 'held') return result;
    return { verdict: 'undecided', reason: `the step tracer's stop planned right after ${describePoint(stop)} landed ${site === undefined ? 'nowhere' : site.description}` };
  } finally {
    release(); // never leave a stopped submit behind, whatever happened
  }
}

/**
 * SEM-LOCAL-SETTLEMENT: after a terminal outcome, no process started by a call for the operation is still running.
 * @param file - the fault tests' shared state of this suite file
 * @param context - the test's
 */
export async function leavesNoProcess(file: FaultFile, context: QualifyTestContext): Promise<void> {
  const { property, session, ids, options, recorder } = context;
  if (findMarkedProcesses(new Set()) === null) {
    recorder.skip('SEM-LOCAL-SETTLEMENT', NOT_LINUX);
    return;
  }
  if (!faultsApplicable(context)) return;
  await property({
    arbitrary: fc.record({ value: file.payloads(options.payload), resubmit: fc.boolean() }),
    describe: ({ resubmit }) =>
      `submit a fresh binding${resubmit ? ' twice' : ''}, observe until terminal, wait ${SETTLE_GRACE_MS} ms, look for live processes carrying the calls' ADAPTER_QUALIFY_CALL`,
    unexercisedReason: { 'SEM-LOCAL-SETTLEMENT': () => noTerminalReason(session, options.pollBudget) },
    run: async ({ value, resubmit }): Promise<CaseResult> => {
      const binding = freshBinding(ids, session, value, 'settle');
      const exchanges = [await session.submit(binding, value)];
      if (resubmit) exchanges.push(await session.submit(binding, value));
      if (!exchanges.some((exchange) => admissionOf(exchange) !== null)) return { verdict: 'undecided', reason: session.noAdmissionReason() };
      exchanges.push(...(await pollUntilTerminal(session, binding, options.pollBudget)));
      const terminal = exchanges.find((exchange) => exchange.kind === 'outcome' && exchange.outcome.state === 'terminal');
      // Every call of the case has ended (they run one after another), so no marker of a call in flight is counted.
      const markers = file.track(session.caseCalls());
      if (terminal === undefined) {
        reapMarkedProcesses(markers);
        return { verdict: 'undecided', reason: 'the operation did not reach terminal within the polling budget' };
      }
      await sleep(SETTLE_GRACE_MS);
      const alive = findMarkedProcesses(markers) ?? [];
      reapMarkedProcesses(markers);
      return alive.length === 0 ? { verdict: 'held' } : { verdict: 'violated', violations: [settlementViolation(alive)] };
    },
  });
}

/** What phase 1 saw of one operation. */
interface Before {
  readonly binding: Binding;
  readonly value: JsonValue;
  /** The last admitting answer before the restart. */
  readonly admitted: Exchange;
}

// The restart runs while other tests may be calling the adapter on their own
// operations (a restart step must be safe on a live ledger, as the reference's
// fsck is: it drops only temp files too old to belong to a live writer); this
// test judges only its own operations, admitted before and checked after.
/**
 * SEM-DURABLE-RESTART: after the declared restart step, every key, acceptanceRef and terminal envelope is unchanged.
 * @param file - the fault tests' shared state of this suite file
 * @param context - the test's
 */
export async function survivesRestart(file: FaultFile, context: QualifyTestContext): Promise<void> {
  const { session, ids, options, recorder, services } = context;
  const lifecycle = options.lifecycle;
  if (lifecycle === null || lifecycle.restart === null) {
    recorder.skip('SEM-DURABLE-RESTART', NO_RESTART);
    return;
  }
  if (!faultsApplicable(context)) return;
  const values = fc.sample(file.payloads(options.payload), { seed: deriveSeed(options.seed, recorder.testName), numRuns: Math.min(options.runs, 4) });
  const before: Before[] = [];
  for (const [index, value] of values.entries()) {
    const binding = freshBinding(ids, session, value, 'restart');
    const submitted = await session.submit(binding, value);
    if (admissionOf(submitted) === null) continue;
    // Half are driven to terminal, so both accepted and terminal evidence must survive.
    const polled = index % 2 === 0 ? await pollUntilTerminal(session, binding, options.pollBudget) : [];
    const admitted = [submitted, ...polled].filter((seen) => admissionOf(seen) !== null).at(-1) ?? submitted;
    before.push({ binding, value, admitted });
  }
  if (before.length === 0) {
    recorder.inconclusive('SEM-DURABLE-RESTART', session.noAdmissionReason());
    return;
  }
  const restart = await runRestartStep(
    { ...lifecycle, restart: lifecycle.restart },
    { ADAPTER_QUALIFY_SCRATCH: services.provided.scratchDir },
    Math.min(600_000, options.timeoutMs * 3),
    options.adapterEnvironment,
  );
  file.track([restart]);
  reapMarkedProcesses(new Set([restart.callId]));
  if (restart.spawnError !== null || restart.timedOut || restart.exitCode !== 0) {
    const how = restart.spawnError ?? (restart.timedOut ? `timed out after ${restart.durationMs} ms` : `exited ${String(restart.exitCode ?? restart.signal)}`);
    recorder.inconclusive('SEM-DURABLE-RESTART', `the restart step ${JSON.stringify(restart.argv.join(' '))} failed (${how}): ${restart.outputTail.trim().slice(-300)}`);
    return;
  }
  const violations: Violation[] = [];
  let decided = 0;
  let undecided: string | null = null;
  for (const { binding, value, admitted } of before) {
    const observed = await session.observe(binding);
    const resubmitted = await session.submit(binding, value);
    const found = judgeRestarted(admitted, [
      { exchange: observed, step: 'observe' },
      { exchange: resubmitted, step: 'resubmit' },
    ]);
    if (!Array.isArray(found)) {
      undecided ??= found.undecided;
      continue;
    }
    decided += 1;
    violations.push(...found.map((message) => violation('SEM-DURABLE-RESTART', `operation ${binding.operationId}: ${message}`)));
  }
  file.track(session.caseCalls());
  const counterexample = {
    description: `admit ${before.length} fresh operations (every other one polled to terminal), run the restart step ${restart.argv.join(' ')}, then observe and resubmit each`,
    calls: session.caseCalls().map(callExcerpt),
  };
  for (const found of violations) recorder.fail(found, counterexample, { testName: recorder.testName, seed: options.seed });
  if (decided > 0) recorder.count('SEM-DURABLE-RESTART', decided);
  // Every operation before the restart was judged, so none decided means each said why.
  else recorder.inconclusive('SEM-DURABLE-RESTART', undecided ?? 'no operation was decided after the restart');
}
