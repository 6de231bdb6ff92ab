import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../packageRoot.js';
import { PROBE_ARGV, probeTracer } from './probeTracer.js';

/**
 * The injector of crashes and stops: `stepTracer.py`, a small ptrace tracer
 * run by Python. strace's `inject=…:when=N` counts every invocation of a
 * syscall, and a runtime's own writes (Node's eventfd wake-ups) vary in number
 * from run to run with the machine's load, so an injection aimed by that count
 * lands elsewhere now and then. The step tracer counts durable steps
 * themselves, at syscall exit, and acts right after the N-th: the same point on
 * every run, by construction.
 */
export interface StepTracer {
  /** Absolute path of the Python interpreter. */
  readonly python: string;
  /** Absolute path of `stepTracer.py`. */
  readonly script: string;
}

/** Where Debian installs Python. */
export const DEFAULT_PYTHON = '/usr/bin/python3';
/** Overrides the interpreter that runs the step tracer (tests point it at a missing one). */
export const PYTHON_ENV = 'ADAPTER_QUALIFY_PYTHON';
/** The tracer script, shipped with the package. */
export const STEP_TRACER_SCRIPT = join(packageRoot, 'harness', 'faults', 'stepTracer.py');

/** What the step tracer does once `after` durable steps have completed. */
export type StepFault =
  /** SIGKILL to every traced process: the state of a crash on entry to step `after + 1`. */
  | { readonly kind: 'kill'; readonly after: number }
  /** Every traced thread held stopped until the tracer receives SIGCONT. */
  | { readonly kind: 'stop'; readonly after: number };

const cache = new Map<string, Promise<StepTracer | string>>();

/**
 * Finds Python and proves the step tracer can trace a child here (ptrace may be
 * forbidden, the kernel may predate PTRACE_GET_SYSCALL_INFO), once per path and process.
 * @param python - the interpreter @defaultValue `$ADAPTER_QUALIFY_PYTHON`, else {@link DEFAULT_PYTHON}
 * @returns the tracer, or why it cannot run here
 */
export function locateStepTracer(python: string = process.env[PYTHON_ENV] ?? DEFAULT_PYTHON): Promise<StepTracer | string> {
  let found = cache.get(python);
  if (found === undefined) {
    found = probe(python);
    cache.set(python, found);
  }
  return found;
}

async function probe(python: string): Promise<StepTracer | string> {
  try {
    accessSync(python, constants.X_OK);
  } catch {
    return `no Python at ${python} to run the step tracer (install Debian's python3: apt-get install python3)`;
  }
  const tracer = { python, script: STEP_TRACER_SCRIPT };
  const why = await probeTracer(python, stepTracerArgv(tracer, '/dev/null', { kind: 'kill', after: Number.MAX_SAFE_INTEGER }, PROBE_ARGV).slice(1));
  return why === null ? tracer : `the step tracer (${python} ${STEP_TRACER_SCRIPT}) cannot trace a child here: ${why}`;
}

/**
 * The argv that runs `argv` under the step tracer, its log (strace `-f -y`
 * format, plus a `# fault:` line where it acted) written to `logFile`.
 * @param tracer - the located step tracer
 * @param logFile - where the tracer writes its log
 * @param fault - what to do, after how many durable steps; null to only record the call (its steps until its first
 *   process ends: what that process leaves behind is released then, to run on untraced)
 * @param argv - the adapter's argv, executable first
 */
export function stepTracerArgv(tracer: StepTracer, logFile: string, fault: StepFault | null, argv: readonly string[]): [string, ...string[]] {
  const mode = fault === null ? ['--record'] : [fault.kind === 'kill' ? '--kill-after' : '--stop-after', String(fault.after)];
  // -I -S: no user site, no PYTHON* variables, no current directory on the path: the same tracer whatever the environment.
  return [tracer.python, '-I', '-S', tracer.script, '--log', logFile, ...mode, '--', ...argv];
}

const FAULT_LINE = /^# fault: (SIGKILL|SIGSTOP) after (\d+) durable steps$/m;

/**
 * Where the step tracer acted, from its log: after how many durable steps (by
 * its own count) and at which offset of the log, or null when it never did.
 * @param log - the tracer's whole log
 */
export function faultInLog(log: string): { readonly signal: 'SIGKILL' | 'SIGSTOP'; readonly after: number; readonly offset: number } | null {
  const found = FAULT_LINE.exec(log);
  return found === null ? null : { signal: found[1] as 'SIGKILL' | 'SIGSTOP', after: Number(found[2]), offset: found.index };
}
