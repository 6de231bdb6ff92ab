import { spawnSync } from 'node:child_process';

/**
 * How long a tracer's probe (a traced `node -e ''`) may take: once per worker, and a loaded machine can take
 * seconds to start a traced Node.js, which must not silently turn a run's fault injection into the fallback.
 */
const PROBE_TIMEOUT_MS = 60_000;

/**
 * Runs a tracer over `node -e ''` and says why it failed, or null when it traced it.
 * @param file - the tracer's executable
 * @param args - its arguments, the traced argv last
 */
export function probeTracer(file: string, args: readonly string[]): string | null {
  const run = spawnSync(file, args, { timeout: PROBE_TIMEOUT_MS, encoding: 'utf8' });
  if (run.error === undefined && run.status === 0) return null;
  return run.error?.message ?? (run.stderr.trim().split('\n').at(-1) || `exit ${String(run.status ?? run.signal)}`);
}

/** The argv a probe traces: the Node.js running the suite, doing nothing. */
export const PROBE_ARGV: readonly [string, ...string[]] = [process.execPath, '-e', ''];
