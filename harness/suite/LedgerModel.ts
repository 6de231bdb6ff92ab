import type { ClauseId } from '../clauses.js';
import { admissionState } from '../protocol/admissionState.js';
import { canonicalJson } from '../protocol/canonicalJson.js';
import type { Digest } from '../protocol/digest.js';
import { violation, type Violation } from '../violation.js';
import type { Exchange } from './AdapterSession.js';
import type { CaseResult } from './checkProperty.js';
import { admissionOf, describeExchange } from './exchangeHelpers.js';

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
  /** The canonical text of the first terminal outcome of the primary binding. */
  terminal: string | null;
  /** A rebinding submit (the `rebound` binding) was sent. */
  rebindSent: boolean;
  /** Bindings observed as unknown while nobody had admitted them. */
  readonly observedUnknown: Set<BindingRole>;
}

/** Why a first submit that admitted nothing stops a sequence. */
export const FIRST_SUBMIT_NOT_ADMITTED = 'the first submit of an operation was not admitted, so the model cannot tell what the ledger holds';

/**
 * A model of the ledger for model-based sequences (coding-operation-v1.md §6):
 * per binding, not admitted → admitted → terminal, with the acceptanceRef and
 * the terminal envelope fixed once seen, rebinding refused, and bindings nobody
 * submitted staying unknown. Each `judge…` method compares one answer with the
 * model, records what it exercised and broke, then updates the model. The first
 * violation, or an answer the model cannot reason past (a first submit that
 * admitted nothing), stops the sequence. Pure: it never calls the adapter.
 */
export class LedgerModel {
  readonly #operations = new Map<number, OperationState>();
  readonly #exercised = new Set<ClauseId>();
  readonly #violations: Violation[] = [];
  #stopReason: string | null = null;

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
    state.acceptanceRef = admission.acceptanceRef;
    if (admission.state === 'terminal') state.terminal = canonicalJson(admission);
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
      return;
    }
    const clauseId = this.#unsubmittedAdmissionClause(state, role, outcome.acceptanceRef, seenBefore);
    this.#exercised.add(clauseId);
    const what = role === 'ghost' ? 'a never-submitted operationId' : role === 'rebound' ? `operation ${op + 1}'s operationId with another requestDigest` : `operation ${op + 1} before any submit`;
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

  /** Compares an answer for an admitted primary binding with its first acceptanceRef and terminal envelope. */
  #judgeAdmitted(state: OperationState, answer: Exchange, refClause: ClauseId, what: string): void {
    if (answer.kind === 'uncertain') return;
    const { outcome } = answer;
    const text = canonicalJson(outcome);
    if (state.terminal !== null) {
      this.#exercised.add('SEM-TERMINAL-IMMUTABLE');
      if (text !== state.terminal) {
        this.#violations.push(violation('SEM-TERMINAL-IMMUTABLE', `after terminal evidence, ${what} answered ${describeExchange(answer)}, not the identical terminal envelope`));
      }
    }
    if (outcome.state === 'unknown') return;
    this.#exercised.add(refClause);
    if (outcome.acceptanceRef !== state.acceptanceRef) {
      this.#violations.push(violation(refClause, `${what} answered acceptanceRef ${outcome.acceptanceRef} instead of the first admission's ${state.acceptanceRef ?? ''}`));
    }
    if (outcome.state === 'terminal') state.terminal ??= text;
  }

  #state(op: number): OperationState {
    let state = this.#operations.get(op);
    if (state === undefined) {
      state = { submitSent: false, acceptanceRef: null, terminal: null, rebindSent: false, observedUnknown: new Set() };
      this.#operations.set(op, state);
    }
    return state;
  }
}
