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

/** One syscall invocation of a traced process tree, in the order strace saw them enter. */
export interface TracedSyscall {
  /** The thread that made it (strace `-f` prefixes every line with it). */
  readonly tid: number;
  readonly name: string;
  /** The argument text as printed (descriptors decorated with `-y`). */
  readonly args: string;
  /** The return value as printed, or null when the call never returned (the thread was killed in it). */
  readonly result: string | null;
}

/** What a strace `-f -o FILE` log says. */
export interface StraceLog {
  readonly syscalls: readonly TracedSyscall[];
  /** Threads strace saw killed by SIGKILL. */
  readonly killed: ReadonlySet<number>;
}

// Lines start with the thread id only when strace follows the tree (`-f`); a single traced thread is thread 0.
const COMPLETE = /^(?:(\d+)\s+)?(\w+)\((.*)\)\s+=\s+(\S+)/;
const UNFINISHED = /^(?:(\d+)\s+)?(\w+)\((.*?)\s*<unfinished \.\.\.>$/;
const RESUMED = /^(?:(\d+)\s+)?<\.\.\. (\w+) resumed>(.*)\)\s+=\s+(\S+)/;
/** A call its thread died in while strace was printing it: the line stops after (part of) the arguments. */
const CUT_OFF = /^(?:(\d+)\s+)?(\w+)\((.*)$/;
const KILLED = /^(?:(\d+)\s+)?\+\+\+ killed by SIGKILL/;

/**
 * Parses a strace log written with `-f`, joining the halves of a call that
 * another thread interrupted (`<unfinished ...>` / `<... resumed>`). A call
 * whose thread was killed in it ends with result `?`, or never resumes:
 * both become `result: null`. Lines of any other shape are ignored.
 * @param text - the whole log
 */
export function parseStraceLog(text: string): StraceLog {
  const syscalls: { tid: number; name: string; args: string; result: string | null }[] = [];
  const pending = new Map<number, (typeof syscalls)[number]>();
  const killed = new Set<number>();
  for (const line of text.split('\n')) {
    const complete = COMPLETE.exec(line);
    if (complete !== null) {
      syscalls.push({ tid: Number(complete[1] ?? 0), name: complete[2] as string, args: complete[3] as string, result: resultOf(complete[4] as string) });
      continue;
    }
    const unfinished = UNFINISHED.exec(line);
    if (unfinished !== null) {
      const call = { tid: Number(unfinished[1] ?? 0), name: unfinished[2] as string, args: unfinished[3] as string, result: null };
      syscalls.push(call);
      pending.set(call.tid, call);
      continue;
    }
    const resumed = RESUMED.exec(line);
    if (resumed !== null) {
      const call = pending.get(Number(resumed[1] ?? 0));
      if (call !== undefined && call.name === resumed[2]) {
        call.args += resumed[3] as string;
        call.result = resultOf(resumed[4] as string);
      }
      pending.delete(Number(resumed[1] ?? 0));
      continue;
    }
    const death = KILLED.exec(line);
    if (death !== null) {
      killed.add(Number(death[1] ?? 0));
      continue;
    }
    const cut = CUT_OFF.exec(line);
    if (cut !== null) syscalls.push({ tid: Number(cut[1] ?? 0), name: cut[2] as string, args: cut[3] as string, result: null });
  }
  return { syscalls, killed };
}

function resultOf(printed: string): string | null {
  return printed === '?' ? null : printed;
}
