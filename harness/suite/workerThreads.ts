import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { provideCollector } from '../transport/reclaimOutput.js';

/**
 * How the suite's vitest workers run, so that what an adapter prints costs the run
 * as little memory as it can (measured by `npm run bench -- --hostile`; docs/performance.md
 * has the figures):
 *
 * - worker threads of the run's own process, not worker processes: a process of its
 *   own carries its own copy of Node.js, V8's built-ins and every loaded module's code
 *   (two forked workers weighed more than the whole rest of the run), where a thread
 *   shares them with the process;
 * - two workers at most, splitting `--concurrency` between them: the tests spend their
 *   time waiting for adapter processes, so two files at a time keep two cores busy;
 * - for the isolates the CLI creates once a run starts ({@link tuneWorkerIsolates}): a
 *   1 MiB semi-space (by default the young generation grows to 16 MiB per space, filled
 *   with short-lived copies of adapter output), `--optimize-for-size`, and `--expose-gc`
 *   so that a worker reading large outputs collects their garbage (`noteOutputRead`)
 *   instead of letting it pile up with the adapter's floods.
 */
export interface WorkerPoolOptions {
  /** Vitest's pool: `node:worker_threads`. */
  readonly pool: 'threads';
  /** Suite worker threads at most. */
  readonly maxWorkers: number;
  /** Tests at once per worker. */
  readonly maxConcurrency: number;
}

/**
 * The vitest options that start the suite's workers for a run of `concurrency`
 * adapter processes at once.
 * @param concurrency - `--concurrency`, at least 1
 */
export function workerPoolOptions(concurrency: number): WorkerPoolOptions {
  const maxWorkers = Math.min(2, concurrency);
  return { pool: 'threads', maxWorkers, maxConcurrency: Math.max(1, Math.floor(concurrency / maxWorkers)) };
}

/** The V8 settings of the suite's worker isolates (see {@link WorkerPoolOptions}). */
export const WORKER_ISOLATE_FLAGS: readonly string[] = Object.freeze(['--max-semi-space-size=1', '--optimize-for-size', '--expose-gc']);

/**
 * Gives every V8 isolate this process creates from now on the suite workers' settings
 * ({@link WORKER_ISOLATE_FLAGS}), and this thread a collector for the calls it makes
 * itself. A worker thread takes no V8 options of its own, so they are set for the
 * process: by the CLI's `run` command only, never by the library's `runQualification`,
 * whose caller owns its process; and only just before the workers start
 * (`runQualification`'s `onWorkersStarting`), because `--optimize-for-size` also slows
 * this thread's own work: set before vitest and vite were loaded, it delayed the first
 * adapter call. The heap that loading grew is then collected once, under the new
 * settings, so the run starts from less memory than with the settings made first.
 */
export function tuneWorkerIsolates(): void {
  for (const flag of WORKER_ISOLATE_FLAGS) setFlagsFromString(flag);
  // This thread's own context began before `--expose-gc`; a context made now has `gc`, which collects the whole isolate.
  const collect = runInNewContext('gc') as () => void;
  provideCollector(collect);
  collect();
}
