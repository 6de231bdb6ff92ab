import { TranscriptInputError } from '../TranscriptInputError.js';
import { transcriptCall } from '../transcriptCall.js';
import type { CallJudge } from './CallJudge.js';
import { callKind } from './callKind.js';

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
  /** Canonical text of each distinct valid outcome of the chunk (a poll loop's answers repeat). */
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
  // The judge hands out one string per distinct answer, so these lookups hash each text once.
  const indexOfText = new Map<string, number>();
  const findings: (number | string)[] = [];
  let lines = 0;
  let failed: string | null = null;
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
    const text = bytes.toString('utf8', start, end);
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
      case 'outcome':
      {
        kinds[lines] = callKind.outcome | callKind.outChecked;
        let index = indexOfText.get(judgement.canonicalText);
        if (index === undefined) {
          index = outcomeTexts.length;
          indexOfText.set(judgement.canonicalText, index);
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
