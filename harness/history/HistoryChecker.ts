import { canonicalJson } from '../protocol/canonicalJson.js';
import { digestText, type Digest } from '../protocol/digest.js';
import type { ClauseId } from '../clauses.js';
import { violation, type Violation } from '../violation.js';
import type { Binding, Outcome } from '../protocol/types.js';

/** One valid outcome seen for a binding, with the call's time span. */
export interface HistoryEntry {
  /** The valid outcome (every OUT clause held); its binding fields say which history it belongs to. */
  readonly outcome: Outcome;
  /** When the call started (ms); calls are ordered only when one ended before the other started. */
  readonly startedAt: number;
  /** When the call ended (ms), not before `startedAt`. */
  readonly endedAt: number;
  /** Which call this was (transcript index or call number), named in violations. */
  readonly ref: number;
  /** `canonicalJson(outcome)` when the caller has it already (saves serializing the outcome again); it must be exactly that text. */
  readonly canonicalText?: string;
}

/**
 * The suite fed the history checker something it cannot judge (entries out of
 * `endedAt` order, mixed bindings, bad times): a harness fault, not the adapter's.
 */
export class HistoryInputError extends Error {
  override readonly name = 'HistoryInputError' as const;
  /** The `ref` of the offending entry. */
  readonly ref: number;

  /**
   * @param message - what was wrong
   * @param ref - the offending entry's ref
   */
  constructor(message: string, ref: number) {
    super(message);
    this.ref = ref;
  }
}

interface Seen {
  readonly ref: number;
  readonly text: string;
}

/** The first terminal answer: its text, or only its digest when it was seen before this checker (see `afterTerminal`). */
type FirstTerminal = { readonly ref: number; readonly endedAt: number } & ({ readonly text: string } | { readonly digest: Digest });

/** A binding's first terminal answer, known by the digest of its canonical text (an envelope may be as large as the output bound). */
export interface KnownTerminal {
  readonly binding: Binding;
  readonly envelopeDigest: Digest;
  /** When the call that gave it ended (ms). */
  readonly endedAt: number;
  /** Which call it was, named in violations. */
  readonly ref: number;
}

/**
 * Incremental checker of one binding's history, the ledger's promises across answers:
 * SEM-REVISION-MONOTONIC, SEM-EQUAL-REVISION, SEM-ACCEPTANCE-STABLE and
 * SEM-TERMINAL-IMMUTABLE. A first-seen terminal without an accepted before it is
 * valid (SEM-TERMINAL-WITHOUT-ACCEPT, a host obligation). The one judge of these
 * four clauses: the ledger model, the fault judges, the end-of-run re-observation and
 * the transcript verifier feed it their answers and only say which clause of theirs a
 * finding breaks.
 *
 * Call `a` precedes call `b` only when `a.endedAt < b.startedAt`; overlapping calls
 * are not ordered. Entries must be added in nondecreasing `endedAt` order (the
 * order calls finish), so a new entry can only follow earlier ones, never precede
 * them. Each new entry is compared with summaries (first entry per revision, first
 * admission, first terminal, running maximum revision by end time), and breaks each
 * clause at most once; violations name both entries in `details.refs`.
 */
export class HistoryChecker {
  // `verify` holds a checker per binding for the whole transcript, and the garbage collector
  // copies every object a checker holds before it settles: hence numbers in one array, not
  // an object per entry that raised the revision.
  #binding: Binding | null = null;
  /** `endedAt` of the last entry added. */
  #lastEnd = -Infinity;
  /**
   * Each entry that raised the highest revision seen so far, as three numbers: its `endedAt`
   * (nondecreasing), revision and ref. The highest revision among the entries that ended
   * before t is that of the last one here that ended before t. A poll loop at one revision
   * adds nothing, so memory follows revisions, not calls.
   */
  readonly #raises: number[] = [];
  readonly #byRevision = new Map<number, Seen>();
  #firstAdmission: { readonly ref: number; readonly acceptanceRef: Digest } | null = null;
  #firstTerminal: FirstTerminal | null = null;

  /**
   * A checker that has seen only `terminal`, for answers given after it (the end-of-run
   * re-observation keeps no more of a run's histories). It judges SEM-TERMINAL-IMMUTABLE
   * against that terminal; the clauses that need earlier answers have none to compare with.
   * @param terminal - the binding's first terminal answer
   */
  static afterTerminal(terminal: KnownTerminal): HistoryChecker {
    const checker = new HistoryChecker();
    checker.#binding = terminal.binding;
    checker.#lastEnd = terminal.endedAt;
    checker.#firstTerminal = { ref: terminal.ref, endedAt: terminal.endedAt, digest: terminal.envelopeDigest };
    return checker;
  }

  /** The binding of the entries, once one was added (or of the terminal given to `afterTerminal`); null before. */
  get binding(): Binding | null {
    return this.#binding;
  }

  /**
   * Adds one outcome and returns the violations it reveals against earlier entries.
   *
   * @param entry - a valid outcome of this checker's binding
   * @throws HistoryInputError when the entry ends before the previous one, has bad times, or has another binding
   */
  add(entry: HistoryEntry): Violation[] {
    this.#checkInput(entry);
    const { outcome, ref } = entry;
    const text = entry.canonicalText ?? canonicalJson(outcome);
    const found: Violation[] = [];
    const report = (clauseId: ClauseId, message: string, earlier: number, details: Record<string, unknown> = {}): void => {
      found.push(violation(clauseId, message, { details: { refs: [earlier, ref], operationId: outcome.operationId, ...details } }));
    };

    const before = this.#latestRaiseBefore(entry.startedAt);
    const highest = before === -1 ? -Infinity : this.#raiseRevision(before);
    if (outcome.revision < highest) {
      report('SEM-REVISION-MONOTONIC', `revision ${outcome.revision} after revision ${highest}`, this.#raiseRef(before), {
        revisions: [highest, outcome.revision],
      });
    }

    const sameRevision = this.#byRevision.get(outcome.revision);
    if (sameRevision === undefined) this.#byRevision.set(outcome.revision, { ref, text });
    else if (sameRevision.text !== text) {
      report('SEM-EQUAL-REVISION', `two different outcomes at revision ${outcome.revision}`, sameRevision.ref);
    }

    if (outcome.state !== 'unknown') {
      if (this.#firstAdmission === null) this.#firstAdmission = { ref, acceptanceRef: outcome.acceptanceRef };
      else if (this.#firstAdmission.acceptanceRef !== outcome.acceptanceRef) {
        report('SEM-ACCEPTANCE-STABLE', 'acceptanceRef differs from the first one', this.#firstAdmission.ref, {
          acceptanceRefs: [this.#firstAdmission.acceptanceRef, outcome.acceptanceRef],
        });
      }
    }

    const terminal = this.#firstTerminal;
    if (terminal !== null) {
      // Any two terminals must match; a non-terminal only breaks the clause when it follows a terminal.
      const applies = outcome.state === 'terminal' || terminal.endedAt < entry.startedAt;
      if (applies && !sameEnvelope(terminal, text)) {
        report('SEM-TERMINAL-IMMUTABLE', `${outcome.state} outcome differs from the terminal envelope`, terminal.ref);
      }
    } else if (outcome.state === 'terminal') {
      this.#firstTerminal = { ref, text, endedAt: entry.endedAt };
    }

    const raises = this.#raises;
    if (raises.length === 0 || this.#raiseRevision(raises.length / 3 - 1) < outcome.revision) raises.push(entry.endedAt, outcome.revision, ref);
    this.#lastEnd = entry.endedAt;
    return found;
  }

  /** Which raise (its index among them) is the highest-revision entry of those that ended strictly before `time`; -1 when none did. */
  #latestRaiseBefore(time: number): number {
    const raises = this.#raises;
    let low = 0;
    let high = raises.length / 3;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((raises[3 * middle] as number) < time) low = middle + 1;
      else high = middle;
    }
    return low - 1;
  }

  #raiseRevision(index: number): number {
    return this.#raises[3 * index + 1] as number;
  }

  #raiseRef(index: number): number {
    return this.#raises[3 * index + 2] as number;
  }

  #checkInput(entry: HistoryEntry): void {
    const { startedAt, endedAt, ref, outcome } = entry;
    if (!Number.isFinite(startedAt) || !Number.isFinite(endedAt) || endedAt < startedAt) {
      throw new HistoryInputError(`history entry ${ref} has times ${startedAt}..${endedAt}`, ref);
    }
    const lastEnd = this.#lastEnd;
    if (endedAt < lastEnd) {
      throw new HistoryInputError(`history entry ${ref} ended at ${endedAt}, before the previous entry (${lastEnd}); add entries in endedAt order`, ref);
    }
    const binding = this.#binding;
    if (binding === null) {
      this.#binding = { operationId: outcome.operationId, authorityId: outcome.authorityId, requestDigest: outcome.requestDigest };
    } else if (binding.operationId !== outcome.operationId || binding.authorityId !== outcome.authorityId || binding.requestDigest !== outcome.requestDigest) {
      throw new HistoryInputError(`history entry ${ref} belongs to another binding`, ref);
    }
  }
}

function sameEnvelope(terminal: FirstTerminal, text: string): boolean {
  return 'text' in terminal ? terminal.text === text : terminal.digest === digestText(text);
}
