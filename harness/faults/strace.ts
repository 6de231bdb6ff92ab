import { locateStepTracer, type StepTracer } from './stepTracer.js';

/** How the fault suites inject faults on this machine. */
export type FaultMethod = 'syscall' | 'timing';

/** Whether adapter calls can be traced here (the step tracer records their steps and injects faults at them), and if not, why. */
export type TracerStatus = SyscallTracer | { readonly method: 'timing'; readonly reason: string };

/** The tracer of syscall fault injection. */
export interface SyscallTracer {
  readonly method: 'syscall';
  /** The step tracer, which records a call's durable steps and kills or stops a call at one of them. */
  readonly injector: StepTracer;
}

/**
 * Finds the step tracer and proves it can trace a child here (ptrace may be
 * forbidden in a container), once per interpreter and process.
 * @param python - the interpreter that runs it @defaultValue `$ADAPTER_QUALIFY_PYTHON`, else `/usr/bin/python3`
 */
export async function locateTracer(python?: string): Promise<TracerStatus> {
  if (process.platform !== 'linux') return { method: 'timing', reason: `syscall fault injection uses ptrace, which needs Linux (this is ${process.platform})` };
  const injector = await locateStepTracer(python);
  return typeof injector === 'string' ? { method: 'timing', reason: injector } : { method: 'syscall', injector };
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
