import * as fc from 'fast-check';
import { bindingFor } from '../harness/protocol/requests.js';
import { canonicalJson, type JsonValue } from '../harness/protocol/canonicalJson.js';
import type { PayloadFamily } from '../harness/options/runOptions.js';
import { LedgerCommand, LedgerModel, type LedgerCommandKind, type PooledOperation } from '../harness/model/LedgerModel.js';
import type { OperationIds } from '../harness/model/OperationIds.js';
import { payload } from './payload.js';

// The inputs of cases on shared operationIds: model-based sequences of ledger steps (with
// their words for counterexamples), the pool of bindings they act on, and payloads with
// pairwise different digests for bindings that share an operationId.

/** Bounds of a generated sequence. */
export interface LedgerSequenceConstraints {
  /** Pooled operations the steps act on. @defaultValue 3 */
  readonly operations?: number;
  /** Most steps. @defaultValue 12 */
  readonly maxCommands?: number;
}

// Observes are the cheapest way to walk an operation to terminal, so they come most often.
const WEIGHTS: readonly (readonly [LedgerCommandKind, number])[] = [
  ['submit', 3],
  ['observe', 4],
  ['rebind', 1],
  ['observe-other-digest', 1],
  ['observe-never-submitted', 1],
];

/** Marks a value that is already a prefix: offering its prefixes again would only repeat passing runs. */
const PREFIX = Symbol('prefix');

/**
 * An array of commands that shrinks to its prefixes first, shortest first: the
 * steps after a violation never run, and the array shrinker alone always keeps
 * the last item. Every shrink is a function of the value and its context only,
 * so a fast-check path replays it.
 */
class PrefixFirstArbitrary<T> extends fc.Arbitrary<T[]> {
  constructor(
    readonly items: fc.Arbitrary<T[]>,
    readonly isItem: (value: unknown) => value is T,
  ) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T[]> {
    return this.items.generate(mrng, biasFactor);
  }

  /** Any nonempty array of items: a must-try example shrinks too (to its prefixes, then by dropping steps). */
  canShrinkWithoutContext(value: unknown): value is T[] {
    return Array.isArray(value) && value.length > 0 && value.every((item) => this.isItem(item));
  }

  shrink(value: T[], context: unknown): fc.Stream<fc.Value<T[]>> {
    const inner = this.items.shrink(value, context === PREFIX ? undefined : context);
    if (context === PREFIX) return inner;
    // Lengths 1, then halving the distance to the full length: each run stops at its violation, so this costs O(n log n) calls.
    const lengths: number[] = [];
    for (let cut = value.length - 1; cut >= 1; cut = Math.floor(cut / 2)) lengths.push(value.length - cut);
    return fc.Stream.of(...lengths.map((length) => new fc.Value(value.slice(0, length), PREFIX))).join(inner);
  }
}

/**
 * Sequences of ledger steps over a small pool of operations: a plain array of
 * data-only commands, not `fc.commands`. `fc.commands` shrinks by which
 * commands ran, which a replay by fast-check path (`--replay-path`) does not
 * re-run, so it could not replay its shrunk sequence; this array shrinks to
 * its failing prefix, then drops and simplifies steps, the same way every time.
 *
 * @param constraints - pool size and length
 */
export function ledgerSequence(constraints: LedgerSequenceConstraints = {}): fc.Arbitrary<LedgerCommand[]> {
  const { operations = 3, maxCommands = 12 } = constraints;
  const op = fc.integer({ min: 0, max: operations - 1 });
  const command = fc.oneof(...WEIGHTS.map(([kind, weight]) => ({ arbitrary: op.map((index) => new LedgerCommand(kind, index)), weight })));
  const isCommand = (value: unknown): value is LedgerCommand => value instanceof LedgerCommand && value.op < operations;
  return new PrefixFirstArbitrary(fc.array(command, { minLength: 1, maxLength: maxCommands }), isCommand);
}

/**
 * The steps of a sequence that apply, in words and in order (a rebind applies
 * only after a submit of its operation), for the counterexample. A shrunk
 * sequence ends at its violation, so this is what ran.
 *
 * @param commands - the sequence
 */
export function describeLedgerSequence(commands: readonly LedgerCommand[]): string {
  const model = new LedgerModel();
  const steps: string[] = [];
  for (const command of commands) {
    if (!command.check(model)) continue;
    command.plan(model);
    steps.push(command.toString());
  }
  return steps.length === 0 ? 'no step applies' : steps.join(' → ');
}

/**
 * A fresh pool of operations for one case: per payload pair, a primary binding,
 * a rebound binding (same operationId, the second payload) and a ghost binding
 * (a fresh operationId that is never submitted). IDs are minted when the case
 * runs, so replaying a case uses new keys.
 *
 * @param ids - the worker's operation ID source
 * @param authorityId - the configured authority
 * @param pairs - two payloads with different digests per operation
 * @throws RangeError when a pair has fewer than two payloads
 */
export function ledgerPool(ids: OperationIds, authorityId: string, pairs: readonly (readonly JsonValue[])[]): PooledOperation[] {
  return pairs.map(([primaryPayload, reboundPayload]) => {
    if (primaryPayload === undefined || reboundPayload === undefined) throw new RangeError('ledgerPool: every operation needs two payloads');
    const operationId = ids.fresh('model');
    return {
      primary: bindingFor({ operationId, authorityId, payload: primaryPayload }),
      primaryPayload,
      rebound: bindingFor({ operationId, authorityId, payload: reboundPayload }),
      reboundPayload,
      ghost: bindingFor({ operationId: ids.fresh('ghost'), authorityId, payload: primaryPayload }),
    };
  });
}

/**
 * `count` payloads of the family with pairwise different canonical digests, for
 * bindings that share an operationId. A payload equal to an earlier one is
 * wrapped (`{rebound: index, value}`), so a one-sample family still yields
 * distinct digests.
 *
 * @param family - the run's payload family
 * @param count - how many payloads (≥ 1)
 */
export function distinctPayloads(family: PayloadFamily, count: number): fc.Arbitrary<JsonValue[]> {
  return fc.array(payload(family), { minLength: count, maxLength: count }).map((values) => {
    const seen = new Set<string>();
    return values.map((value, index) => {
      const distinct: JsonValue = seen.has(canonicalJson(value)) ? { rebound: index, value } : value;
      seen.add(canonicalJson(distinct));
      return distinct;
    });
  });
}
