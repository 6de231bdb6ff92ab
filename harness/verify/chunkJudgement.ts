import { isAscii } from 'node:buffer';
import type { ClauseId } from '../clauses.js';
import type { Outcome } from '../protocol/types.js';
import { lineTooLong, TranscriptInputError, transcriptCall } from '../transcript/transcriptLine.js';
import { MASKED, NO_FINDINGS, type CallFinding, type CallJudge, type CallJudgement } from './CallJudge.js';
import type { TranscriptVerifier, VerifyResult } from './TranscriptVerifier.js';

/** Bits of `ChunkJudgement.kinds`: what one line of a chunk showed. @internal */
const callKind = {
  /** Counted as an answer checked against OUT. */
  outChecked: 1,
  /** Counted as a refusal checked. */
  refusalChecked: 2,
  /** Not judged: masked output. */
  masked: 4,
  /** A valid outcome (`outcomeIndex` says which). */
  outcome: 8,
} as const;

/**
 * The judgements of a chunk's lines, packed flat so that posting it between
 * threads copies a few arrays, not an object per line. Line `i` of the chunk is
 * the chunk's first line plus `i`.
 * @internal
 */
export interface ChunkJudgement {
  /** Lines judged: all of the chunk's, or those before `failed`. */
  readonly lines: number;
  /** `startedAt` of each line. */
  readonly starts: Float64Array<ArrayBuffer>;
  /** `endedAt` of each line. */
  readonly ends: Float64Array<ArrayBuffer>;
  /** `callKind` bits of each line. */
  readonly kinds: Uint8Array<ArrayBuffer>;
  /** Per line with a valid outcome: its index in `outcomeTexts`. */
  readonly outcomeIndex: Uint32Array<ArrayBuffer>;
  /** Canonical text of each valid outcome the chunk's lines gave, once per answer the judge remembered (a poll loop's answers repeat). */
  readonly outcomeTexts: string[];
  /** Per finding of any line (masked and outcome lines have theirs too), in line order: its line index, clause ID and message. */
  readonly findings: (number | string)[];
  /** The text of the line `transcriptCall` refused (the chunk's judging stopped there), or null. */
  readonly failed: string | null;
}

const NEWLINE = 0x0a;

/**
 * Reads and judges every line of a chunk (lines ending with a newline, the last
 * one possibly without), with `transcriptCall` and `judge`.
 *
 * @param bytes - the chunk
 * @param judge - the per-call judge (its caches carry over between chunks)
 * @internal
 */
export function judgeChunk(bytes: Buffer, judge: CallJudge): ChunkJudgement {
  // A transcript line takes a few hundred bytes; the arrays grow if lines are shorter.
  let capacity = Math.ceil(bytes.length / 256) + 16;
  let starts = new Float64Array(capacity);
  let ends = new Float64Array(capacity);
  let kinds = new Uint8Array(capacity);
  let outcomeIndex = new Uint32Array(capacity);
  const outcomeTexts: string[] = [];
  // Keyed by the outcome object the judge hands out per distinct answer it remembers: an
  // object's identity hash is kept in it, where V8 hashes a new string key character by
  // character (a third of this function's time, keyed by the texts). Two answers with one
  // canonical text (one of them not canonical) list it twice: the replay only parses it twice.
  const indexOfOutcome = new Map<Outcome, number>();
  const findings: (number | string)[] = [];
  let lines = 0;
  let failed: string | null = null;
  // One scan of the chunk: ASCII bytes read as Latin-1 are the same text as read as UTF-8, without the decoder's checks.
  const encoding = isAscii(bytes) ? 'latin1' : 'utf8';
  for (let start = 0; start < bytes.length; lines += 1) {
    if (lines === capacity) {
      capacity *= 2;
      const [moreStarts, moreEnds, moreKinds, moreIndex] = [new Float64Array(capacity), new Float64Array(capacity), new Uint8Array(capacity), new Uint32Array(capacity)];
      moreStarts.set(starts);
      moreEnds.set(ends);
      moreKinds.set(kinds);
      moreIndex.set(outcomeIndex);
      [starts, ends, kinds, outcomeIndex] = [moreStarts, moreEnds, moreKinds, moreIndex];
    }
    const newline = bytes.indexOf(NEWLINE, start);
    const end = newline === -1 ? bytes.length : newline;
    const text = bytes.toString(encoding, start, end);
    start = end + 1;
    let call;
    try {
      // The line number only names the line in an error, which the caller rebuilds with the real number.
      call = transcriptCall(text, lines + 1);
    } catch (error) {
      if (!(error instanceof TranscriptInputError)) throw error;
      failed = text;
      break;
    }
    starts[lines] = call.record.startedAt;
    ends[lines] = call.record.endedAt;
    const judgement = judge.judge(call);
    switch (judgement.kind) {
      case 'masked':
        kinds[lines] = callKind.masked;
        break;
      case 'outcome': {
        kinds[lines] = callKind.outcome | callKind.outChecked;
        let index = indexOfOutcome.get(judgement.outcome);
        if (index === undefined) {
          index = outcomeTexts.length;
          indexOfOutcome.set(judgement.outcome, index);
          outcomeTexts.push(judgement.canonicalText);
        }
        outcomeIndex[lines] = index;
        break;
      }
      case 'findings':
        kinds[lines] = (judgement.outChecked ? callKind.outChecked : 0) | (judgement.refusalChecked ? callKind.refusalChecked : 0);
    }
    for (const found of judgement.findings) findings.push(lines, found.clauseId, found.message);
  }
  return { lines, starts, ends, kinds, outcomeIndex, outcomeTexts, findings, failed };
}

/**
 * Feeds chunk judgements to a {@link TranscriptVerifier} in transcript order,
 * numbering their lines: the ordered half of `verify`, wherever the chunks were judged.
 * @internal
 */
export class ChunkReplayer {
  readonly #verifier: TranscriptVerifier;
  readonly #maxLineBytes: number;
  #lines = 0;

  /**
   * @param verifier - where the calls go
   * @param maxLineBytes - the longest line accepted (named when a line is longer)
   */
  constructor(verifier: TranscriptVerifier, maxLineBytes: number) {
    this.#verifier = verifier;
    this.#maxLineBytes = maxLineBytes;
  }

  /**
   * Feeds the next chunk's calls.
   * @throws TranscriptInputError on a call out of order, or the line the chunk's judging refused
   */
  replay(chunk: ChunkJudgement): void {
    const { starts, ends, kinds, outcomeIndex, outcomeTexts, findings } = chunk;
    // Parsed from the canonical texts even on the judging thread: objects parsed from an
    // adapter's stdout would keep that text alive (substrings) in every binding's history.
    // Not cached: a chunk lists each text once, and a text recurs in another chunk too seldom
    // (0.2% of the million synthetic lines' texts) to pay for a cache.
    const outcomes = outcomeTexts.map((text) => JSON.parse(text) as Outcome);
    // Judgements are never changed: lines with the same outcome and no findings of their own share one.
    const plainOutcomes: (CallJudgement | undefined)[] = [];
    let nextFinding = 0;
    for (let index = 0; index < chunk.lines; index += 1) {
      const kind = kinds[index] as number;
      let found: readonly CallFinding[] = NO_FINDINGS;
      if (nextFinding < findings.length && findings[nextFinding] === index) {
        const own: CallFinding[] = [];
        for (; nextFinding < findings.length && findings[nextFinding] === index; nextFinding += 3) {
          own.push({ clauseId: findings[nextFinding + 1] as ClauseId, message: findings[nextFinding + 2] as string });
        }
        found = own;
      }
      let judgement: CallJudgement;
      if ((kind & callKind.masked) !== 0) {
        judgement = found === NO_FINDINGS ? MASKED : { kind: 'masked', findings: found };
      } else if ((kind & callKind.outcome) !== 0) {
        const which = outcomeIndex[index] as number;
        const shared = found === NO_FINDINGS ? plainOutcomes[which] : undefined;
        judgement = shared ?? { kind: 'outcome', outcome: outcomes[which] as Outcome, canonicalText: outcomeTexts[which] as string, findings: found };
        if (found === NO_FINDINGS) plainOutcomes[which] = judgement;
      } else {
        judgement = { kind: 'findings', outChecked: (kind & callKind.outChecked) !== 0, refusalChecked: (kind & callKind.refusalChecked) !== 0, findings: found };
      }
      this.#verifier.addJudged(this.#lines + index + 1, starts[index] as number, ends[index] as number, judgement);
    }
    this.#lines += chunk.lines;
    if (chunk.failed !== null) {
      // Read again with its real number, for the same error the judging thread saw.
      transcriptCall(chunk.failed, this.#lines + 1);
      throw new Error(`verify: line ${this.#lines + 1} was refused by one thread and accepted by another`);
    }
  }

  /** The error ending the stream at the next line, which is longer than the longest accepted. */
  lineTooLong(): TranscriptInputError {
    return lineTooLong(this.#lines + 1, this.#maxLineBytes);
  }

  /** The verdict, once every chunk is replayed. */
  finish(): VerifyResult {
    return this.#verifier.finish();
  }
}
