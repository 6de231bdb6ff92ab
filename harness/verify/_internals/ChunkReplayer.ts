import type { ClauseId } from '../../clauses.js';
import type { Outcome } from '../../protocol/types.js';
import type { TranscriptInputError } from '../TranscriptInputError.js';
import { transcriptCall } from '../transcriptCall.js';
import type { TranscriptVerifier } from '../TranscriptVerifier.js';
import type { VerifyResult } from '../types.js';
import { BoundedCache } from './BoundedCache.js';
import type { CallFinding, CallJudgement } from './CallJudge.js';
import { callKind } from './callKind.js';
import type { ChunkJudgement } from './judgeChunk.js';
import { lineTooLong } from './lineTooLong.js';

/** Distinct outcome texts remembered: a poll loop's answers repeat. */
const OUTCOME_CACHE_ENTRIES = 512;

/**
 * Feeds chunk judgements to a {@link TranscriptVerifier} in transcript order,
 * numbering their lines: the ordered half of `verify`, wherever the chunks were judged.
 * @internal
 */
export class ChunkReplayer {
  readonly #verifier: TranscriptVerifier;
  readonly #maxLineBytes: number;
  // Outcomes come as canonical texts; equal texts are parsed once.
  readonly #outcomes = new BoundedCache<Outcome>(OUTCOME_CACHE_ENTRIES);
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
    const outcomes = outcomeTexts.map((text) => this.#outcomes.get(text, () => JSON.parse(text) as Outcome));
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
        judgement = { kind: 'outcome', outcome: outcomes[which] as Outcome, canonicalText: outcomeTexts[which] as string, findings: found };
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

const NO_FINDINGS: readonly CallFinding[] = [];

const MASKED: CallJudgement = { kind: 'masked', findings: NO_FINDINGS };
