import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { CallJudge } from './_internals/CallJudge.js';
import { ChunkReplayer } from './_internals/ChunkReplayer.js';
import { judgeChunk, type ChunkJudgement } from './_internals/judgeChunk.js';
import { JudgePool } from './_internals/JudgePool.js';
import { readChunks } from './_internals/readChunks.js';
import { TranscriptVerifier, type TranscriptVerifierOptions } from './TranscriptVerifier.js';
import type { VerifyResult } from './types.js';

/** Longest transcript line read: a request over the 1 MiB bound, its parsed copy, a full output bound, stderr. */
export const MAX_TRANSCRIPT_LINE_BYTES = 64 * 1024 * 1024;

/** Options of {@link verifyTranscript}. */
export interface VerifyTranscriptOptions extends TranscriptVerifierOptions {
  /**
   * Worker threads judging calls while the main thread reads the file and checks histories;
   * 0 judges on the main thread. @defaultValue one per core (at most 4) for a transcript over 16 MiB, else 0
   */
  readonly workers?: number;
  /** Bytes read at a time. @defaultValue 4 MiB with workers (fewer messages), 1 MiB without (fewer cache misses) */
  readonly chunkBytes?: number;
}

/** Below this size, starting workers costs more than it saves. */
const PARALLEL_MIN_BYTES = 16 * 1024 * 1024;

/** Default workers at most: past these, the thread replaying the judgements in order is the bottleneck. */
const DEFAULT_MAX_WORKERS = 4;

/**
 * Streams a transcript file through a {@link TranscriptVerifier} (the I/O shell
 * of `adapter-qualify verify`). Chunks of lines are judged call by call on worker
 * threads (or on this thread), and replayed here in transcript order for the
 * order and history checks; the verdict is the same either way. An empty line
 * ends nothing and is refused like any other line that is not JSON.
 *
 * Memory: the chunks in flight (two per worker), the verifier's window of calls in
 * flight, and one history summary per binding.
 *
 * @param file - path of `transcript.jsonl`
 * @param options - the verifier's options, worker threads and chunk size
 * @throws TranscriptInputError when the file cannot be read, or a line is not a transcript line or is out of order
 * @public
 */
export async function verifyTranscript(file: string, options: VerifyTranscriptOptions = {}): Promise<VerifyResult> {
  const workers = options.workers ?? (await defaultWorkers(file));
  const chunkBytes = options.chunkBytes ?? (workers === 0 ? 1 : 4) * 1024 * 1024;
  const replayer = new ChunkReplayer(new TranscriptVerifier(options), MAX_TRANSCRIPT_LINE_BYTES);
  const chunks = readChunks(file, chunkBytes, MAX_TRANSCRIPT_LINE_BYTES);
  const maxOutputBytes = options.maxOutputBytes ?? null;
  if (workers === 0) {
    const judge = new CallJudge(maxOutputBytes);
    for await (const chunk of chunks) {
      if (chunk === null) throw replayer.lineTooLong();
      replayer.replay(judgeChunk(chunk, judge));
    }
    return replayer.finish();
  }

  const pool = new JudgePool(workers, maxOutputBytes);
  // null stands for the line past the longest accepted.
  const inFlight: (Promise<ChunkJudgement> | null)[] = [];
  const replayNext = async (): Promise<void> => {
    const next = inFlight.shift();
    if (next === null) throw replayer.lineTooLong();
    if (next !== undefined) replayer.replay(await next);
  };
  try {
    for await (const chunk of chunks) {
      // Judged out of order, replayed in order: a failure surfaces when its chunk's turn comes.
      const judged = chunk === null ? null : pool.judge(chunk);
      void judged?.catch(() => undefined);
      inFlight.push(judged);
      if (inFlight.length >= 2 * workers) await replayNext();
    }
    while (inFlight.length > 0) await replayNext();
    return replayer.finish();
  } finally {
    await pool.close();
  }
}

async function defaultWorkers(file: string): Promise<number> {
  try {
    return (await stat(file)).size > PARALLEL_MIN_BYTES ? Math.min(availableParallelism(), DEFAULT_MAX_WORKERS) : 0;
  } catch {
    // Reading it will say why it cannot be read.
    return 0;
  }
}
