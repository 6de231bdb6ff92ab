import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { adapterEnvironment, SCRUBBED_ENVIRONMENT, type EnvironmentPolicy } from '../transport/containment/environment.js';
import { launchCommand } from '../transport/containment/launcher.js';
import { killProcessGroup } from '../transport/process.js';
import type { LifecycleOption } from './lifecycleOption.js';

/** Bytes of stdout/stderr kept for the report (the tail). */
const KEPT_OUTPUT_BYTES = 4_096;

/** What running the restart step showed. */
export interface RestartResult {
  /** The argv run, executable first. */
  readonly argv: readonly string[];
  /** `ADAPTER_QUALIFY_CALL` of the step (process accounting, like adapter calls). */
  readonly callId: string;
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** The deadline expired and its process group was killed. */
  readonly timedOut: boolean;
  readonly durationMs: number;
  /** The last bytes of stdout and stderr together, for diagnostics. */
  readonly outputTail: string;
  /** Why it could not be started, when it could not. */
  readonly spawnError: string | null;
}

/**
 * Runs the declared restart step (`--lifecycle`): no shell, in the lifecycle
 * file's directory, as the leader of its own process group, with the run's
 * environment markers (`ADAPTER_QUALIFY_SCRATCH`, a fresh `ADAPTER_QUALIFY_CALL`),
 * in the environment adapter calls get and through the same per-call launcher.
 * The group is killed at the deadline and again when the step ends, so nothing
 * it started in its group outlives it.
 * @param lifecycle - a lifecycle with a restart step.
 * @param env - extra environment (the run's scratch directory).
 * @param timeoutMs - the step's deadline.
 * @param environment - which of the suite's variables it receives. @defaultValue scrubbed
 * @returns the step's result; never rejects for anything the step does.
 * @public
 */
export async function runRestartStep(
  lifecycle: LifecycleOption & { readonly restart: readonly string[] },
  env: Readonly<Record<string, string>>,
  timeoutMs: number,
  environment: EnvironmentPolicy = SCRUBBED_ENVIRONMENT,
): Promise<RestartResult> {
  // Loaded here, not with the module: only runs with --lifecycle use it, and loading it cost every suite worker about 0.09 s of its start.
  const { execa } = await import('execa');
  const [executable = '', ...args] = lifecycle.restart;
  const callId = randomUUID();
  const startedAt = Date.now();
  const launch = launchCommand([executable, ...args], callId);
  const subprocess = execa(launch.file, launch.args, {
    cwd: path.dirname(lifecycle.path),
    env: adapterEnvironment(environment, { ...env, ADAPTER_QUALIFY_CALL: callId }),
    extendEnv: false,
    shell: false,
    detached: true,
    cleanup: false,
    stdin: 'ignore',
    all: true,
    reject: false,
    forceKillAfterDelay: false,
    maxBuffer: 1_048_576,
  });
  let timedOut = false;
  const pid = subprocess.pid;
  const deadline = setTimeout(() => {
    timedOut = true;
    if (pid !== undefined) killProcessGroup(pid);
    subprocess.kill('SIGKILL');
  }, timeoutMs);
  try {
    const result = await subprocess;
    const all = typeof result.all === 'string' ? result.all : '';
    return {
      argv: lifecycle.restart,
      callId,
      exitCode: result.exitCode ?? null,
      signal: result.signal ?? null,
      timedOut,
      durationMs: Date.now() - startedAt,
      outputTail: all.slice(-KEPT_OUTPUT_BYTES),
      spawnError: pid === undefined ? (result.originalMessage ?? result.message ?? 'could not be started') : null,
    };
  } finally {
    clearTimeout(deadline);
    if (pid !== undefined) killProcessGroup(pid);
  }
}
