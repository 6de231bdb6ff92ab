import { RUN_CONTEXT_VARIABLES } from '../containment/environment.js';

/**
 * How the run's sandbox is entered, fixed by the run (`openRunSandbox`) and handed to every
 * suite thread through the run context: plain JSON, so worker threads read the same plan.
 * @public
 */
export interface SandboxPlan {
  /** `bubblewrap` (its own user, pid, mount, ipc, uts and network namespaces, a read-only view) or `unshare` (namespaces, no read-only view). */
  readonly mechanism: 'bubblewrap' | 'unshare';
  /** The program that builds the namespaces (`bwrap` or `unshare`). */
  readonly program: string;
  /** Its arguments before the command's own read-only binds. */
  readonly args: readonly string[];
  /** Its arguments after those binds, before `--`. */
  readonly sealArgs: readonly string[];
  /** The run's cgroup's `cgroup.procs`, which every sandbox joins before its namespaces are made; null without a cgroup. */
  readonly cgroupProcs: string | null;
  /** A directory bound writable at the same path inside, for files the suite's own programs there write (the step tracer's logs). */
  readonly exchangeDir: string;
}

/** How a program enters a sandbox of its own ({@link sandboxedArgv}). */
export interface SandboxEntry {
  /** Files or directories hidden by the plan that the program needs (the suite's own programs run inside). @defaultValue none */
  readonly expose?: readonly string[];
  /** Directories hidden or read-only in the plan that this program alone may write (bound writable at their paths). @defaultValue none */
  readonly writable?: readonly string[];
  /** The directory the program starts in (under `unshare`, the caller's own cwd is kept). @defaultValue `/` */
  readonly chdir?: string;
  /**
   * The program is the sandbox's PID 1 (bubblewrap installs no init of its own; under `unshare` it
   * always is): the kernel then drops every signal a process of the sandbox sends it that it does not
   * handle, SIGSTOP and SIGKILL included, so the candidate cannot stop or kill it. The program must reap
   * the orphans the sandbox's processes leave. @defaultValue false
   */
  readonly asInit?: boolean;
}

/**
 * The argv that runs `argv` in a new sandbox of `plan`: the process and everything it starts share
 * that sandbox, and when it exits the kernel ends every process left in it. Reusable for any
 * long-lived process (a spawner, an ACP agent).
 * @param plan - the run's sandbox.
 * @param argv - the program to run inside, executable first (an absolute path).
 * @param entry - what the program needs bound back, where it starts, whether it is the sandbox's PID 1.
 * @public
 */
export function sandboxedArgv(plan: SandboxPlan, argv: readonly [string, ...string[]], entry: SandboxEntry = {}): [string, ...string[]] {
  // One --chdir: bubblewrap warns on the candidate's stderr when given more.
  const binds =
    plan.mechanism === 'bubblewrap'
      ? [
          ...(entry.expose ?? []).flatMap((path) => ['--ro-bind', path, path]),
          ...(entry.writable ?? []).flatMap((path) => ['--bind', path, path]),
          '--chdir',
          entry.chdir ?? '/',
          ...(entry.asInit === true ? ['--as-pid-1'] : []),
        ]
      : [];
  const entered: [string, ...string[]] = [plan.program, ...plan.args, ...binds, ...plan.sealArgs, '--', ...argv];
  if (plan.cgroupProcs === null) return entered;
  // The shell joins the run's cgroup, then becomes the sandbox's program: every process of the sandbox is counted from its first.
  return ['/bin/sh', '-c', 'echo $$ > "$0" || exit 125; exec "$@"', plan.cgroupProcs, ...entered];
}

/**
 * The run's sandbox plan as this thread sees it (from the run context), or null when the run has
 * none (`--no-sandbox`, the kernel refused, or outside a run).
 * @public
 */
export function currentSandboxPlan(): SandboxPlan | null {
  const text = process.env[RUN_CONTEXT_VARIABLES.sandbox];
  if (text === undefined || text === '') return null;
  return JSON.parse(text) as SandboxPlan;
}

/**
 * Publishes `plan` as the run's sandbox for this process and the workers it starts.
 * @returns restores the previous plan.
 * @public
 */
export function enterSandboxContext(plan: SandboxPlan | null): () => void {
  const name = RUN_CONTEXT_VARIABLES.sandbox;
  const previous = process.env[name];
  if (plan === null) delete process.env[name];
  else process.env[name] = JSON.stringify(plan);
  return () => {
    if (previous === undefined) delete process.env[name];
    else process.env[name] = previous;
  };
}
