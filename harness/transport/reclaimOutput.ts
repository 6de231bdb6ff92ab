/**
 * Bytes of adapter output read since the last collection after which one is
 * asked for: a call's output is copied several times on its way to a verdict
 * (captured chunks, their concatenation, the decoded text, the transcript line),
 * and all of it is garbage once the call is judged. V8 alone lets such garbage
 * pile up (external memory by up to 64 MiB, the old generation by its growth
 * factor) in each worker, which is what an adapter printing at the output bound
 * on every call turns into hundreds of megabytes. 2 MiB, not 4: it lowered the peak
 * of the deep-JSON subjects of `npm run bench -- --hostile` (docs/performance.md),
 * while a run of the reference adapter reads far less output than either in all.
 */
const RECLAIM_AFTER_BYTES = 2 * 1_048_576;

let unreclaimed = 0;
let scheduled = false;
let provided: (() => void) | undefined;

/**
 * Gives this thread a collector its own context lacks: the CLI's main thread
 * began before `tuneWorkerIsolates` set `--expose-gc`, and the calls it makes
 * itself (the end-of-run re-observation) read outputs as large as the workers' do.
 * @param collect - a full collection of this thread's isolate
 */
export function provideCollector(collect: () => void): void {
  provided = collect;
}

/**
 * Notes that a finished call read `bytes` of output; once the notes pass
 * {@link RECLAIM_AFTER_BYTES}, a full garbage collection runs on the next turn
 * of the event loop (after the call's judging, which makes most of the garbage).
 * Only where the context has `gc` (the suite's worker threads, `workerThreads.ts`)
 * or was given one ({@link provideCollector}); elsewhere V8 decides alone. An
 * adapter whose answers are small never reaches the bound, so a normal run never
 * pays for a collection.
 * @param bytes - stdout and stderr bytes the call held
 */
export function noteOutputRead(bytes: number): void {
  const collect = (globalThis as { gc?: () => void }).gc ?? provided;
  if (collect === undefined) return;
  unreclaimed += bytes;
  if (unreclaimed < RECLAIM_AFTER_BYTES || scheduled) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    unreclaimed = 0;
    collect();
  }).unref();
}
