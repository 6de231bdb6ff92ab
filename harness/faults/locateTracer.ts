import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

/** How the fault suites inject faults on this machine. */
export type FaultMethod = 'syscall' | 'timing';

/** Whether strace can trace adapter calls here, and if not, why. */
export type TracerStatus = { readonly method: 'syscall'; readonly path: string } | { readonly method: 'timing'; readonly reason: string };

/** Where Debian installs strace. */
export const DEFAULT_TRACER = '/usr/bin/strace';
/**
 * Overrides the tracer's path (internal: tests point it at a missing binary to
 * exercise the timing fallback).
 */
export const TRACER_ENV = 'ADAPTER_QUALIFY_TRACER';

const cache = new Map<string, TracerStatus>();

/**
 * How long the probe (a traced `node -e ''`) may take: once per worker, and a loaded machine can take
 * seconds to start a traced Node.js, which must not silently turn a run's fault injection into the fallback.
 */
const PROBE_TIMEOUT_MS = 60_000;

/**
 * Finds strace and proves it can trace a child here (ptrace may be forbidden
 * in a container), once per path and process.
 * @param path - the tracer to try @defaultValue `$ADAPTER_QUALIFY_TRACER`, else {@link DEFAULT_TRACER}
 */
export function locateTracer(path: string = process.env[TRACER_ENV] ?? DEFAULT_TRACER): TracerStatus {
  let status = cache.get(path);
  if (status === undefined) {
    status = probe(path);
    cache.set(path, status);
  }
  return status;
}

function probe(path: string): TracerStatus {
  if (process.platform !== 'linux') return { method: 'timing', reason: `syscall fault injection uses strace, which needs Linux (this is ${process.platform})` };
  try {
    accessSync(path, constants.X_OK);
  } catch {
    return { method: 'timing', reason: `no syscall tracer at ${path} (install Debian's strace: apt-get install strace)` };
  }
  const probeRun = spawnSync(path, ['-f', '-qq', '-o', '/dev/null', '-e', 'trace=none', '--', process.execPath, '-e', ''], { timeout: PROBE_TIMEOUT_MS, encoding: 'utf8' });
  if (probeRun.error === undefined && probeRun.status === 0) return { method: 'syscall', path };
  const why = probeRun.error?.message ?? (probeRun.stderr.trim().split('\n').at(-1) || `exit ${String(probeRun.status ?? probeRun.signal)}`);
  return { method: 'timing', reason: `${path} cannot trace a child here (is ptrace permitted?): ${why}` };
}
