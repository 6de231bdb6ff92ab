import * as fc from 'fast-check';
import { LedgerCommand, type LedgerCommandKind } from './LedgerCommand.js';

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
  const command = fc.oneof(
    ...WEIGHTS.map(([kind, weight]) => ({ arbitrary: op.map((index) => new LedgerCommand(kind, index)), weight })),
  );
  const isCommand = (value: unknown): value is LedgerCommand => value instanceof LedgerCommand && value.op < operations;
  return new PrefixFirstArbitrary(fc.array(command, { minLength: 1, maxLength: maxCommands }), isCommand);
}
