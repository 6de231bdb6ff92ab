import type * as fc from 'fast-check';
import type { JsonValue } from '../protocol/canonicalJson.js';
import type { Binding } from '../protocol/types.js';
import type { AdapterSession } from './AdapterSession.js';
import type { BindingRole, LedgerModel } from './LedgerModel.js';

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

/** The real system a sequence runs against: the adapter, and the bindings of the case's pool. */
export interface LedgerSystem {
  readonly session: Pick<AdapterSession, 'submit' | 'observe'>;
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
