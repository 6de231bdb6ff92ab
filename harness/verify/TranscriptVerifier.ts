import { codingOperationClauses, type ClauseId } from '../clauses.js';
import { HistoryChecker } from '../history/HistoryChecker.js';
import type { Outcome } from '../protocol/types.js';
import { TranscriptInputError, type TranscriptCall } from '../transcript/transcriptLine.js';
import { CallJudge, type CallJudgement } from './CallJudge.js';

/** One violation found in a transcript, with the lines that show it. */
export interface VerifyFinding {
  /** 1-based transcript lines: the offending call, or the two calls of a history clause (earlier first). */
  readonly lines: readonly number[];
  /** One line saying what broke. */
  readonly message: string;
}

/** Every violation of one clause (the first few kept in full, all counted). */
export interface ClauseFindings {
  readonly clauseId: ClauseId;
  /** How many violations of the clause the transcript shows. */
  readonly count: number;
  /** The first violations, in the order found. */
  readonly examples: readonly VerifyFinding[];
}

/** What `verify` concluded about one transcript. */
export interface VerifyResult {
  /** Lines read (calls). */
  readonly lines: number;
  /** Calls whose answer was checked against the OUT clauses (well-formed requests, exit 0 or with an outcome). */
  readonly outChecked: number;
  /** Valid outcomes fed to the history checker. */
  readonly outcomes: number;
  /** Distinct bindings with at least one valid outcome. */
  readonly bindings: number;
  /** Calls answering a malformed request whose refusal was checked. */
  readonly refusalsChecked: number;
  /** Calls not judged because the run masked secrets in their output. */
  readonly maskedSkipped: number;
  /** Violated clauses in catalog order; empty when the evidence is consistent. */
  readonly violated: readonly ClauseFindings[];
}

/** Options of {@link TranscriptVerifier}. */
export interface TranscriptVerifierOptions {
  /** Judge every answer against this output bound instead of the one recorded on its line. @defaultValue null (the recorded bound) */
  readonly maxOutputBytes?: number | null;
  /** Violations kept in full per clause (all are counted). @defaultValue 10 */
  readonly examplesPerClause?: number;
}

interface PendingOutcome {
  readonly outcome: Outcome;
  readonly canonicalText: string;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly line: number;
}

const CATALOG_ORDER = new Map(codingOperationClauses.map((definition, index) => [definition.id, index]));

/**
 * Re-checks a recorded transcript, one call at a time and without an adapter
 * (the pure core of `adapter-qualify verify`): each call is judged on its own by
 * {@link CallJudge} (its rules are stated there), and every valid outcome joins its
 * binding's history (`HistoryChecker`).
 *
 * The per-call judgements may come from other threads (`addJudged`).
 * Calls must come in nondecreasing `startedAt` order (as `run` writes the transcript);
 * a call's outcome waits in a queue until no later call can end before it, so the
 * history checker sees each binding in `endedAt` order while only the calls in
 * flight are held. Memory: that window, plus one history summary per binding (a few
 * KB, growing with the binding's revisions, not with its calls).
 * @public
 */
export class TranscriptVerifier {
  readonly #judge: CallJudge;
  readonly #examplesPerClause: number;
  readonly #pending = new EndOrderQueue<PendingOutcome>();
  // Keyed by operation ID (a short string, hashed once per outcome object): the first binding with it here,
  // the rare later ones sharing it in `#sharedHistories`.
  readonly #histories = new Map<string, HistoryChecker>();
  readonly #sharedHistories = new Map<string, HistoryChecker[]>();
  #bindings = 0;
  readonly #findings = new Map<ClauseId, { count: number; examples: VerifyFinding[] }>();
  #lastStart = -Infinity;
  #lastLine = 0;
  #lines = 0;
  #outChecked = 0;
  #outcomes = 0;
  #refusalsChecked = 0;
  #maskedSkipped = 0;

  /** @param options - output bound override and how many examples to keep */
  constructor(options: TranscriptVerifierOptions = {}) {
    this.#judge = new CallJudge(options.maxOutputBytes ?? null);
    this.#examplesPerClause = options.examplesPerClause ?? 10;
  }

  /**
   * Checks one call.
   * @param call - the next transcript line, read by `transcriptCall`
   * @throws TranscriptInputError when the call starts before the previous one
   */
  add(call: TranscriptCall): void {
    this.#advance(call.line, call.record.startedAt);
    this.#apply(call.line, call.record.startedAt, call.record.endedAt, this.#judge.judge(call));
  }

  /**
   * Checks one call judged elsewhere (by a `CallJudge` with the same output bound,
   * e.g. on a worker thread): the same as `add` for the call judged.
   * @param line - its 1-based transcript line
   * @param startedAt - when it started (ms)
   * @param endedAt - when it ended (ms), not before `startedAt`
   * @param judgement - what the call shows by itself
   * @throws TranscriptInputError when the call starts before the previous one
   * @internal
   */
  addJudged(line: number, startedAt: number, endedAt: number, judgement: CallJudgement): void {
    this.#advance(line, startedAt);
    this.#apply(line, startedAt, endedAt, judgement);
  }

  #advance(line: number, startedAt: number): void {
    if (startedAt < this.#lastStart) {
      throw new TranscriptInputError(
        `line ${line} starts (startedAt ${startedAt}) before line ${this.#lastLine} (${this.#lastStart}): the transcript must be in startedAt order, as run writes it`,
        line,
        'startedAt',
      );
    }
    this.#lastStart = startedAt;
    this.#lastLine = line;
    this.#lines += 1;
    // Every later call starts at or after this one, so nothing can end before what ended by now.
    this.#drain(startedAt);
  }

  #apply(line: number, startedAt: number, endedAt: number, judgement: CallJudgement): void {
    for (const found of judgement.findings) this.#note(found.clauseId, [line], found.message);
    switch (judgement.kind) {
      case 'masked':
        // Masked output is not what the adapter wrote: judging it could only invent violations.
        this.#maskedSkipped += 1;
        return;
      case 'outcome':
        this.#outChecked += 1;
        this.#outcomes += 1;
        this.#pending.push({ outcome: judgement.outcome, canonicalText: judgement.canonicalText, startedAt, endedAt, line });
        return;
      case 'findings':
        if (judgement.outChecked) this.#outChecked += 1;
        if (judgement.refusalChecked) this.#refusalsChecked += 1;
    }
  }

  /** Feeds the calls still in flight to the history checker and returns the verdict. */
  finish(): VerifyResult {
    this.#drain(undefined);
    const violated: ClauseFindings[] = [...this.#findings]
      .map(([clauseId, entry]) => ({ clauseId, count: entry.count, examples: entry.examples }))
      .sort((a, b) => (CATALOG_ORDER.get(a.clauseId) ?? Infinity) - (CATALOG_ORDER.get(b.clauseId) ?? Infinity));
    return {
      lines: this.#lines,
      outChecked: this.#outChecked,
      outcomes: this.#outcomes,
      bindings: this.#bindings,
      refusalsChecked: this.#refusalsChecked,
      maskedSkipped: this.#maskedSkipped,
      violated,
    };
  }

  #drain(time: number | undefined): void {
    for (let next = this.#pending.popUpTo(time); next !== undefined; next = this.#pending.popUpTo(time)) {
      const { outcome, line, canonicalText } = next;
      const checker = this.#history(outcome);
      for (const found of checker.add({ outcome, startedAt: next.startedAt, endedAt: next.endedAt, ref: line, canonicalText })) {
        const refs = found.details?.refs;
        this.#note(found.clauseId, Array.isArray(refs) ? (refs as number[]) : [line], found.message);
      }
    }
  }

  /** The history of the outcome's binding (new if none). */
  #history(outcome: Outcome): HistoryChecker {
    const first = this.#histories.get(outcome.operationId);
    if (first === undefined) {
      const checker = this.#newHistory();
      this.#histories.set(outcome.operationId, checker);
      return checker;
    }
    if (isBindingOf(first, outcome)) return first;
    let shared = this.#sharedHistories.get(outcome.operationId);
    if (shared === undefined) {
      shared = [];
      this.#sharedHistories.set(outcome.operationId, shared);
    }
    let checker = shared.find((candidate) => isBindingOf(candidate, outcome));
    if (checker === undefined) {
      checker = this.#newHistory();
      shared.push(checker);
    }
    return checker;
  }

  #newHistory(): HistoryChecker {
    this.#bindings += 1;
    return new HistoryChecker();
  }

  #note(clauseId: ClauseId, lines: readonly number[], message: string): void {
    let entry = this.#findings.get(clauseId);
    if (entry === undefined) {
      entry = { count: 0, examples: [] };
      this.#findings.set(clauseId, entry);
    }
    entry.count += 1;
    if (entry.examples.length < this.#examplesPerClause) entry.examples.push({ lines, message });
  }
}

/** Whether the checker holds the history of the outcome's binding (a checker in the map has one: it was created for an outcome). */
function isBindingOf(checker: HistoryChecker, outcome: Outcome): boolean {
  const binding = checker.binding;
  return binding !== null && binding.operationId === outcome.operationId && binding.authorityId === outcome.authorityId && binding.requestDigest === outcome.requestDigest;
}

/** An item with the time its call ended and its transcript line (the tie-breaker). */
interface EndOrdered {
  readonly endedAt: number;
  readonly line: number;
}

/**
 * A binary min-heap by (`endedAt`, `line`): holds the calls still in flight at
 * the current transcript position, so only the overlap window is in memory.
 * @internal
 */
class EndOrderQueue<T extends EndOrdered> {
  readonly #items: T[] = [];

  /** Items held. */
  get size(): number {
    return this.#items.length;
  }

  /** Adds one item. */
  push(item: T): void {
    const items = this.#items;
    items.push(item);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!before(item, items[parent] as T)) break;
      items[index] = items[parent] as T;
      index = parent;
    }
    items[index] = item;
  }

  /** Removes and returns the earliest item when it ended at or before `time` (every item with `time` undefined). */
  popUpTo(time?: number): T | undefined {
    const items = this.#items;
    const top = items[0];
    if (top === undefined || (time !== undefined && top.endedAt > time)) return undefined;
    const last = items.pop() as T;
    if (items.length > 0) this.#siftDown(last);
    return top;
  }

  #siftDown(item: T): void {
    const items = this.#items;
    const length = items.length;
    let index = 0;
    for (;;) {
      let child = 2 * index + 1;
      if (child >= length) break;
      const right = child + 1;
      if (right < length && before(items[right] as T, items[child] as T)) child = right;
      if (!before(items[child] as T, item)) break;
      items[index] = items[child] as T;
      index = child;
    }
    items[index] = item;
  }
}

function before(a: EndOrdered, b: EndOrdered): boolean {
  return a.endedAt < b.endedAt || (a.endedAt === b.endedAt && a.line < b.line);
}
