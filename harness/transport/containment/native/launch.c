/* The per-call launcher (launch.h has its process tree). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include "launch.h"

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

__attribute__((noreturn)) static void mirror(int status) {
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
 * vfork: no copy of this process's page tables (cheaper than fork); the child only
 * writes its pid, execs, or leaves why it could not in exec_errno. */
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
  if (adapter > 0 && exec_errno != 0) fprintf(stderr, AQ_EXEC_FAILURE_PREFIX "%s: %s\n", argv[0], strerror(exec_errno));
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

static void keep(pid_t group, char **argv, int to_launcher, int status_fd) {
  int from_parent[2];
  if (status_fd >= 0) close(status_fd);
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

/* The adapter's status word as one line of text on status_fd ("exit N" or "signal N"), then the fd closed. */
static void tell_status(int status_fd, int status) {
  char line[32];
  int length = WIFSIGNALED(status) ? snprintf(line, sizeof line, "signal %d\n", WTERMSIG(status))
                                   : snprintf(line, sizeof line, "exit %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : 125);
  ssize_t n;
  do n = write(status_fd, line, (size_t)length); while (n < 0 && errno == EINTR);
  close(status_fd);
}

void launch(char **argv, int status_fd) {
  int to_launcher[2];
  if (pipe(to_launcher) != 0) _exit(125);
  pid_t group = getpgrp();
  pid_t keeper = fork();
  if (keeper < 0) _exit(125);
  if (keeper == 0) {
    close(to_launcher[0]);
    keep(group, argv, to_launcher[1], status_fd);
  }
  close(to_launcher[1]);
  quiet_stdio();
  int status;
  if (!read_int(to_launcher[0], &status)) status = SIGKILL; /* as a status word: killed by SIGKILL (the keeper was killed) */
  if (status_fd >= 0) {
    /* The adapter's status goes out now; this process stays until the keeper, and so every
     * process the adapter left behind, is gone (a sandbox whose first process this is ends
     * with it, and would take those leftovers along unseen). */
    tell_status(status_fd, status);
    int ignored;
    while (waitpid(keeper, &ignored, 0) < 0 && errno == EINTR) continue;
  }
  mirror(status);
}
