import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import type { Socket } from 'node:net';
import { constants } from 'node:os';
import { Readable } from 'node:stream';
import { compileHelper } from './containment/compileHelper.js';
import { LAUNCHER_CORE } from './containment/launcher.js';

/**
 * Where a call's process is forked. Forking copies the forking process's page tables and
 * marks its memory copy-on-write, so the cost grows with that process's memory: from the
 * run's own process (vitest, vite and two worker isolates, about 115 MB of anonymous
 * memory) each spawn blocked the calling thread about 5 ms, against about 1 ms from a bare
 * Node.js process (the README's speed section has the measurements). So on Linux with a C
 * compiler, each thread that calls has a spawner (`SPAWNER_SOURCE`, about 1 MB), started on
 * its first call and ended with the thread: it forks each process with three pipes, writes
 * the request to its stdin and closes it, and relays its stdout and stderr, chunk by chunk,
 * as it reads them; caps, deadline and kills stay the suite's. (The pipes cannot simply be
 * handed over: Node.js takes no descriptor from another program, and in a worker thread a
 * descriptor opened by path is the worker's to close when it exits, whoever holds that number
 * then.) Elsewhere the suite spawns directly.
 */

/** What to start: the file, its arguments, its working directory and exact environment, and its stdin. */
export interface SpawnRequest {
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  /** Written to stdin, which is then closed. */
  readonly input: Buffer;
  /**
   * `file` is the per-call launcher (`launchCommand`): a spawner runs the launcher's code in the
   * process it forks instead of executing it. @defaultValue false
   */
  readonly viaLauncher?: boolean;
}

/** How a started process ended, as its parent saw it. */
export interface SpawnedExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Why the status is unknown (the spawner was gone before the process exited), or null. */
  readonly lost: string | null;
}

/** A started process: a new session (its group's leader). */
export interface StartedProcess {
  readonly kind: 'started';
  readonly pid: number;
  /** What it writes to stdout and stderr, as it writes it; each closes at its end. */
  readonly stdout: Readable;
  readonly stderr: Readable;
  /** Settles once it exited. */
  readonly exited: Promise<SpawnedExit>;
  /** Called with the first failure writing its stdin other than it not reading (EPIPE). */
  onStdinFailure(listener: (detail: string) => void): void;
  /** SIGKILLs the process itself, unless it was reaped already (its group is the caller's to kill). */
  kill(): void;
  /** Ends the call: nothing more is written to its stdin or read from its output. */
  release(): void;
}

/** A process that could not be started, with the spawn error's message. */
export interface SpawnFailure {
  readonly kind: 'spawn-error';
  readonly message: string;
}

/**
 * Starts `request` in a new session with piped stdio: through this thread's spawner where
 * there is one, else directly.
 * @returns the started process, or why none started. Never rejects.
 * @public
 */
export function startProcess(request: SpawnRequest): Promise<StartedProcess | SpawnFailure> {
  const spawner = Spawner.forThisThread();
  return spawner === null ? spawnDirectly(request) : spawner.start(request);
}

/**
 * C source of the spawner, compiled once per machine (`compileHelper`). Its protocol is in
 * its header comment.
 * @internal
 */
export const SPAWNER_SOURCE = String.raw`/* aq-spawn: starts the suite's processes from a small address space and relays their stdio.
 * Requests on stdin, each "LENGTH\n" and then LENGTH bytes:
 *   S\0 ID\0 CWD\0 FILE\0 ARGC\0 ARG\0... ENVC\0 ENV\0... INPUT
 *        start FILE (argv ARG...) in CWD with exactly ENV, in a new session, with three pipes;
 *        write INPUT (the rest of the request, any bytes) to its stdin, then close it;
 *   L\0 ...   as S, where FILE is the per-call launcher and ARG... its arguments (TAG CALL_ID
 *        EXECUTABLE [ARG...]): the forked process runs the launcher's code itself (LAUNCHER_CORE,
 *        compiled in below) instead of executing FILE, an exec less per call, and shows FILE ARG...
 *        as its command line, as the exec would have (the suite finds a call's launcher processes
 *        by it); where they do not fit in this process's argv, FILE is executed after all;
 *   K\0 ID\0   SIGKILL the process, unless it was reaped already;
 *   D\0 ID\0   the suite is done with it: close its pipes, relay nothing more (a process reaped whose
 *              pipes are all closed is forgotten without it).
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
${LAUNCHER_CORE}
extern char **environ;

struct child {
  long id;
  pid_t pid;           /* 0 once reaped */
  int in, out, err;    /* this process's ends, -1 once closed */
  char *input;
  size_t length, written;
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
        launch(argv + 3);
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
  children[count++] = (struct child){ id, pid, in[1], out[0], err[0], copy, length, 0 };
  answer('P', id, pid, NULL);
}

static struct child *find(long id) {
  for (size_t i = 0; i < count; i++) if (children[i].id == id) return &children[i];
  return NULL;
}

static void forget_if_done(struct child *c) {
  if (c->pid != 0 || c->in >= 0 || c->out >= 0 || c->err >= 0) return;
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
    if (fields == 5) wanted = 6 + (argc = strtoul(field[4], NULL, 10));
    if (fields == 6 + argc && wanted == 6 + argc) wanted = 6 + argc + (envc = strtoul(field[5 + argc], NULL, 10));
  }
  if (fields == wanted) {
    long id = strtol(field[1], NULL, 10);
    struct child *c = find(id);
    if (field[0][0] == 'K' && c && c->pid > 0) kill(c->pid, SIGKILL);
    if (field[0][0] == 'D' && c) {
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
      forget_if_done(c); /* reaped and every pipe closed: no D is needed (the suite sends none then) */
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
`;

/**
 * Spawns from this process, as `startProcess` does where no spawner can be built.
 * @internal
 */
export async function spawnDirectly(request: SpawnRequest): Promise<StartedProcess | SpawnFailure> {
  let child: ChildProcess;
  try {
    child = spawn(request.file, request.args, { cwd: request.cwd, env: request.env, detached: true, stdio: 'pipe', windowsHide: true });
  } catch (error) {
    return { kind: 'spawn-error', message: (error as Error).message };
  }
  const { pid, stdin, stdout, stderr } = child;
  if (pid === undefined || stdin === null || stdout === null || stderr === null) {
    // The spawn failed: its error follows on the next tick.
    const [error] = (await once(child, 'error')) as [Error];
    return { kind: 'spawn-error', message: error.message };
  }
  const exited = new Promise<SpawnedExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, lost: null })));
  let stdinFailure: (detail: string) => void = () => undefined;
  stdin.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') stdinFailure(error.message);
  });
  stdin.end(request.input);
  return {
    kind: 'started',
    pid,
    stdout,
    stderr,
    exited,
    onStdinFailure: (listener) => {
      stdinFailure = listener;
    },
    kill: () => child.kill('SIGKILL'),
    release: () => {
      for (const stream of [stdin, stdout, stderr]) stream.destroy();
    },
  };
}

/** Bytes of command line a launcher process run by a spawner can show (its path, the run tag, the call id, the adapter's argv); a longer one is executed. */
const LAUNCHER_TITLE_ROOM = 4_096;

const SIGNAL_NAMES = new Map(Object.entries(constants.signals).map(([name, number]) => [number, name as NodeJS.Signals]));
const ERRNO_NAMES = new Map(Object.entries(constants.errno).map(([name, number]) => [number, name]));
const errnoName = (errno: number): string => ERRNO_NAMES.get(errno) ?? `errno ${String(errno)}`;

/** One call's state, from its request to its release. */
interface SpawnedCall {
  readonly file: string;
  readonly resolveStart: (result: StartedProcess | SpawnFailure) => void;
  readonly resolveExit: (exit: SpawnedExit) => void;
  readonly exited: Promise<SpawnedExit>;
  readonly stdout: Readable;
  readonly stderr: Readable;
  stdinFailure: (detail: string) => void;
  /** Whether its streams were handed out (only then may they fail: someone listens). */
  started: boolean;
  /** Answers still to come before the spawner forgets the call by itself: its exit, and each stream's end. */
  endsToCome: number;
}

/** An answer's header: `TYPE ID VALUE`, then, for O and R, VALUE bytes of output. */
interface AnswerHeader {
  readonly type: string;
  readonly id: number;
  readonly value: number;
}

class Spawner {
  // undefined: not tried yet in this thread; null: none can be built here.
  static #current: Spawner | null | undefined;

  /** This thread's spawner (a new one once the last is gone), or null where none can be built. */
  static forThisThread(): Spawner | null {
    const current = Spawner.#current;
    if (current === undefined || (current !== null && current.#lost !== null)) {
      const compiled = process.platform === 'linux' ? compileHelper('aq-spawn', SPAWNER_SOURCE) : { reason: `no signalfd on ${process.platform}` };
      Spawner.#current = 'path' in compiled ? new Spawner(compiled.path) : null;
    }
    return Spawner.#current ?? null;
  }

  readonly #child: ChildProcess;
  readonly #calls = new Map<number, SpawnedCall>();
  #nextId = 0;
  #lost: string | null = null;
  /** The start of an answer's header whose end has not arrived yet. */
  #partialHeader: Buffer = Buffer.alloc(0);
  /** The output frame being received, and how many of its bytes are still to come. */
  #output: (AnswerHeader & { remaining: number }) | null = null;

  private constructor(path: string) {
    // Empty arguments: room for a launcher's command line (SPAWNER_SOURCE, request L).
    this.#child = spawn(path, new Array<string>(LAUNCHER_TITLE_ROOM).fill(''), { stdio: ['pipe', 'pipe', 'ignore'], env: {} });
    this.#child.stdout?.on('data', (chunk: Buffer) => this.#receive(chunk));
    this.#child.stdin?.on('error', (error) => this.#lose(`the suite's spawner stopped reading: ${error.message}`));
    this.#child.on('error', (error) => this.#lose(`the suite's spawner failed: ${error.message}`));
    this.#child.on('exit', (code, signal) => this.#lose(`the suite's spawner exited (${signal ?? `code ${String(code)}`})`));
    this.#setReferenced(false);
  }

  start(request: SpawnRequest): Promise<StartedProcess | SpawnFailure> {
    if (this.#lost !== null) return Promise.resolve({ kind: 'spawn-error', message: this.#lost });
    const id = this.#nextId++;
    return new Promise((resolveStart) => {
      let resolveExit: (exit: SpawnedExit) => void = () => undefined;
      const exited = new Promise<SpawnedExit>((resolve) => {
        resolveExit = resolve;
      });
      const output = (): Readable => new Readable({ read: () => undefined });
      this.#calls.set(id, { file: request.file, resolveStart, resolveExit, exited, stdout: output(), stderr: output(), stdinFailure: () => undefined, started: false, endsToCome: 3 });
      this.#setReferenced(true);
      const env = Object.entries(request.env).map(([name, value]) => `${name}=${value}`);
      const fields = [
        request.viaLauncher === true ? 'L' : 'S',
        String(id),
        request.cwd,
        request.file,
        String(request.args.length + 1),
        request.file,
        ...request.args,
        String(env.length),
        ...env,
      ];
      this.#send(Buffer.from(fields.map((field) => `${field}\0`).join(''), 'utf8'), request.input);
    });
  }

  /**
   * Parses the spawner's answers as they arrive. Output is pushed as slices of the chunk it
   * came in, never copied here (the reader copies what it keeps), and an output frame split
   * across chunks is pushed in pieces.
   */
  #receive(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      const output = this.#output;
      if (output !== null) {
        const end = Math.min(chunk.length, at + output.remaining);
        this.#answer(output, chunk.subarray(at, end));
        output.remaining -= end - at;
        if (output.remaining === 0) this.#output = null;
        at = end;
        continue;
      }
      const newline = chunk.indexOf(0x0a, at);
      if (newline === -1) {
        this.#partialHeader = Buffer.concat([this.#partialHeader, chunk.subarray(at)]);
        return;
      }
      const line = Buffer.concat([this.#partialHeader, chunk.subarray(at, newline)]).toString('latin1');
      this.#partialHeader = Buffer.alloc(0);
      at = newline + 1;
      const [type = '', id = '', value = ''] = line.split(' ');
      const header = { type, id: Number(id), value: Number(value) };
      if ((type === 'O' || type === 'R') && header.value > 0) this.#output = { ...header, remaining: header.value };
      else this.#answer(header, null);
    }
  }

  #answer({ type, id, value }: AnswerHeader, bytes: Buffer | null): void {
    const call = this.#calls.get(id);
    if (call === undefined) return;
    const streamOf = (kind: string): Readable => (kind.toLowerCase() === 'o' ? call.stdout : call.stderr);
    switch (type) {
      case 'P':
        call.started = true;
        call.resolveStart(this.#started(id, call, value));
        return;
      case 'E':
        this.#forget(id);
        call.resolveStart({ kind: 'spawn-error', message: `spawn ${call.file} ${errnoName(value)}` });
        return;
      case 'O':
      case 'R': {
        const stream = streamOf(type);
        if (!stream.destroyed && bytes !== null) stream.push(bytes);
        return;
      }
      case 'o':
      case 'r': {
        call.endsToCome -= 1;
        const stream = streamOf(type);
        if (stream.destroyed) return;
        if (value === 0) stream.push(null);
        else stream.destroy(new Error(`read failed: ${errnoName(value)}`));
        return;
      }
      case 'I':
        call.stdinFailure(`write failed: ${errnoName(value)}`);
        return;
      case 'X':
        call.endsToCome -= 1;
        call.resolveExit((value & 0x7f) === 0 ? { code: (value >> 8) & 0xff, signal: null, lost: null } : { code: null, signal: SIGNAL_NAMES.get(value & 0x7f) ?? null, lost: null });
        return;
    }
  }

  #started(id: number, call: SpawnedCall, pid: number): StartedProcess {
    return {
      kind: 'started',
      pid,
      stdout: call.stdout,
      stderr: call.stderr,
      exited: call.exited,
      onStdinFailure: (listener) => {
        call.stdinFailure = listener;
      },
      kill: () => {
        if (this.#calls.has(id)) this.#send(Buffer.from(`K\0${String(id)}\0`));
      },
      release: () => {
        if (!this.#calls.has(id)) return;
        // An ended call is one the spawner forgot already (its stdin pipe closes by itself once the process is gone).
        if (call.endsToCome > 0) this.#send(Buffer.from(`D\0${String(id)}\0`));
        call.stdout.destroy();
        call.stderr.destroy();
        this.#forget(id);
      },
    };
  }

  /** Sends one frame: its length, then its parts, corked into one write so a megabyte request is never copied here. */
  #send(...parts: Buffer[]): void {
    const stdin = this.#child.stdin;
    if (this.#lost !== null || stdin === null) return;
    stdin.cork();
    stdin.write(`${String(parts.reduce((length, part) => length + part.length, 0))}\n`);
    for (const part of parts) stdin.write(part);
    stdin.uncork();
  }

  #forget(id: number): void {
    this.#calls.delete(id);
    // Only a call in progress keeps the thread's event loop alive for the spawner's answers.
    if (this.#calls.size === 0) this.#setReferenced(false);
  }

  /** The spawner is gone: no call waits for an answer it will not send. */
  #lose(reason: string): void {
    if (this.#lost !== null) return;
    this.#lost = reason;
    for (const [id, call] of this.#calls) {
      this.#calls.delete(id);
      call.resolveStart({ kind: 'spawn-error', message: reason });
      for (const stream of [call.stdout, call.stderr]) {
        if (call.started) stream.destroy(new Error(reason));
        else stream.destroy();
      }
      call.resolveExit({ code: null, signal: null, lost: reason });
    }
    this.#child.kill('SIGKILL');
  }

  #setReferenced(referenced: boolean): void {
    // The child's pipes are sockets, which can be unreferenced like the child itself.
    for (const handle of [this.#child, this.#child.stdin as Socket | null, this.#child.stdout as Socket | null]) {
      if (referenced) handle?.ref();
      else handle?.unref();
    }
  }
}
