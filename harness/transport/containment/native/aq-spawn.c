/* aq-spawn: starts the suite's processes from a small address space and relays their stdio.
 * Requests on stdin, each "LENGTH\n" and then LENGTH bytes:
 *   S\0 ID\0 CWD\0 FILE\0 ARGC\0 ARG\0... ENVC\0 ENV\0... INPUT
 *        start FILE (argv ARG...) in CWD with exactly ENV, in a new session, with three pipes;
 *        write INPUT (the rest of the request, any bytes) to its stdin, then close it;
 *   L\0 ...   as S, where FILE is the per-call launcher and ARG... its arguments (TAG CALL_ID
 *        EXECUTABLE [ARG...]): the forked process runs the launcher's code itself (launch.c,
 *        linked in) instead of executing FILE, an exec less per call, and shows FILE ARG...
 *        as its command line, as the exec would have (the suite finds a call's launcher processes
 *        by it); where they do not fit in this process's argv, FILE is executed after all;
 *   K\0 ID\0   SIGKILL the process, unless it was reaped already;
 *   G\0 ID\0 SIGNAL\0   send SIGNAL (a number) to the process's group (the session it leads), reaped or
 *              not, until the suite is done with it: in a sandbox, pids are this namespace's, not the suite's;
 *   D\0 ID\0   the suite is done with it: close its pipes, relay nothing more; it is forgotten once
 *              reaped too (until then its group can still be signalled).
 * Answers on stdout, each "TYPE ID VALUE\n", and for O and R then VALUE bytes of output:
 *   P pid: started;  E errno: not started (pipe, fork, chdir, dup2 or exec failed);
 *   O length, R length: what it wrote to stdout, stderr;  o errno, r errno: that stream's end (0: EOF);
 *   I errno: writing its stdin failed (a process that does not read, EPIPE, is not a failure);
 *   X status: it exited, with its wait status.
 * It is the child subreaper of what it starts: a process they orphan (the launcher's keeper) is
 * reaped here as soon as it exits, not left a zombie until init gets round to it.
 * Exits when its own stdin closes. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>
#include "launch.h"
extern char **environ;

struct child {
  long id;
  pid_t pid;           /* 0 once reaped */
  pid_t group;         /* the process group it leads (its pid) */
  int in, out, err;    /* this process's ends, -1 once closed */
  char *input;
  size_t length, written;
  int released;        /* the suite sent D */
};
static struct child *children;
static size_t count, capacity;
static char chunk[65536];

static void send_all(const struct iovec *parts, int n) {
  struct iovec v[2];
  memcpy(v, parts, sizeof v[0] * (size_t)n);
  for (int i = 0; i < n;) {
    ssize_t w = writev(1, v + i, n - i);
    if (w < 0 && errno == EINTR) continue;
    if (w < 0) _exit(0); /* the suite is gone */
    while (i < n && (size_t)w >= v[i].iov_len) w -= (ssize_t)v[i++].iov_len;
    if (i < n) { v[i].iov_base = (char *)v[i].iov_base + w; v[i].iov_len -= (size_t)w; }
  }
}

static void answer(char type, long id, long value, const char *bytes) {
  char header[64];
  int n = snprintf(header, sizeof header, "%c %ld %ld\n", type, id, value);
  struct iovec parts[2] = { { header, (size_t)n }, { (void *)bytes, bytes ? (size_t)value : 0 } };
  send_all(parts, bytes ? 2 : 1);
}

/* This process's own argv strings, which a launcher process rewrites into its command line. */
static char *title;
static size_t title_room;

/* Makes /proc/PID/cmdline read argv (NUL-separated, then NUL-padded), as an exec of argv would:
 * 0 when it does not fit. */
static int retitle(char **argv) {
  size_t used = 0;
  for (char **a = argv; *a; a++) used += strlen(*a) + 1;
  if (used > title_room) return 0;
  char *at = title;
  for (char **a = argv; *a; a++) at = stpcpy(at, *a) + 1;
  memset(at, 0, title_room - used);
  return 1;
}

/* Closes every descriptor from 3 up. */
static void close_from_3(void) {
#ifdef SYS_close_range
  if (syscall(SYS_close_range, 3, ~0U, 0) == 0) return;
#endif
  DIR *fds = opendir("/proc/self/fd");
  if (!fds) return;
  int own = dirfd(fds);
  for (struct dirent *e; (e = readdir(fds));) {
    int fd = atoi(e->d_name);
    if (fd > 2 && fd != own) close(fd);
  }
  closedir(fds);
}

static void close_fd(int *fd) {
  if (*fd >= 0) close(*fd);
  *fd = -1;
}

static void close_input(struct child *c) {
  close_fd(&c->in);
  free(c->input);
  c->input = NULL;
}

static void start(long id, int launcher, const char *cwd, const char *file, char **argv, char **envp, const char *input, size_t length) {
  int in[2], out[2], err[2], report[2];
  if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC) || pipe2(report, O_CLOEXEC)) {
    answer('E', id, errno, NULL);
    return; /* out of descriptors: a few may stay open, and the next request fails as loudly */
  }
  pid_t pid = fork();
  if (pid == 0) {
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGPIPE, SIG_DFL);
    setsid();
    if (chdir(cwd) == 0 && dup2(in[0], 0) >= 0 && dup2(out[1], 1) >= 0 && dup2(err[1], 2) >= 0) {
      environ = envp; /* execvp looks FILE up in the process's own PATH, as Node.js does */
      if (launcher && argv[1] && argv[2] && argv[3] && retitle(argv)) {
        close_from_3(); /* this process's pipes and other calls' (the report pipe's close says it runs) */
        launch(argv + 3, -1);
      }
      execvp(file, argv);
    }
    int e = errno;
    ssize_t w = write(report[1], &e, sizeof e);
    (void)w;
    _exit(127);
  }
  int e = pid < 0 ? errno : 0;
  close(in[0]); close(out[1]); close(err[1]); close(report[1]);
  if (pid > 0) {
    ssize_t r;
    do r = read(report[0], &e, sizeof e); while (r < 0 && errno == EINTR);
    if (r != (ssize_t)sizeof e) e = 0; /* closed on exec: it runs */
  }
  close(report[0]);
  if (e != 0) {
    if (pid > 0) waitpid(pid, NULL, 0);
    close(in[1]); close(out[0]); close(err[0]);
    answer('E', id, e, NULL);
    return;
  }
  /* This side never blocks; the process's own ends stay blocking, as any parent's pipes would. */
  fcntl(in[1], F_SETFL, O_NONBLOCK);
  fcntl(out[0], F_SETFL, O_NONBLOCK);
  fcntl(err[0], F_SETFL, O_NONBLOCK);
  if (count == capacity) {
    capacity = capacity ? capacity * 2 : 16;
    children = realloc(children, capacity * sizeof *children);
    if (!children) _exit(1);
  }
  char *copy = malloc(length ? length : 1);
  if (!copy) _exit(1);
  memcpy(copy, input, length);
  children[count++] = (struct child){ id, pid, pid, in[1], out[0], err[0], copy, length, 0, 0 };
  answer('P', id, pid, NULL);
}

static struct child *find(long id) {
  for (size_t i = 0; i < count; i++) if (children[i].id == id) return &children[i];
  return NULL;
}

static void forget_if_done(struct child *c) {
  if (c->pid != 0 || c->in >= 0 || c->out >= 0 || c->err >= 0 || !c->released) return;
  *c = children[--count];
}

/* Handles the request at the start of the buffer if all of it is there: returns the bytes it
 * took, or 0 while it is incomplete. */
static size_t request(char *buffer, size_t used) {
  char *newline = memchr(buffer, '\n', used);
  if (!newline) return 0;
  size_t length = strtoul(buffer, NULL, 10), header = (size_t)(newline - buffer) + 1;
  if (used - header < length) return 0;
  char *body = newline + 1, *end = body + length, *at = body;
  /* The fields before INPUT: the kind, the id, then (to start) CWD, FILE, ARGC, the arguments, ENVC, the entries. */
  size_t fields = 0, wanted = 2, argc = 0, envc = 0;
  char **field = NULL;
  while (fields < wanted) {
    char *z = memchr(at, '\0', (size_t)(end - at));
    if (!z) break;
    if (fields % 64 == 0) {
      field = realloc(field, (fields + 65) * sizeof *field);
      if (!field) _exit(1);
    }
    field[fields++] = at;
    at = z + 1;
    if (fields == 2 && (field[0][0] == 'S' || field[0][0] == 'L')) wanted = 5;
    if (fields == 2 && field[0][0] == 'G') wanted = 3;
    if (fields == 5) wanted = 6 + (argc = strtoul(field[4], NULL, 10));
    if (fields == 6 + argc && wanted == 6 + argc) wanted = 6 + argc + (envc = strtoul(field[5 + argc], NULL, 10));
  }
  if (fields == wanted) {
    long id = strtol(field[1], NULL, 10);
    struct child *c = find(id);
    if (field[0][0] == 'K' && c && c->pid > 0) kill(c->pid, SIGKILL);
    if (field[0][0] == 'G' && c && c->group > 1) kill(-c->group, (int)strtol(field[2], NULL, 10));
    if (field[0][0] == 'D' && c) {
      c->released = 1;
      close_input(c);
      close_fd(&c->out);
      close_fd(&c->err);
      forget_if_done(c);
    }
    if (field[0][0] == 'S' || field[0][0] == 'L') {
      field[5 + argc] = NULL; /* ends argv, as field[wanted] (below) ends the environment */
      field = realloc(field, (fields + 1) * sizeof *field);
      if (!field) _exit(1);
      field[fields] = NULL;
      start(id, field[0][0] == 'L', field[2], field[3], field + 5, field + 6 + argc, at, (size_t)(end - at));
    }
  } /* else malformed: ignored, and the suite's call ends at its deadline */
  free(field);
  return header + length;
}

static void reap(void) {
  int status;
  pid_t pid;
  while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
    for (size_t i = 0; i < count; i++) {
      if (children[i].pid != pid) continue;
      answer('X', children[i].id, status, NULL);
      children[i].pid = 0;
      forget_if_done(&children[i]);
      break;
    }
  }
}

static void relay(struct child *c, int *fd, char data, char end) {
  ssize_t n = read(*fd, chunk, sizeof chunk);
  if (n > 0) answer(data, c->id, n, chunk);
  else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
    answer(end, c->id, n == 0 ? 0 : errno, NULL);
    close_fd(fd);
  }
}

static void feed(struct child *c) {
  while (c->written < c->length) {
    ssize_t w = write(c->in, c->input + c->written, c->length - c->written);
    if (w < 0 && errno == EINTR) continue;
    if (w < 0 && errno == EAGAIN) return;
    if (w < 0) {
      if (errno != EPIPE) answer('I', c->id, errno, NULL);
      break;
    }
    c->written += (size_t)w;
  }
  close_input(c);
}

int main(int argc, char **argv) {
  /* Nothing this process inherited reaches the processes it starts. */
  close_from_3();
  /* Its arguments (empty ones, as many as the suite gave) are the room a launcher's command line has. */
  title = argv[0];
  title_room = strlen(argv[0]) + 1;
  for (int i = 1; i < argc && argv[i] == title + title_room; i++) title_room += strlen(argv[i]) + 1;
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, NULL);
  signal(SIGPIPE, SIG_IGN);
  int sfd = signalfd(-1, &chld, SFD_CLOEXEC | SFD_NONBLOCK);
  if (sfd < 0) return 1;
  size_t size = 1 << 16, used = 0;
  char *buffer = malloc(size);
  struct pollfd *polled = NULL;
  size_t polled_capacity = 0;
  if (!buffer) return 1;
  for (;;) {
    size_t n = 2 + 3 * count;
    if (n > polled_capacity) {
      polled_capacity = n * 2;
      polled = realloc(polled, polled_capacity * sizeof *polled);
      if (!polled) return 1;
    }
    polled[0] = (struct pollfd){ 0, POLLIN, 0 };
    polled[1] = (struct pollfd){ sfd, POLLIN, 0 };
    for (size_t i = 0; i < count; i++) {
      polled[2 + 3 * i] = (struct pollfd){ children[i].in, POLLOUT, 0 };
      polled[3 + 3 * i] = (struct pollfd){ children[i].out, POLLIN, 0 };
      polled[4 + 3 * i] = (struct pollfd){ children[i].err, POLLIN, 0 };
    }
    if (poll(polled, n, -1) < 0) {
      if (errno == EINTR) continue;
      return 1;
    }
    /* Output first, then exits: a process's output is relayed up to what the pipe holds before its X. */
    size_t watched = count;
    for (size_t i = watched; i-- > 0;) {
      struct child *c = &children[i];
      if (polled[2 + 3 * i].revents && c->in >= 0) feed(c);
      if (polled[3 + 3 * i].revents && c->out >= 0) relay(c, &c->out, 'O', 'o');
      if (polled[4 + 3 * i].revents && c->err >= 0) relay(c, &c->err, 'R', 'r');
      forget_if_done(c);
    }
    if (polled[1].revents) {
      struct signalfd_siginfo info;
      while (read(sfd, &info, sizeof info) > 0) {}
      reap();
    }
    if (polled[0].revents) {
      if (used == size) {
        size *= 2;
        buffer = realloc(buffer, size);
        if (!buffer) return 1;
      }
      ssize_t r = read(0, buffer + used, size - used);
      if (r < 0 && errno == EINTR) continue;
      if (r <= 0) return 0; /* the suite is gone */
      used += (size_t)r;
      for (size_t done; used > 0 && (done = request(buffer, used)) > 0;) {
        memmove(buffer, buffer + done, used - done);
        used -= done;
      }
    }
  }
}
