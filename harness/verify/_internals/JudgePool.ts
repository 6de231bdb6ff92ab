import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { packageRoot } from '../../packageRoot.js';
import type { ChunkJudgement } from './judgeChunk.js';

/** The worker's compiled module (also when this one runs from source, under the tests: `npm test` builds first). */
const WORKER_MODULE = join(packageRoot, 'dist', 'harness', 'verify', '_internals', 'judgeWorkerMain.js');

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
export class JudgePool {
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
