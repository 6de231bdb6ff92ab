import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { packageRoot } from '../packageRoot.js';
import { readChunks } from '../transcript/readTranscript.js';
import { MAX_READ_LINE_BYTES } from '../transcript/transcriptLine.js';
import { CallJudge } from './CallJudge.js';
import { ChunkReplayer, judgeChunk, type ChunkJudgement } from './chunkJudgement.js';
import { TranscriptVerifier, type TranscriptVerifierOptions, type VerifyResult } from './TranscriptVerifier.js';

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
  const replayer = new ChunkReplayer(new TranscriptVerifier(options), MAX_READ_LINE_BYTES);
  const chunks = readChunks(file, chunkBytes, MAX_READ_LINE_BYTES);
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

/** The worker's compiled module (also when this one runs from source, under the tests: `npm test` builds first). */
const WORKER_MODULE = join(packageRoot, 'dist', 'harness', 'verify', 'judgeWorkerMain.js');

/** Young generation of each worker (MiB). */
const YOUNG_GENERATION_MB = 64;

interface Job {
  readonly resolve: (judgement: ChunkJudgement) => void;
  readonly reject: (error: Error) => void;
}

interface Lane {
  readonly worker: Worker;
  readonly jobs: Map<number, Job>;
}

/**
 * Worker threads that judge transcript chunks (`judgeChunk` with a `CallJudge`
 * each), so reading and judging use every core while the caller replays the
 * judgements in order. A chunk goes to the worker with the fewest chunks queued.
 * @internal
 */
class JudgePool {
  readonly #lanes: Lane[];
  #nextId = 0;
  #failure: Error | null = null;

  /**
   * @param size - worker threads, at least 1
   * @param maxOutputBytes - the output bound override of every `CallJudge`
   */
  constructor(size: number, maxOutputBytes: number | null) {
    this.#lanes = Array.from({ length: size }, () => this.#start(maxOutputBytes));
  }

  /** Judges a chunk on a worker; the chunk's memory moves to that thread. */
  judge(chunk: Buffer): Promise<ChunkJudgement> {
    if (this.#failure !== null) return Promise.reject(this.#failure);
    let lane = this.#lanes[0] as Lane;
    for (const candidate of this.#lanes) if (candidate.jobs.size < lane.jobs.size) lane = candidate;
    const id = this.#nextId++;
    // Memory bigger than Buffer's pool is the chunk's own and moves as is; pooled memory is copied first.
    const own = chunk.buffer instanceof ArrayBuffer && chunk.buffer.byteLength > Buffer.poolSize ? chunk : new Uint8Array(chunk);
    const buffer = own.buffer as ArrayBuffer;
    return new Promise((resolve, reject) => {
      lane.jobs.set(id, { resolve, reject });
      lane.worker.postMessage({ id, buffer, offset: own.byteOffset, length: own.length }, [buffer]);
    });
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    await Promise.all(this.#lanes.map((lane) => lane.worker.terminate()));
  }

  #start(maxOutputBytes: number | null): Lane {
    // A young generation larger than the default: each line's parse is garbage at once, so fewer collections copy less.
    const worker = new Worker(WORKER_MODULE, { workerData: { maxOutputBytes }, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    const lane: Lane = { worker, jobs: new Map() };
    worker.on('message', (message: { id: number; judgement?: ChunkJudgement; error?: string }) => {
      const job = lane.jobs.get(message.id);
      lane.jobs.delete(message.id);
      if (message.judgement !== undefined) job?.resolve(message.judgement);
      else job?.reject(new Error(`verify worker failed: ${message.error ?? 'no judgement'}`));
    });
    const fail = (error: Error): void => {
      this.#failure ??= error;
      for (const job of lane.jobs.values()) job.reject(error);
      lane.jobs.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`verify worker exited (code ${code})`)));
    return lane;
  }
}
