import { codingOperationClauses, type ClauseId } from '../clauses.js';
import { HistoryChecker } from '../history/HistoryChecker.js';
import { classifyCall, type CallEvidence } from '../protocol/classifyCall.js';
import { RequestTextParseError } from '../protocol/RequestTextParseError.js';
import type { Action, Binding, CodingOperationRequest, Outcome } from '../protocol/types.js';
import type { CallRecord } from '../transport/callRecord.js';
import { validateRequest } from '../protocol/validateRequest.js';
import { validateRequestText } from '../protocol/validateRequestText.js';
import { judgeMalformedAnswer } from '../suite/judgeMalformedAnswer.js';
import type { Violation } from '../violation.js';
import { BoundedCache } from './_internals/BoundedCache.js';
import { EndOrderQueue } from './_internals/EndOrderQueue.js';
import { TranscriptInputError } from './TranscriptInputError.js';
import type { TranscriptCall } from './transcriptCall.js';
import type { ClauseFindings, VerifyFinding, VerifyResult } from './types.js';

/** Options of {@link TranscriptVerifier}. */
export interface TranscriptVerifierOptions {
  /** Judge every answer against this output bound instead of the one recorded on its line. @defaultValue null (the recorded bound) */
  readonly maxOutputBytes?: number | null;
  /** Violations kept in full per clause (all are counted). @defaultValue 10 */
  readonly examplesPerClause?: number;
}

interface PendingOutcome {
  readonly outcome: Outcome;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly line: number;
}

/** Distinct request and answer texts remembered: a run's polling window, many times over. */
const CACHE_ENTRIES = 4_096;

const CATALOG_ORDER = new Map(codingOperationClauses.map((definition, index) => [definition.id, index]));

/**
 * Re-checks a recorded transcript, one call at a time and without an adapter
 * (the pure core of `adapter-qualify verify`):
 *
 * - a well-formed request's answer is judged by `classifyCall`, exactly as in a run:
 *   every OUT clause on exit 0, OUT-EXIT on a valid outcome with a nonzero exit, and
 *   OUT-SIZE on output past the bound;
 * - a malformed request's answer must be a refusal (`judgeMalformedAnswer`); an admission
 *   or a non-refusal breaks each REQ clause the request oracle names (REQ-AUTHORITY excepted:
 *   the transcript does not name the configured authority);
 * - every valid outcome joins its binding's history (`HistoryChecker`).
 *
 * Calls must come in nondecreasing `startedAt` order (as `run` writes the transcript);
 * a call's outcome waits in a queue until no later call can end before it, so the
 * history checker sees each binding in `endedAt` order while only the calls in
 * flight are held. Memory: that window, plus one history summary per binding.
 * @public
 */
export class TranscriptVerifier {
  readonly #maxOutputBytes: number | null;
  readonly #examplesPerClause: number;
  readonly #pending = new EndOrderQueue<PendingOutcome>();
  readonly #histories = new Map<string, HistoryChecker>();
  readonly #findings = new Map<ClauseId, { count: number; examples: VerifyFinding[] }>();
  // Judgements are pure functions of these texts, so equal texts (a poll loop's observes) are judged once.
  // Keyed by the texts themselves (hashing a flat string is cheap; building a composite key is not).
  readonly #requestJudgements: Readonly<Record<Action, BoundedCache<Violation[]>>> = {
    submit: new BoundedCache(CACHE_ENTRIES),
    observe: new BoundedCache(CACHE_ENTRIES),
  };
  readonly #answerJudgements = new BoundedCache<JudgedAnswer>(CACHE_ENTRIES);
  #lastStart = -Infinity;
  #lastLine = 0;
  #lines = 0;
  #outChecked = 0;
  #outcomes = 0;
  #refusalsChecked = 0;
  #maskedSkipped = 0;

  /** @param options - output bound override and how many examples to keep */
  constructor(options: TranscriptVerifierOptions = {}) {
    this.#maxOutputBytes = options.maxOutputBytes ?? null;
    this.#examplesPerClause = options.examplesPerClause ?? 10;
  }

  /**
   * Checks one call.
   * @param call - the next transcript line, read by `transcriptCall`
   * @throws TranscriptInputError when the call starts before the previous one
   */
  add(call: TranscriptCall): void {
    const { record, line } = call;
    if (record.startedAt < this.#lastStart) {
      throw new TranscriptInputError(
        `line ${line} starts (startedAt ${record.startedAt}) before line ${this.#lastLine} (${this.#lastStart}): the transcript must be in startedAt order, as run writes it`,
        line,
        'startedAt',
      );
    }
    this.#lastStart = record.startedAt;
    this.#lastLine = line;
    this.#lines += 1;
    // Every later call starts at or after this one, so nothing can end before what ended by now.
    this.#drain(record.startedAt);

    if (call.masked) {
      // Masked output is not what the adapter wrote: judging it could only invent violations.
      this.#maskedSkipped += 1;
      return;
    }
    const requestViolations = this.#judgeRequest(call);
    if (requestViolations.length > 0) {
      this.#checkRefusal(call, requestViolations);
      return;
    }
    const request = call.request as CodingOperationRequest;
    const bounded = this.#maxOutputBytes === null ? record : { ...record, maxOutputBytes: this.#maxOutputBytes };
    if (bounded.uncertainty === 'output-overflow') {
      this.#outChecked += 1;
      this.#note('OUT-SIZE', [line], `stdout passed the output bound of ${bounded.maxOutputBytes} bytes`);
      return;
    }
    const evidence = this.#classify(bounded, request.binding);
    if (evidence.kind === 'outcome') {
      this.#outChecked += 1;
      this.#outcomes += 1;
      this.#pending.push({ outcome: evidence.outcome, startedAt: record.startedAt, endedAt: record.endedAt, line });
      return;
    }
    if (bounded.uncertainty === null || evidence.violations.length > 0) this.#outChecked += 1;
    for (const found of evidence.violations) this.#note(found.clauseId, [line], found.message);
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
      bindings: this.#histories.size,
      refusalsChecked: this.#refusalsChecked,
      maskedSkipped: this.#maskedSkipped,
      violated,
    };
  }

  /** The REQ clauses the request breaks (the oracle of the suite's generators); empty for a well-formed request. */
  #judgeRequest(call: TranscriptCall): Violation[] {
    const context = { argvAction: call.record.action };
    if (!call.hasRequestText) return validateRequest(call.request, context);
    const text = call.record.requestText;
    return this.#requestJudgements[context.argvAction].get(text, () => {
      try {
        // The exact text: `1e400` in it is Infinity, where the parsed-back `request` holds null.
        return validateRequestText(text, context);
      } catch (error) {
        if (error instanceof RequestTextParseError) return [{ clauseId: 'REQ-REQUIRED', message: 'request text is not JSON' }];
        throw error;
      }
    });
  }

  /** `classifyCall`, judged once per distinct stdout with the same binding and exit facts. */
  #classify(record: CallRecord, binding: Binding): CallEvidence {
    const judge = (): JudgedAnswer => ({ evidence: classifyCall(record, binding), binding, record });
    let judged = this.#answerJudgements.get(record.stdout, judge);
    if (!sameJudgement(judged, record, binding)) {
      judged = judge();
      this.#answerJudgements.set(record.stdout, judged);
    }
    return judged.evidence;
  }

  #checkRefusal(call: TranscriptCall, requestViolations: readonly Violation[]): void {
    const answer = judgeMalformedAnswer(call.record);
    if (answer.kind === 'uncertain') return;
    this.#refusalsChecked += 1;
    if (answer.kind === 'refused') return;
    const message = answer.kind === 'admission'
      ? `admitted a malformed request: answered state "${answer.state}"`
      : 'did not refuse a malformed request: exit code 0 without an unknown outcome';
    for (const clauseId of new Set(requestViolations.map((found) => found.clauseId))) this.#note(clauseId, [call.line], message);
  }

  #drain(time: number | undefined): void {
    for (let next = this.#pending.popUpTo(time); next !== undefined; next = this.#pending.popUpTo(time)) {
      const { outcome, line } = next;
      const key = bindingKey(outcome);
      let checker = this.#histories.get(key);
      if (checker === undefined) {
        checker = new HistoryChecker();
        this.#histories.set(key, checker);
      }
      for (const found of checker.add({ outcome, startedAt: next.startedAt, endedAt: next.endedAt, ref: line })) {
        const refs = found.details?.refs;
        this.#note(found.clauseId, Array.isArray(refs) ? (refs as number[]) : [line], found.message);
      }
    }
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

/** A cached `classifyCall` with what it depends on besides stdout. */
interface JudgedAnswer {
  readonly evidence: CallEvidence;
  readonly binding: Binding;
  readonly record: CallRecord;
}

function sameJudgement(judged: JudgedAnswer, record: CallRecord, binding: Binding): boolean {
  const other = judged.record;
  return (
    judged.binding.operationId === binding.operationId &&
    judged.binding.authorityId === binding.authorityId &&
    judged.binding.requestDigest === binding.requestDigest &&
    other.uncertainty === record.uncertainty &&
    other.exitCode === record.exitCode &&
    other.stdoutInvalidUtf8 === record.stdoutInvalidUtf8 &&
    other.maxOutputBytes === record.maxOutputBytes
  );
}

/** Identities and digests cannot hold NUL, so the key is unambiguous. */
function bindingKey(binding: Binding): string {
  return `${binding.operationId}\u0000${binding.authorityId}\u0000${binding.requestDigest}`;
}
