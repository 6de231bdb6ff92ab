import { accessSync, constants } from 'node:fs';
import { PROBE_ARGV, probeTracer } from './probeTracer.js';
import { locateStepTracer, type StepTracer } from './stepTracer.js';

/** How the fault suites inject faults on this machine. */
export type FaultMethod = 'syscall' | 'timing';

/** Whether adapter calls can be traced here (strace records their steps, the step tracer injects faults at them), and if not, why. */
export type TracerStatus = SyscallTracer | { readonly method: 'timing'; readonly reason: string };

/** The tracers of syscall fault injection. */
export interface SyscallTracer {
  readonly method: 'syscall';
  /** strace, which records a call's durable steps. */
  readonly path: string;
  /** The step tracer, which kills or stops a call at one of them. */
  readonly injector: StepTracer;
}

/** Where Debian installs strace. */
export const DEFAULT_TRACER = '/usr/bin/strace';
/**
 * Overrides the tracer's path (internal: tests point it at a missing binary to
 * exercise the timing fallback).
 */
export const TRACER_ENV = 'ADAPTER_QUALIFY_TRACER';

const cache = new Map<string, TracerStatus>();

/**
 * Finds strace and the step tracer and proves both can trace a child here
 * (ptrace may be forbidden in a container), once per path and process.
 * @param path - the strace to try @defaultValue `$ADAPTER_QUALIFY_TRACER`, else {@link DEFAULT_TRACER}
 */
export function locateTracer(path: string = process.env[TRACER_ENV] ?? DEFAULT_TRACER): TracerStatus {
  let status = cache.get(path);
  if (status === undefined) {
    const reason = probe(path);
    const injector = reason === null ? locateStepTracer() : reason;
    status = typeof injector === 'string' ? { method: 'timing', reason: injector } : { method: 'syscall', path, injector };
    cache.set(path, status);
  }
  return status;
}

/** Null when strace at `path` can trace a child here, else why not. */
function probe(path: string): string | null {
  if (process.platform !== 'linux') return `syscall fault injection uses strace and ptrace, which need Linux (this is ${process.platform})`;
  try {
    accessSync(path, constants.X_OK);
  } catch {
    return `no syscall tracer at ${path} (install Debian's strace: apt-get install strace)`;
  }
  const why = probeTracer(path, ['-f', '-qq', '-o', '/dev/null', '-e', 'trace=none', '--', ...PROBE_ARGV]);
  return why === null ? null : `${path} cannot trace a child here (is ptrace permitted?): ${why}`;
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
