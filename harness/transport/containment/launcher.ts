import { accessSync, constants, statSync } from 'node:fs';
import { compileHelper } from './compileHelper.js';
import { runTag } from './environment.js';

/**
 * The launcher's code, after `#define _GNU_SOURCE`: `launch(argv)` runs the call's tree from the
 * calling process, L, and never returns.
 *
 * Its process tree: L (the suite's child, leader of the call's process group) forks
 * K, the keeper: its own process group, `PR_SET_CHILD_SUBREAPER`, so every orphaned
 * descendant of the adapter (daemonized, `setsid`, any environment) is reparented to
 * it and stays findable under it; K lives until its last descendant is gone. K forks
 * M, the sacrificial parent, back in L's group, which forks and waits for A, the
 * adapter: an adapter that kills its parent kills only M (A is then K's child). The
 * adapter's exit status travels A → M → K → L, and L exits mirroring it (the same
 * exit code, or the same signal), so the suite sees the adapter's own status.
 * L, K and M each drop the call's stdio (for /dev/null) as soon as they have forked,
 * so none of them holds the call's stdout or stderr open while the adapter runs or after.
 * @internal
 */
export const LAUNCHER_CORE = String.raw`#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static void quiet_stdio(void) {
  int fd = open("/dev/null", O_RDWR);
  if (fd < 0) return;
  dup2(fd, 0); dup2(fd, 1); dup2(fd, 2);
  if (fd > 2) close(fd);
}

static int read_int(int fd, int *value) {
  size_t got = 0;
  char *p = (char *)value;
  while (got < sizeof *value) {
    ssize_t n = read(fd, p + got, sizeof *value - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return 0;
    got += (size_t)n;
  }
  return 1;
}

static void write_int(int fd, int value) {
  ssize_t n;
  do n = write(fd, &value, sizeof value); while (n < 0 && errno == EINTR);
}

static void mirror(int status) {
  if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    struct rlimit none = {0, 0};
    sigset_t all;
    setrlimit(RLIMIT_CORE, &none);
    signal(sig, SIG_DFL);
    sigfillset(&all);
    sigprocmask(SIG_UNBLOCK, &all, NULL);
    raise(sig);
    _exit(128 + sig);
  }
  _exit(125);
}

/* The adapter reports its own pid before it runs any of its code: were the parent
 * to report it after fork, an adapter that kills its parent at once could do so
 * first, and the keeper could not tell the adapter from its other orphans.
 * vfork: no copy of this process's page tables (a fork cost about 0.15 ms more here);
 * the child only writes its pid, execs, or leaves why it could not in exec_errno. */
static void run_adapter(char **argv, int report) {
  volatile int exec_errno = 0;
  pid_t adapter = vfork();
  if (adapter == 0) {
    write_int(report, getpid());
    close(report);
    execvp(argv[0], argv);
    exec_errno = errno;
    _exit(127);
  }
  if (adapter > 0 && exec_errno != 0) fprintf(stderr, "aq-launch: cannot execute %s: %s\n", argv[0], strerror(exec_errno));
  quiet_stdio();
  int status = 125 << 8;
  if (adapter > 0) {
    /* Watch, never reap: killed between reaping and reporting, this process would
     * lose the status for good; unreaped, the adapter's zombie passes to the keeper,
     * which reaps it and reads the status itself. */
    siginfo_t info;
    memset(&info, 0, sizeof info);
    int watched;
    do watched = waitid(P_PID, (id_t)adapter, &info, WEXITED | WNOWAIT); while (watched < 0 && errno == EINTR);
    if (watched == 0) status = info.si_code == CLD_EXITED ? (info.si_status & 0xff) << 8 : (info.si_status & 0x7f);
  } else {
    write_int(report, -1);
  }
  write_int(report, status);
  _exit(0);
}

static void keep(pid_t group, char **argv, int to_launcher) {
  int from_parent[2];
  setpgid(0, 0);
  prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
  if (pipe(from_parent) != 0) _exit(125);
  pid_t parent = fork();
  if (parent == 0) {
    close(from_parent[0]);
    close(to_launcher);
    setpgid(0, group);
    run_adapter(argv, from_parent[1]);
  }
  close(from_parent[1]);
  quiet_stdio();
  int adapter = 0, status = 0, reported = 0;
  if (parent > 0 && read_int(from_parent[0], &adapter) && read_int(from_parent[0], &status)) {
    write_int(to_launcher, status);
    reported = 1;
  }
  close(from_parent[0]);
  for (;;) {
    int child_status;
    pid_t reaped = waitpid(-1, &child_status, 0);
    if (reaped < 0) {
      if (errno == EINTR) continue;
      break;
    }
    /* The sacrificial parent died before the adapter: the adapter is ours now. */
    if (!reported && (reaped == adapter || adapter <= 0)) {
      write_int(to_launcher, child_status);
      reported = 1;
    }
  }
  if (!reported) write_int(to_launcher, 125 << 8);
  _exit(0);
}

/* Runs the call from this process (L): argv is the adapter's, executable first. */
static void launch(char **argv) {
  int to_launcher[2];
  if (pipe(to_launcher) != 0) _exit(125);
  pid_t group = getpgrp();
  pid_t keeper = fork();
  if (keeper < 0) _exit(125);
  if (keeper == 0) {
    close(to_launcher[0]);
    keep(group, argv, to_launcher[1]);
  }
  close(to_launcher[1]);
  quiet_stdio();
  int status;
  if (read_int(to_launcher[0], &status)) mirror(status);
  mirror(SIGKILL); /* as a status word: killed by SIGKILL (the keeper was killed) */
}
`;

/**
 * C source of the per-call launcher, compiled once per machine by `ensureLauncher`
 * (gcc or cc; nothing is downloaded). Usage: `aq-launch TAG CALL_ID EXECUTABLE [ARG...]`.
 * Its code is {@link LAUNCHER_CORE}, which the spawner also runs in the process it forks
 * for a call, instead of executing this program (an exec cost about 0.6 ms of CPU a call).
 * @internal
 */
export const LAUNCHER_SOURCE = String.raw`/* aq-launch TAG CALL_ID EXECUTABLE [ARG...]
 * Process tree: L (this process, the suite's child) -> K (keeper, child subreaper,
 * own process group) -> M (sacrificial parent, back in L's group) -> A (the adapter).
 * L exits mirroring A's status; K outlives it until every descendant is gone. */
#define _GNU_SOURCE
${LAUNCHER_CORE}
int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: aq-launch TAG CALL_ID EXECUTABLE [ARG...]\n");
    return 125;
  }
  launch(argv + 3);
}
`;

/**
 * How the suite accounts for the processes an adapter call starts:
 * - `subreaper-launcher`: each call runs under the compiled launcher (a sacrificial
 *   parent and a child subreaper per call), so every descendant stays under the
 *   call's keeper whatever it does to its environment or session;
 * - `marker-scan`: no launcher could be built (not Linux, no C compiler); the
 *   adapter is the suite's direct child and only processes still carrying the
 *   call's `ADAPTER_QUALIFY_CALL` in their environment can be found.
 * @public
 */
export type ContainmentMode = 'subreaper-launcher' | 'marker-scan';

/** The launcher this process uses, or why there is none. */
export type Launcher = { readonly mode: 'subreaper-launcher'; readonly path: string } | { readonly mode: 'marker-scan'; readonly reason: string };

let cached: Launcher | undefined;

/**
 * The per-call launcher, compiled on first use (`compileHelper`), once per machine.
 * A spawner runs its code in the process it forks instead of executing it, which saves
 * the exec (`SpawnRequest.viaLauncher`).
 * @returns the launcher, or `marker-scan` with the reason when none can be built.
 * @public
 */
export function ensureLauncher(): Launcher {
  cached ??= buildLauncher();
  return cached;
}

function buildLauncher(): Launcher {
  if (process.platform !== 'linux') return { mode: 'marker-scan', reason: `no child subreaper on ${process.platform}` };
  const compiled = compileHelper('aq-launch', LAUNCHER_SOURCE);
  return 'path' in compiled ? { mode: 'subreaper-launcher', path: compiled.path } : { mode: 'marker-scan', reason: `the launcher could not be compiled (${compiled.reason})` };
}

/** What to spawn for one call: the adapter itself, or the launcher in front of it. */
export interface LaunchCommand {
  readonly file: string;
  readonly args: readonly string[];
  /** Whether the launcher stands in front of the adapter (its exec failures then arrive as an exit status). */
  readonly viaLauncher: boolean;
}

/** How the launcher's stderr begins when it could not execute the adapter (it then exits 127); kept in step with `LAUNCHER_SOURCE` above. */
const EXEC_FAILURE_PREFIX = 'aq-launch: cannot execute ';
const EXEC_FAILURE_EXIT_CODE = 127;

/**
 * The launcher's own account of an adapter it could not execute (the spawn failure
 * a direct spawn would have thrown), or null when the adapter ran.
 * @param launch - how the call was started.
 * @param exitCode - the call's exit code.
 * @param stdoutBytes - bytes the call wrote to stdout (an adapter that ran may exit 127 too).
 * @param stderrText - the call's stderr.
 * @public
 */
export function launchFailure(launch: LaunchCommand, exitCode: number | null, stdoutBytes: number, stderrText: string): string | null {
  if (!launch.viaLauncher || exitCode !== EXEC_FAILURE_EXIT_CODE || stdoutBytes > 0 || !stderrText.startsWith(EXEC_FAILURE_PREFIX)) return null;
  return stderrText.slice('aq-launch: '.length).trim();
}

/**
 * The command that starts `argv` (executable first) for call `callId`: through the
 * per-call launcher where one exists (so the adapter's parent is a sacrificial
 * process and its descendants stay under the call's keeper), else `argv` itself.
 * An executable that cannot be run is started directly, so the spawn fails as it
 * would without a launcher (a spawn failure, not an exit code of the launcher).
 * @param argv - the adapter's argv, executable first.
 * @param callId - the call's id (on the launcher's command line, for accounting).
 * @public
 */
export function launchCommand(argv: readonly [string, ...string[]], callId: string): LaunchCommand {
  const launcher = ensureLauncher();
  const [executable, ...args] = argv;
  if (launcher.mode === 'marker-scan' || !isRunnable(executable)) return { file: executable, args, viaLauncher: false };
  return { file: launcher.path, args: [runTag(), callId, ...argv], viaLauncher: true };
}

function isRunnable(executable: string): boolean {
  // A bare name is looked up in PATH by both; only a path can be checked here.
  if (!executable.includes('/')) return true;
  try {
    accessSync(executable, constants.X_OK);
    return statSync(executable).isFile();
  } catch {
    return false;
  }
}
