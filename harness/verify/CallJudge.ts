import type { ClauseId } from '../clauses.js';
import { classifyCall, type CallEvidence } from '../judge/callEvidence.js';
import { judgeUniqueKeys } from '../protocol/checkUniqueKeys.js';
import { judgeRequestText, RequestTextParseError, validateRequest } from '../protocol/validateRequest.js';
import type { Action, Binding, CodingOperationRequest, Outcome } from '../protocol/types.js';
import { judgeMalformedAnswer } from '../judge/judgeMalformedAnswer.js';
import { judgeStderrBound } from '../judge/judgeStderrBound.js';
import type { CallRecord } from '../transport/callRecord.js';
import type { Violation } from '../violation.js';
import type { TranscriptCall } from '../transcript/transcriptLine.js';
import { BoundedCache } from './BoundedCache.js';

/** A clause one call breaks on its own (no history needed). */
export interface CallFinding {
  readonly clauseId: ClauseId;
  readonly message: string;
}

/**
 * What one call shows by itself:
 * - `masked`: its answer not judged (the run masked secrets in its output);
 * - `findings`: its OUT or REQ violations (possibly none), and whether it counted as an OUT check or a refusal check;
 * - `outcome`: a valid outcome for its binding's history, with its canonical text and the
 *   SHOULD findings that leave it evidence (OUT-UNIQUE-KEYS).
 *
 * Every kind carries its `findings`: the stderr bound is judged whatever the answer was.
 * @internal
 */
export type CallJudgement =
  | { readonly kind: 'masked'; readonly findings: readonly CallFinding[] }
  | { readonly kind: 'findings'; readonly outChecked: boolean; readonly refusalChecked: boolean; readonly findings: readonly CallFinding[] }
  | { readonly kind: 'outcome'; readonly outcome: Outcome; readonly canonicalText: string; readonly findings: readonly CallFinding[] };

/**
 * Distinct request and answer texts remembered. A default run repeats a text at most
 * ~90 lines later (p99 ~30), so half of this (a generation) holds every repeat; a small
 * cache also keeps the garbage collector's work small, since every entry alive at a
 * collection is copied (512 took 2% more CPU on 1 M synthetic lines, for no more hits).
 */
const CACHE_ENTRIES = 256;

/** The findings of a call that broke nothing on its own (one shared empty list). @internal */
export const NO_FINDINGS: readonly CallFinding[] = [];

/** The judgement of a masked call with no findings. @internal */
export const MASKED: CallJudgement = { kind: 'masked', findings: NO_FINDINGS };

/**
 * Judges each call of a transcript on its own, exactly as a run does (the
 * per-call half of `TranscriptVerifier`; the history half needs the calls in
 * order, this half does not, so it can run on any thread):
 *
 * - a well-formed request's answer is judged by `classifyCall`: every OUT clause
 *   on exit 0, OUT-EXIT on a valid outcome with a nonzero exit, OUT-SIZE on output past the bound;
 * - a malformed request's answer must be a refusal (`judgeMalformedAnswer`); an admission
 *   or a non-refusal breaks each REQ clause the request oracle names (REQ-AUTHORITY excepted:
 *   the transcript does not name the configured authority);
 * - every call, masked or not, is judged against the host's stderr bound (`judgeStderrBound`,
 *   which judges only a call that exited 0): masking changes texts, never the byte count.
 *
 * Judgements are pure functions of the texts, so equal texts (a poll loop's observes)
 * are judged once, in bounded caches.
 * @internal
 */
export class CallJudge {
  readonly #maxOutputBytes: number | null;
  // Keyed by the texts themselves (building a composite key is not cheap).
  readonly #requestJudgements: Readonly<Record<Action, BoundedCache<RequestJudgement>>> = {
    submit: new BoundedCache(CACHE_ENTRIES),
    observe: new BoundedCache(CACHE_ENTRIES),
  };
  readonly #answerJudgements = new BoundedCache<JudgedAnswer>(CACHE_ENTRIES);

  /** @param maxOutputBytes - judge every answer against this output bound instead of the one recorded on its line */
  constructor(maxOutputBytes: number | null) {
    this.#maxOutputBytes = maxOutputBytes;
  }

  /** Judges one call. */
  judge(call: TranscriptCall): CallJudgement {
    const answer = this.#judgeAnswer(call);
    const bound = judgeStderrBound(call.record).found;
    return bound === null ? answer : { ...answer, findings: [...answer.findings, { clauseId: bound.clauseId, message: bound.message }] };
  }

  /** What the call's answer shows (its stdout and exit, given its request). */
  #judgeAnswer(call: TranscriptCall): CallJudgement {
    if (call.masked) return MASKED;
    const request = this.#judgeRequest(call);
    if (!request.wellFormed) return judgeRefusal(call.record, request.violations);
    const record = call.record;
    const bounded = this.#maxOutputBytes === null ? record : { ...record, maxOutputBytes: this.#maxOutputBytes };
    if (bounded.uncertainty === 'output-overflow') {
      return findings(true, false, [{ clauseId: 'OUT-SIZE', message: `stdout passed the output bound of ${bounded.maxOutputBytes} bytes` }]);
    }
    const judged = this.#classify(bounded, request.binding);
    const evidence = judged.evidence;
    if (evidence.kind === 'outcome') {
      const canonicalText = evidence.canonicalText;
      // canonicalJson writes each key of an object once, so its exact text repeats no key: the scan could only find nothing.
      judged.uniqueKeys ??= isCanonicalAnswer(record.stdout, canonicalText) ? NO_FINDINGS : uniqueKeyFindings(record.stdout);
      return { kind: 'outcome', outcome: evidence.outcome, canonicalText, findings: judged.uniqueKeys };
    }
    const outChecked = bounded.uncertainty === null || evidence.violations.length > 0;
    const uniqueKeys = outChecked ? (judged.uniqueKeys ??= uniqueKeyFindings(record.stdout)) : NO_FINDINGS;
    return findings(outChecked, false, [...evidence.violations.map((found) => ({ clauseId: found.clauseId, message: found.message })), ...uniqueKeys]);
  }

  /**
   * The request oracle's judgement of the request sent: of the exact text when the line
   * has it (its parsed copy `request` is then not read), else of `request`.
   */
  #judgeRequest(call: TranscriptCall): RequestJudgement {
    const context = { argvAction: call.record.action };
    if (!call.hasRequestText) return requestJudgement(call.request, validateRequest(call.request, context));
    const text = call.record.requestText;
    return this.#requestJudgements[context.argvAction].get(text, () => {
      try {
        // The exact text: `1e400` in it is Infinity, where the parsed-back `request` holds null.
        const { request, violations } = judgeRequestText(text, context);
        return requestJudgement(request, violations);
      } catch (error) {
        if (error instanceof RequestTextParseError) return { wellFormed: false, violations: [{ clauseId: 'REQ-REQUIRED', message: 'request text is not JSON' }] };
        throw error;
      }
    });
  }

  /** `classifyCall`, judged once per distinct stdout with the same binding and exit facts. */
  #classify(record: CallRecord, binding: Binding): JudgedAnswer {
    const judge = (): JudgedAnswer => ({ evidence: classifyCall(record, binding), facts: answerFacts(record, binding), uniqueKeys: undefined });
    let judged = this.#answerJudgements.get(record.stdout, judge);
    if (!sameJudgement(judged, record, binding)) {
      judged = judge();
      this.#answerJudgements.set(record.stdout, judged);
    }
    return judged;
  }
}

function findings(outChecked: boolean, refusalChecked: boolean, found: readonly CallFinding[]): CallJudgement {
  return { kind: 'findings', outChecked, refusalChecked, findings: found.length === 0 ? NO_FINDINGS : found };
}

/** A request as the oracle judged it: a well-formed one's binding (what its answer must carry), or what it breaks. */
type RequestJudgement = { readonly wellFormed: true; readonly binding: Binding } | { readonly wellFormed: false; readonly violations: readonly Violation[] };

function requestJudgement(request: unknown, violations: readonly Violation[]): RequestJudgement {
  // The oracle found nothing wrong, so the request is an object with a well-formed binding.
  return violations.length === 0 ? { wellFormed: true, binding: (request as CodingOperationRequest).binding } : { wellFormed: false, violations };
}

function judgeRefusal(record: CallRecord, requestViolations: readonly Violation[]): CallJudgement {
  const answer = judgeMalformedAnswer(record);
  if (answer.kind === 'uncertain') return findings(false, false, NO_FINDINGS);
  if (answer.kind === 'refused') return findings(false, true, NO_FINDINGS);
  const message =
    answer.kind === 'admission' ? `admitted a malformed request: answered state "${answer.state}"` : 'did not refuse a malformed request: exit code 0 without an unknown outcome';
  return findings(
    false,
    true,
    [...new Set(requestViolations.map((found) => found.clauseId))].map((clauseId) => ({ clauseId, message })),
  );
}

/** What `classifyCall` depends on besides stdout (copied: the cache must not hold whole records). */
interface AnswerFacts {
  readonly operationId: string;
  readonly authorityId: string;
  readonly requestDigest: string;
  readonly uncertainty: CallRecord['uncertainty'];
  readonly exitCode: number | null;
  readonly stdoutInvalidUtf8: boolean;
  readonly maxOutputBytes: number;
}

/** A cached `classifyCall` with what it depends on besides stdout. */
interface JudgedAnswer {
  readonly evidence: CallEvidence;
  readonly facts: AnswerFacts;
  /** OUT-UNIQUE-KEYS, a property of the stdout text alone, once needed. */
  uniqueKeys: readonly CallFinding[] | undefined;
}

/** Whether stdout is exactly the canonical text, alone or with the newline that ends it. */
function isCanonicalAnswer(stdout: string, canonicalText: string): boolean {
  const extra = stdout.length - canonicalText.length;
  // A slice compared whole: three times faster than `startsWith` on a run's answers.
  return (extra === 0 || (extra === 1 && stdout.charCodeAt(canonicalText.length) === 0x0a)) && stdout.slice(0, canonicalText.length) === canonicalText;
}

function uniqueKeyFindings(stdout: string): readonly CallFinding[] {
  const found = judgeUniqueKeys(stdout).violation;
  return found === null ? NO_FINDINGS : [{ clauseId: found.clauseId, message: found.message }];
}

function answerFacts(record: CallRecord, binding: Binding): AnswerFacts {
  const { uncertainty, exitCode, stdoutInvalidUtf8, maxOutputBytes } = record;
  return { operationId: binding.operationId, authorityId: binding.authorityId, requestDigest: binding.requestDigest, uncertainty, exitCode, stdoutInvalidUtf8, maxOutputBytes };
}

function sameJudgement(judged: JudgedAnswer, record: CallRecord, binding: Binding): boolean {
  const facts = judged.facts;
  return (
    facts.operationId === binding.operationId &&
    facts.authorityId === binding.authorityId &&
    facts.requestDigest === binding.requestDigest &&
    facts.uncertainty === record.uncertainty &&
    facts.exitCode === record.exitCode &&
    facts.stdoutInvalidUtf8 === record.stdoutInvalidUtf8 &&
    facts.maxOutputBytes === record.maxOutputBytes
  );
}
