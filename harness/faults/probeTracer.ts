import { execFile } from 'node:child_process';
import { describeError } from '../UsageError.js';

/**
 * How long a tracer's probe (a traced `node -e ''`) may take: once per worker, and a loaded machine can take
 * seconds to start a traced Node.js, which must not silently turn a run's fault injection into the fallback.
 */
const PROBE_TIMEOUT_MS = 60_000;

/**
 * Runs a tracer over `node -e ''` and says why it failed, or null when it traced it. Asynchronous:
 * the probe takes about 100 ms, which the worker's other tests (and their adapter calls) use meanwhile.
 * @param file - the tracer's executable
 * @param args - its arguments, the traced argv last
 */
export function probeTracer(file: string, args: readonly string[]): Promise<string | null> {
  return new Promise((resolve) => {
    try {
      execFile(file, args, { timeout: PROBE_TIMEOUT_MS, encoding: 'utf8' }, (error, _stdout, stderr) => {
        if (error === null) resolve(null);
        else if (error.killed === true) resolve(`the probe did not finish within ${String(PROBE_TIMEOUT_MS)} ms`);
        // One that could not start says why in the error; one that ran and failed, on its last stderr line.
        else if (typeof error.code === 'string') resolve(error.message);
        else resolve(stderr.trim().split('\n').at(-1) || `exit ${String(error.code ?? error.signal)}`);
      });
    } catch (error) {
      // An argument Node.js refuses outright (a NUL in $ADAPTER_QUALIFY_PYTHON): never a rejection, a reason.
      resolve(describeError(error));
    }
  });
}

/** The argv a probe traces: the Node.js running the suite, doing nothing. */
export const PROBE_ARGV: readonly [string, ...string[]] = [process.execPath, '-e', ''];
