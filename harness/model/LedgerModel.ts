import * as fc from 'fast-check';
import type { ClauseId } from '../clauses.js';
import { HistoryChecker } from '../history/HistoryChecker.js';
import { admissionState } from '../judge/callEvidence.js';
import type { JsonValue } from '../protocol/canonicalJson.js';
import type { Digest } from '../protocol/digest.js';
import type { Binding, Outcome } from '../protocol/types.js';
import { violation, type Violation } from '../violation.js';
import type { CaseResult } from './caseResult.js';
import { admissionOf, describeExchange, type Exchange } from './exchange.js';

// The model-based ledger sequence: the model of what the ledger holds, the steps
// that call the adapter and let the model judge each answer, and the runner.

/**
 * The three bindings of one pooled operation: `primary` (the one submitted),
 * `rebound` (same operationId, another requestDigest) and `ghost` (an
 * operationId never submitted).
 */
export type BindingRole = 'primary' | 'rebound' | 'ghost';

/** What the model knows of one pooled operation. */
interface OperationState {
  /** A submit of the primary binding was sent (decides which commands apply). */
  submitSent: boolean;
  /** The first acceptanceRef seen for the primary binding; null while it is not admitted. */
  acceptanceRef: Digest | null;
  /** A terminal outcome of the primary binding was seen. */
  terminalSeen: boolean;
  /** The primary binding's history: it alone compares acceptanceRefs and envelopes across answers. */
  readonly history: HistoryChecker;
  /** A rebinding submit (the `rebound` binding) was sent. */
  rebindSent: boolean;
  /** Bindings observed as unknown while nobody had admitted them. */
  readonly observedUnknown: Set<BindingRole>;
}

/** The history clauses a ledger sequence claims; revision order and equal revisions are decided by the tests claiming them. */
const MODEL_HISTORY_CLAUSES: ReadonlySet<ClauseId> = new Set(['SEM-ACCEPTANCE-STABLE', 'SEM-TERMINAL-IMMUTABLE']);

/** Why a first submit that admitted nothing stops a sequence. */
export const FIRST_SUBMIT_NOT_ADMITTED = 'the first submit of an operation was not admitted, so the model cannot tell what the ledger holds';

/**
 * A model of the ledger for model-based sequences:
 * per binding, not admitted → admitted → terminal, with the acceptanceRef and
 * the terminal envelope fixed once seen, rebinding refused, and bindings nobody
 * submitted staying unknown. Each `judge…` method compares one answer with the
 * model, records what it exercised and broke, then updates the model; every
 * outcome of a submitted binding also joins its `HistoryChecker`, which alone
 * finds a changed acceptanceRef or terminal envelope. The first
 * violation, or an answer the model cannot reason past (a first submit that
 * admitted nothing), stops the sequence. Pure: it never calls the adapter.
 */
export class LedgerModel {
  readonly #operations = new Map<number, OperationState>();
  readonly #exercised = new Set<ClauseId>();
  readonly #violations: Violation[] = [];
  #stopReason: string | null = null;
  /** Steps judged so far: the steps run one after another, so step i precedes step i + 1 in every history. */
  #steps = 0;

  /** Whether the sequence has ended (a violation, or nothing more to reason about). */
  get stopped(): boolean {
    return this.#stopReason !== null || this.#violations.length > 0;
  }

  /** Whether a submit of operation `op` was sent (a rebind applies only then). */
  submitSent(op: number): boolean {
    return this.#state(op).submitSent;
  }

  /** Notes that a submit of operation `op` is being sent (before its answer is known). */
  noteSubmit(op: number): void {
    this.#state(op).submitSent = true;
  }

  /** Judges the answer to a submit of operation `op`'s primary binding. */
  judgeSubmit(op: number, answer: Exchange): void {
    const state = this.#state(op);
    if (state.acceptanceRef !== null) {
      this.#judgeAdmitted(state, answer, 'SEM-SUBMIT-IDEMPOTENT', 'a repeated submit');
      return;
    }
    const admission = admissionOf(answer);
    if (admission === null) {
      this.#stopReason = answer.kind === 'uncertain' ? answer.reason : FIRST_SUBMIT_NOT_ADMITTED;
      return;
    }
    // Observes came first and left it unadmitted; this submit is its first admission.
    if (state.observedUnknown.has('primary')) this.#exercised.add('SEM-OBSERVE-READONLY');
    this.#witness(state, admission);
    state.acceptanceRef = admission.acceptanceRef;
    state.terminalSeen = admission.state === 'terminal';
  }

  /** Judges the answer to a submit of operation `op`'s rebound binding (same operationId, other digest). */
  judgeRebind(op: number, answer: Exchange): void {
    const state = this.#state(op);
    state.rebindSent = true;
    // A timeout proves nothing; a refusal (nonzero exit) or an outcome decides.
    if (answer.kind === 'uncertain' && answer.record?.uncertainty !== 'nonzero-exit') return;
    this.#exercised.add('SEM-REBIND-REFUSED');
    // Any answer claiming accepted/terminal is an admission, well-formed or not.
    const claimed = answer.record === null ? 'none' : admissionState(answer.record.stdout);
    if (claimed === 'accepted' || claimed === 'terminal') {
      this.#violations.push(violation('SEM-REBIND-REFUSED', `a submit of operation ${op + 1}'s operationId with another requestDigest was answered ${claimed}: the rebinding was admitted`));
    }
  }

  /** Judges the answer to an observe of one of operation `op`'s bindings. */
  judgeObserve(op: number, role: BindingRole, answer: Exchange): void {
    const state = this.#state(op);
    if (role === 'primary' && state.acceptanceRef !== null) {
      this.#judgeAdmitted(state, answer, 'SEM-ACCEPTANCE-STABLE', 'an observe');
      return;
    }
    if (answer.kind === 'uncertain') return;
    const { outcome } = answer;
    const seenBefore = state.observedUnknown.has(role);
    if (outcome.state === 'unknown') {
      if (!seenBefore) this.#exercised.add('SEM-OBSERVE-FRESH');
      state.observedUnknown.add(role);
      if (role === 'primary') this.#witness(state, outcome);
      return;
    }
    const clauseId = this.#unsubmittedAdmissionClause(state, role, outcome.acceptanceRef, seenBefore);
    this.#exercised.add(clauseId);
    const what =
      role === 'ghost' ? 'a never-submitted operationId' : role === 'rebound' ? `operation ${op + 1}'s operationId with another requestDigest` : `operation ${op + 1} before any submit`;
    this.#violations.push(violation(clauseId, `an observe of ${what}${seenBefore ? ', earlier observed unknown,' : ''} answered ${describeExchange(answer)}`));
  }

  /** The case as `checkProperty` sees it: violated, held (something was exercised), or undecided. */
  result(): CaseResult {
    const exercised = [...this.#exercised];
    if (this.#violations.length > 0) return { verdict: 'violated', violations: [...this.#violations], exercised };
    if (exercised.length > 0) return { verdict: 'held', exercised };
    return { verdict: 'undecided', reason: this.#stopReason ?? 'no step of the sequence could be decided' };
  }

  /** Which clause an admission of a binding nobody admitted breaks. */
  #unsubmittedAdmissionClause(state: OperationState, role: BindingRole, acceptanceRef: Digest, seenBefore: boolean): ClauseId {
    // The original admission shown under the other digest is a lookup that ignores the digest.
    if (role === 'rebound' && acceptanceRef === state.acceptanceRef) return 'SEM-OBSERVE-FRESH';
    if (role === 'rebound' && state.rebindSent) return 'SEM-REBIND-REFUSED';
    return seenBefore ? 'SEM-OBSERVE-READONLY' : 'SEM-OBSERVE-FRESH';
  }

  /**
   * Judges an answer for an admitted primary binding by its history: a changed terminal envelope
   * breaks SEM-TERMINAL-IMMUTABLE, a changed acceptanceRef breaks `refClause` (the clause of the
   * request that was answered).
   */
  #judgeAdmitted(state: OperationState, answer: Exchange, refClause: ClauseId, what: string): void {
    if (answer.kind === 'uncertain') return;
    const { outcome } = answer;
    if (state.terminalSeen) this.#exercised.add('SEM-TERMINAL-IMMUTABLE');
    if (outcome.state !== 'unknown') this.#exercised.add(refClause);
    for (const found of this.#witness(state, outcome)) {
      const clauseId = found.clauseId === 'SEM-ACCEPTANCE-STABLE' ? refClause : found.clauseId;
      this.#violations.push(violation(clauseId, `${what} answered ${describeExchange(answer)}: ${found.message}`, found.details === undefined ? {} : { details: found.details }));
    }
    if (outcome.state === 'terminal') state.terminalSeen = true;
  }

  /**
   * Adds one outcome of the primary binding to its history, and returns what it breaks of the
   * clauses this model decides (the others have their own tests, with real call times).
   */
  #witness(state: OperationState, outcome: Outcome): Violation[] {
    const step = this.#steps;
    this.#steps += 1;
    const found = state.history.add({ outcome, startedAt: 2 * step, endedAt: 2 * step + 1, ref: step });
    return found.filter((entry) => MODEL_HISTORY_CLAUSES.has(entry.clauseId));
  }

  #state(op: number): OperationState {
    let state = this.#operations.get(op);
    if (state === undefined) {
      state = { submitSent: false, acceptanceRef: null, terminalSeen: false, history: new HistoryChecker(), rebindSent: false, observedUnknown: new Set() };
      this.#operations.set(op, state);
    }
    return state;
  }
}

/** One pooled operation of a sequence: its three bindings and the payloads of the two that are submitted. */
export interface PooledOperation {
  readonly primary: Binding;
  readonly primaryPayload: JsonValue;
  /** Same operationId and authority, another requestDigest. */
  readonly rebound: Binding;
  readonly reboundPayload: JsonValue;
  /** An operationId that is never submitted. */
  readonly ghost: Binding;
}

/** The two calls a sequence makes; the suite's `AdapterSession` is one. */
export interface LedgerSession {
  /** Submits a binding with its payload. */
  submit(binding: Binding, payload: JsonValue): Promise<Exchange>;
  /** Observes a binding. */
  observe(binding: Binding): Promise<Exchange>;
}

/** The real system a sequence runs against: the adapter, and the bindings of the case's pool. */
export interface LedgerSystem {
  readonly session: LedgerSession;
  readonly pool: readonly PooledOperation[];
}

/** What a command does to a pooled operation. */
export type LedgerCommandKind = 'submit' | 'rebind' | 'observe' | 'observe-other-digest' | 'observe-never-submitted';

const OBSERVED_ROLE: Record<Exclude<LedgerCommandKind, 'submit' | 'rebind'>, BindingRole> = {
  observe: 'primary',
  'observe-other-digest': 'rebound',
  'observe-never-submitted': 'ghost',
};

/**
 * One step of a model-based sequence (fast-check's `AsyncCommand`): `check`
 * reads only the model, `run` calls the adapter once, lets the model judge the
 * answer, and the model updates itself. A submit is a first submit or a
 * resubmit depending on the model; a rebind applies only once a submit of its
 * operation was sent. Data only, so generated sequences shrink and replay by path.
 */
export class LedgerCommand implements fc.AsyncCommand<LedgerModel, LedgerSystem> {
  /**
   * @param kind - the step
   * @param op - index of the pooled operation it acts on
   */
  constructor(
    readonly kind: LedgerCommandKind,
    readonly op: number,
  ) {}

  /** Whether the step applies in the model's state. */
  check(model: Readonly<LedgerModel>): boolean {
    if (model.stopped) return false;
    return this.kind !== 'rebind' || model.submitSent(this.op);
  }

  /** Notes, before the call, what the model must know whatever the answer. */
  plan(model: LedgerModel): void {
    if (this.kind === 'submit') model.noteSubmit(this.op);
  }

  /** Calls the adapter and has the model judge the answer. */
  async run(model: LedgerModel, system: LedgerSystem): Promise<void> {
    const operation = system.pool[this.op];
    if (operation === undefined) throw new RangeError(`LedgerCommand: operation ${this.op} is not in a pool of ${system.pool.length}`);
    this.plan(model);
    switch (this.kind) {
      case 'submit':
        model.judgeSubmit(this.op, await system.session.submit(operation.primary, operation.primaryPayload));
        return;
      case 'rebind':
        model.judgeRebind(this.op, await system.session.submit(operation.rebound, operation.reboundPayload));
        return;
      default: {
        const role = OBSERVED_ROLE[this.kind];
        model.judgeObserve(this.op, role, await system.session.observe(operation[role]));
      }
    }
  }

  /** The step as its clause describes it, for counterexamples. */
  toString(): string {
    const name = `op${this.op + 1}`;
    switch (this.kind) {
      case 'submit':
        return `submit ${name}`;
      case 'rebind':
        return `submit ${name}'s operationId with another payload`;
      case 'observe':
        return `observe ${name}`;
      case 'observe-other-digest':
        return `observe ${name}'s operationId bound to the other payload`;
      case 'observe-never-submitted':
        return `observe a never-submitted operation beside ${name}`;
    }
  }
}

/**
 * Runs one generated sequence against the adapter with fast-check's
 * `asyncModelRun`, from a fresh model, and returns what the model concluded.
 * Steps after the first violation do not run.
 *
 * @param commands - the sequence
 * @param system - the adapter session and the case's fresh pool of bindings
 */
export async function runLedgerSequence(commands: readonly LedgerCommand[], system: LedgerSystem): Promise<CaseResult> {
  const model = new LedgerModel();
  await fc.asyncModelRun(() => ({ model, real: system }), commands);
  return model.result();
}
