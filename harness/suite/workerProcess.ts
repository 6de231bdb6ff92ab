/**
 * How the suite's vitest workers are started, so that what an adapter prints
 * costs the run as little memory as it can (measured by `npm run bench -- --hostile`;
 * the README's memory section has the figures):
 *
 * - two worker processes at most, splitting `--concurrency` between them: the tests
 *   spend their time waiting for adapter processes, so two files at a time keep two
 *   cores busy, and a worker that is lost takes only its own file's tests with it;
 * - a 1 MiB young generation (`--max-semi-space-size`): by default the semi-spaces
 *   grow to 16 MiB each, filled with short-lived copies of adapter output;
 * - `--optimize-for-size`: V8 trades some optimization for a smaller heap and code
 *   space (both workers together at about 185 MB on the bench's baseline, against 225;
 *   no slower on the native adapter's run, where the suite's own work shows most);
 * - `--expose-gc`, so that a worker reading large outputs collects their garbage
 *   (`noteOutputRead`) instead of letting it pile up with the adapter's floods;
 * - glibc's allocator returns freed blocks of 128 KiB and more to the system at once
 *   (a fixed mmap threshold instead of one that rises with every large block freed,
 *   after which freed output buffers stay resident) and keeps two arenas, not one per thread.
 */
export interface WorkerProcessOptions {
  /** Suite worker processes at most. */
  readonly maxWorkers: number;
  /** Tests at once per worker. */
  readonly maxConcurrency: number;
  /** Node options of each worker process. */
  readonly execArgv: string[];
  /** Added to each worker process's environment (the allocator's settings; an adapter sees them only under `--inherit-env`). */
  readonly env: Record<string, string>;
}

/**
 * The vitest options that start the suite's workers for a run of `concurrency`
 * adapter processes at once.
 * @param concurrency - `--concurrency`, at least 1
 */
export function workerProcessOptions(concurrency: number): WorkerProcessOptions {
  const maxWorkers = Math.min(2, concurrency);
  return {
    maxWorkers,
    maxConcurrency: Math.max(1, Math.floor(concurrency / maxWorkers)),
    execArgv: ['--max-semi-space-size=1', '--optimize-for-size', '--expose-gc'],
    env: { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072', MALLOC_ARENA_MAX: '2' },
  };
}
