"""Runs a command under ptrace, counts the durable steps it completes, and acts right after the N-th.

usage: python3 -I -S stepTracer.py --log FILE (--kill-after N | --stop-after N | --record) -- ARGV...

A durable step is what adapter-qualify's durableFlags (durableSteps.ts) calls one: a
successful write to a file or to a stdout that is not a pipe of the call's own, a
creating or truncating open, a namespace change, a sync, a lock. Steps are counted
at syscall exit, when the result is known, so a runtime's own writes (eventfds,
wake-up pipes) never shift the count, however many there are: the fault lands
after exactly N steps, on every run, whatever the machine's load.

- --kill-after N: SIGKILL to every traced process once N steps completed (N = 0:
  before the first), so the state left is exactly that of a crash on entry to step N+1.
- --stop-after N: once step N completed, every traced thread is held stopped until
  this tracer receives SIGCONT (the host sends it to the process group); then all run on.
- --record: no fault; the log is the call's recording, its steps the crash points.

The log lists every traced invocation in strace's `-f -y` format, so durableSteps.ts
reads it as it reads a strace recording, and a line `# fault: ...` where the fault was
injected. A kill traces through a seccomp filter, so only the traced syscalls stop;
a stop or a recording cannot (a filter outlives its tracer, and what they leave behind
is released). Processes and threads are followed, the ones the first process leaves
behind (a detached worker) too while the first process runs. A recording and a stop
release them once the first process has ended (a stop once it is resumed, too): the
call is over, and a worker may run for minutes; its steps until then are the
call's. A kill follows them until the fault is injected, which ends them all. The
tracer ends as the first process did, once every process it still follows has
ended or been released.
"""

import ctypes
import errno
import os
import platform
import signal
import sys

PTRACE_TRACEME, PTRACE_CONT, PTRACE_SYSCALL, PTRACE_DETACH = 0, 7, 24, 17
PTRACE_SETOPTIONS, PTRACE_GETEVENTMSG, PTRACE_GETSIGINFO, PTRACE_GET_SYSCALL_INFO = 0x4200, 0x4201, 0x4202, 0x420E
OPTIONS = 0x1 | 0x2 | 0x4 | 0x8 | 0x10 | 0x100000  # TRACESYSGOOD, TRACEFORK, TRACEVFORK, TRACECLONE, TRACEEXEC, EXITKILL
TRACESECCOMP = 0x80
EVENT_FORK, EVENT_VFORK, EVENT_CLONE, EVENT_SECCOMP = 1, 2, 3, 7
INFO_ENTRY, INFO_EXIT, INFO_SECCOMP = 1, 2, 3
AUDIT_ARCH = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}
CLONE_SYSCALLS = {"x86_64": (56, 435), "aarch64": (220, 435)}  # clone, clone3
CLONE_UNTRACED = 0x00800000
WALL = 0x40000000
AT_FDCWD = -100
O_CREAT, O_TRUNC, O_EXCL = 0o100, 0o1000, 0o200
LOCK_COMMANDS = {6: "F_SETLK", 7: "F_SETLKW", 37: "F_OFD_SETLK", 38: "F_OFD_SETLKW"}
STOPPING_SIGNALS = {signal.SIGSTOP, signal.SIGTSTP, signal.SIGTTIN, signal.SIGTTOU}

# The syscalls durableSteps.ts traces (DURABLE_SYSCALLS and CONTEXT_SYSCALLS), by number on this machine.
SYSCALLS = {
    "x86_64": {
        1: "write", 18: "pwrite64", 20: "writev", 296: "pwritev", 328: "pwritev2", 74: "fsync", 75: "fdatasync",
        277: "sync_file_range", 82: "rename", 264: "renameat", 316: "renameat2", 86: "link", 265: "linkat",
        88: "symlink", 266: "symlinkat", 87: "unlink", 263: "unlinkat", 84: "rmdir", 83: "mkdir", 258: "mkdirat",
        2: "open", 257: "openat", 437: "openat2", 85: "creat", 77: "ftruncate", 76: "truncate", 73: "flock",
        72: "fcntl", 22: "pipe", 293: "pipe2", 53: "socketpair", 9: "mmap",
    },
    "aarch64": {
        64: "write", 68: "pwrite64", 66: "writev", 70: "pwritev", 287: "pwritev2", 82: "fsync", 83: "fdatasync",
        84: "sync_file_range", 38: "renameat", 276: "renameat2", 37: "linkat", 36: "symlinkat", 35: "unlinkat",
        34: "mkdirat", 56: "openat", 437: "openat2", 46: "ftruncate", 45: "truncate", 32: "flock", 25: "fcntl",
        59: "pipe2", 199: "socketpair", 222: "mmap",
    },
}
WRITES = {"write", "pwrite64", "writev", "pwritev", "pwritev2"}
SYNCS = {"fsync", "fdatasync", "sync_file_range"}
PATH_ARGS = {  # which arguments are paths, and which are directory descriptors, by syscall
    "rename": ((0, 1), ()), "renameat": ((1, 3), (0, 2)), "renameat2": ((1, 3), (0, 2)), "link": ((0, 1), ()),
    "linkat": ((1, 3), (0, 2)), "symlink": ((0, 1), ()), "symlinkat": ((0, 2), (1,)), "unlink": ((0,), ()),
    "unlinkat": ((1,), (0,)), "rmdir": ((0,), ()), "mkdir": ((0,), ()), "mkdirat": ((1,), (0,)),
    "open": ((0,), ()), "openat": ((1,), (0,)), "openat2": ((1,), (0,)), "creat": ((0,), ()), "truncate": ((0,), ()),
}


class SyscallInfo(ctypes.Structure):
    class Data(ctypes.Union):
        class Entry(ctypes.Structure):
            _fields_ = [("nr", ctypes.c_uint64), ("args", ctypes.c_uint64 * 6)]

        class Exit(ctypes.Structure):
            _fields_ = [("rval", ctypes.c_int64), ("is_error", ctypes.c_uint8)]

        _fields_ = [("entry", Entry), ("exit", Exit), ("pad", ctypes.c_uint64 * 8)]

    _fields_ = [("op", ctypes.c_uint8), ("pad", ctypes.c_uint8 * 3), ("arch", ctypes.c_uint32),
                ("ip", ctypes.c_uint64), ("sp", ctypes.c_uint64), ("data", Data)]


libc = ctypes.CDLL(None, use_errno=True)
libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]
libc.ptrace.restype = ctypes.c_long


def ptrace(request, tid, addr=None, data=None):
    if libc.ptrace(request, tid, addr, data) == -1:
        raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))


class SockFilter(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint16), ("jt", ctypes.c_uint8), ("jf", ctypes.c_uint8), ("k", ctypes.c_uint32)]


class SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_uint16), ("filter", ctypes.POINTER(SockFilter))]


def install_seccomp_filter(numbers, arch):
    """Makes the traced syscalls (and only them) stop for the tracer: the others run at full speed.

    A filter outlives its tracer (its syscalls would then fail with ENOSYS), so numbers are given only where
    nothing traced is ever released: a kill kills every process it follows. With none, the filter only
    refuses the clones that would escape the tracer, which holds as well after it.
    """
    load, jump_eq, jump_set, ret = 0x20, 0x15, 0x45, 0x06  # BPF_LD|BPF_W|BPF_ABS, BPF_JMP|BPF_JEQ|BPF_K, BPF_JMP|BPF_JSET|BPF_K, BPF_RET|BPF_K
    allow, trace, refuse = 0x7FFF0000, 0x7FF00000, 0x00050000  # SECCOMP_RET_ERRNO | errno
    count = len(numbers)
    clone, clone3 = CLONE_SYSCALLS[platform.machine()]
    # No process escapes the tracer: clone with CLONE_UNTRACED is refused (EPERM), and clone3, whose flags
    # a filter cannot read, is refused as absent (ENOSYS: the C library falls back to clone).
    escapes = [
        (jump_eq, 0, 1, clone3),
        (ret, 0, 0, refuse | errno.ENOSYS),
        (jump_eq, 0, 3, clone),
        (load, 0, 0, 16),  # the low word of args[0], the flags
        (jump_set, 0, 1, CLONE_UNTRACED),
        (ret, 0, 0, refuse | errno.EPERM),
        (load, 0, 0, 0),
    ]
    program = [(load, 0, 0, 4), (jump_eq, 0, len(escapes) + count + 1, arch), (load, 0, 0, 0), *escapes]
    program += [(jump_eq, count - index, 0, number) for index, number in enumerate(numbers)]
    program += [(ret, 0, 0, allow), (ret, 0, 0, trace)]
    filters = (SockFilter * len(program))(*[SockFilter(*instruction) for instruction in program])
    fprog = SockFprog(len(program), filters)
    if libc.prctl(38, 1, 0, 0, 0) != 0 or libc.prctl(22, 2, ctypes.c_void_p(ctypes.addressof(fprog)), 0, 0) != 0:
        raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))  # PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP


def syscall_info(tid):
    info = SyscallInfo()
    ptrace(PTRACE_GET_SYSCALL_INFO, tid, ctypes.sizeof(info), ctypes.addressof(info))
    return info


def signed(value, bits=32):
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >> (bits - 1) else value


def read_memory(tid, address, size):
    try:
        fd = os.open(f"/proc/{tid}/mem", os.O_RDONLY)
    except OSError:
        return b""
    try:
        return os.pread(fd, size, address)
    except OSError:
        return b""
    finally:
        os.close(fd)


def read_string(tid, address):
    text = b""
    while address and len(text) < 4096:
        chunk = read_memory(tid, address, 4096 - address % 4096)  # never across a page it may not have
        if not chunk:
            break
        end = chunk.find(b"\0")
        if end >= 0:
            return text + chunk[:end]
        text, address = text + chunk, address + len(chunk)
    return text


def quoted(raw):
    out = []
    for byte in raw:
        char = chr(byte)
        out.append("\\" + char if char in '"\\' else char if 32 <= byte < 127 else f"\\x{byte:02x}")
    return '"' + "".join(out) + '"'


def fd_object(tid, fd):
    try:
        return os.readlink(f"/proc/{tid}/fd/{fd}")
    except OSError:
        return None


def decorated(tid, fd):
    if fd == AT_FDCWD:
        return "AT_FDCWD"
    target = fd_object(tid, fd)
    return str(fd) if target is None else f"{fd}<{target}>"


def volatile(path):
    return path.startswith(("/dev/", "/proc/", "/sys/"))


class Invocation:
    """One traced syscall of one thread, between its entry and its exit."""

    def __init__(self, tid, name, args):
        self.tid, self.name, self.args = tid, name, args
        self.fd = signed(args[0])
        self.fd_text = decorated(tid, self.fd) if name in WRITES or name in SYNCS or name in ("ftruncate", "flock", "fcntl") else None
        self.fd_target = fd_object(tid, self.fd) if self.fd_text is not None else None
        paths, dirfds = PATH_ARGS.get(name, ((), ()))
        self.paths = {index: read_string(tid, args[index]) for index in paths}
        self.dirfds = {index: decorated(tid, signed(args[index])) for index in dirfds}
        self.open_flags = None
        if name in ("open", "openat"):
            self.open_flags = args[1] if name == "open" else args[2]
        elif name == "openat2":
            how = read_memory(tid, args[2], 8)
            self.open_flags = int.from_bytes(how, sys.byteorder) if len(how) == 8 else 0
        self.map_text = decorated(tid, signed(args[4])) if name == "mmap" else None
        self.pair = None  # what a pipe, pipe2 or socketpair made, once read at its exit

    def text(self, tid, result):
        """The invocation as strace -y prints it (only what durableSteps.ts reads)."""
        name, args = self.name, self.args
        if name in WRITES:
            middle = '""' if name in ("write", "pwrite64") else "[]"
            rest = [str(args[2])] + ([str(args[3])] if name not in ("write", "writev") else [])
            return ", ".join([self.fd_text, middle] + rest)
        if name in SYNCS or name == "ftruncate":
            return ", ".join([self.fd_text] + [str(args[1])] * (name != "fsync" and name != "fdatasync"))
        if name == "flock":
            return f"{self.fd_text}, {args[1]}"
        if name == "fcntl":
            return f"{self.fd_text}, {LOCK_COMMANDS.get(args[1], str(args[1]))}"
        if name in ("pipe", "pipe2", "socketpair"):
            pair = "[" + ", ".join(f"{fd}<{target}>" if target else str(fd) for fd, target in self.made(tid, result)) + "]"
            return f"{args[0]}, {args[1]}, {args[2]}, {pair}" if name == "socketpair" else pair
        if name == "mmap":
            prot = "|".join(word for bit, word in ((1, "PROT_READ"), (2, "PROT_WRITE"), (4, "PROT_EXEC")) if args[2] & bit) or "PROT_NONE"
            share = {1: "MAP_SHARED", 2: "MAP_PRIVATE", 3: "MAP_SHARED_VALIDATE"}.get(args[3] & 3, "0")
            return f"{args[0]}, {args[1]}, {prot}, {share}, {self.map_text}, {args[5]}"
        parts = []
        for index in range(max([*self.paths, *self.dirfds], default=-1) + 1):
            parts.append(quoted(self.paths[index]) if index in self.paths else self.dirfds.get(index, str(args[index])))
        if self.open_flags is not None:
            words = [word for bit, word in ((O_CREAT, "O_CREAT"), (O_EXCL, "O_EXCL"), (O_TRUNC, "O_TRUNC")) if self.open_flags & bit]
            parts.append("|".join(words) or "0")
        return ", ".join(parts)

    def made(self, tid, result):
        """The descriptors a successful pipe, pipe2 or socketpair returned, with what each refers to (read once)."""
        if self.pair is None:
            raw = read_memory(tid, self.args[3] if self.name == "socketpair" else self.args[0], 8) if result >= 0 else b""
            fds = [signed(int.from_bytes(raw[i:i + 4], sys.byteorder)) for i in (0, 4)] if len(raw) == 8 else []
            self.pair = [(fd, fd_object(tid, fd)) for fd in fds]
        return self.pair

    def effect(self, internal):
        """What durableFlags would say of it, had it succeeded: 'state', 'sync', 'lock' or None."""
        name = self.name
        if name in WRITES:
            target = self.fd_target
            if target is None:
                return None
            if self.fd == 1:
                return None if target in internal or volatile(target) else "state"
            return "state" if target.startswith("/") and not volatile(target) else None
        if self.open_flags is not None:
            path = self.paths.get(0 if name in ("open", "creat") else 1, b"").decode("utf-8", "replace")
            return "state" if self.open_flags & (O_CREAT | O_TRUNC) and not volatile(path) else None
        if name == "fcntl":
            return "lock" if self.args[1] in LOCK_COMMANDS else None
        if name == "flock":
            return "lock"
        if name in SYNCS:
            return "sync"
        if name in ("pipe", "pipe2", "socketpair", "mmap"):
            return None
        return "state"


class Resume(Exception):
    """SIGCONT arrived while the tracer waited."""


class Tracer:
    def __init__(self, log, action, count):
        self.log, self.action, self.count = log, action, count
        self.table = SYSCALLS.get(platform.machine(), {})
        # A kill needs no process ever released, so it can use a seccomp filter: only traced syscalls stop.
        self.seccomp = action == "kill"
        self.go = PTRACE_CONT if self.seccomp else PTRACE_SYSCALL  # how a tracee runs on to its next traced syscall
        self.tracees = set()
        self.fresh = set()  # attached by a fork or clone event, its first stop not yet seen
        self.pending = {}  # tid -> Invocation between entry and exit
        self.untraced = set()  # tids inside a syscall this tracer does not read: their next syscall stop is its exit
        self.internal = set()  # pipes and sockets the call's processes made
        self.completed = 0
        self.acted = False
        self.frozen = False
        self.held = {}  # tid -> (request, signal) while frozen
        self.stopping = set()  # tids sent a SIGSTOP by this tracer, not yet delivered
        self.releasing = False
        self.outcome = None  # the first process's wait status, once it ended
        self.waiting = False
        self.resume_requested = False

    def write(self, line):
        self.log.write(line + "\n")

    def on_sigcont(self, *_):
        self.resume_requested = True
        if self.waiting:
            raise Resume()

    def resume(self, tid, request, sig=0):
        if self.frozen:
            self.held[tid] = (request, sig)
            return
        try:
            ptrace(request, tid, None, sig)
        except OSError:
            pass  # gone meanwhile (killed): its exit is reported all the same

    def tgkill(self, tid, sig):
        try:
            with open(f"/proc/{tid}/status") as status:
                tgid = next(int(line.split()[1]) for line in status if line.startswith("Tgid:"))
            if libc.tgkill(tgid, tid, sig) == 0:
                self.stopping.add(tid)
        except (OSError, StopIteration):
            pass

    def act(self, tid):
        self.acted = True
        if self.action == "kill":
            self.write(f"# fault: SIGKILL after {self.completed} durable steps")
            for tracee in self.tracees:
                try:
                    os.kill(tracee, signal.SIGKILL)
                except OSError:
                    pass
            return
        self.write(f"# fault: SIGSTOP after {self.completed} durable steps")
        self.log.flush()
        self.frozen = True
        self.held[tid] = (self.go, 0)
        for tracee in self.tracees - {tid}:
            self.tgkill(tracee, signal.SIGSTOP)
        if self.resume_requested:
            self.thaw()  # the host gave up waiting already: never hold a process nobody will wake

    def thaw(self):
        self.frozen = False
        self.write("# resumed")
        held, self.held = self.held, {}
        for tid, (request, sig) in held.items():
            self.resume(tid, request, sig)
        if self.outcome is not None:
            self.release_others()

    def on_syscall_stop(self, tid):
        """A syscall-entry, syscall-exit or seccomp stop."""
        if tid in self.untraced:
            self.untraced.discard(tid)
            self.resume(tid, self.go)
            return
        try:
            info = syscall_info(tid)
        except OSError:
            return
        if info.op in (INFO_ENTRY, INFO_SECCOMP):  # the seccomp member starts like the entry member
            name = self.table.get(info.data.entry.nr)
            if name is None:
                self.untraced.add(tid)
                self.resume(tid, PTRACE_SYSCALL)
                return
            self.pending[tid] = Invocation(tid, name, list(info.data.entry.args))
            self.resume(tid, PTRACE_SYSCALL)  # to its exit
            return
        call = self.pending.pop(tid, None)
        if info.op != INFO_EXIT or call is None:
            self.resume(tid, self.go)
            return
        result = info.data.exit.rval
        effect = call.effect(self.internal) if result >= 0 else None
        if call.name in ("pipe", "pipe2", "socketpair"):
            self.internal.update(target for _, target in call.made(tid, result) if target)
        shown = str(result) if result >= 0 else f"-1 {errno.errorcode.get(-result, 'E?')}"
        self.write(f"{tid} {call.name}({call.text(tid, result)}) = {shown}" + (f" <step {self.completed + 1}>" if effect else ""))
        if effect is None:
            self.resume(tid, self.go)
            return
        self.completed += 1
        if not self.acted and self.completed == self.count:
            self.act(tid)
            if self.action == "kill" or tid in self.held:
                return
        self.resume(tid, self.go)

    def on_signal_stop(self, tid, sig):
        if sig == signal.SIGSTOP and tid in self.fresh:
            self.fresh.discard(tid)
            self.resume(tid, self.go)
            return
        if sig == signal.SIGSTOP and tid in self.stopping:
            self.stopping.discard(tid)
            if self.releasing:
                try:
                    ptrace(PTRACE_DETACH, tid, None, 0)
                except OSError:
                    pass
                self.tracees.discard(tid)
                return
            self.resume(tid, self.go)  # held while frozen, else our stop is simply dropped
            return
        if sig in STOPPING_SIGNALS:
            siginfo = ctypes.create_string_buffer(128)
            try:
                ptrace(PTRACE_GETSIGINFO, tid, None, ctypes.addressof(siginfo))
            except OSError:
                self.resume(tid, self.go)  # a group-stop (EINVAL): not held, as strace without -D
                return
        self.resume(tid, self.go, sig)

    def release_others(self):
        """The first process exited and no fault is pending: let any process it left run on untraced."""
        if self.releasing or not self.tracees:
            return
        self.releasing = True
        for tid in list(self.tracees):
            self.tgkill(tid, signal.SIGSTOP)

    def run(self, argv):
        child = os.fork()
        if child == 0:
            for ignored in (signal.SIGPIPE, signal.SIGXFSZ):
                signal.signal(ignored, signal.SIG_DFL)  # Python ignores them, and an ignored signal survives exec
            try:
                ptrace(PTRACE_TRACEME, 0)
            except OSError as error:
                os.write(2, f"stepTracer.py: cannot trace here: {error.strerror}\n".encode())
                os._exit(125)
            os.kill(os.getpid(), signal.SIGSTOP)  # so the options are set before the adapter's first syscall
            try:
                # Every mode refuses the escapes; only a kill also stops at the traced syscalls through the filter.
                install_seccomp_filter(sorted(self.table) if self.seccomp else [], AUDIT_ARCH[platform.machine()])
                os.execv(argv[0], argv)
            except OSError as error:
                os.write(2, f"stepTracer.py: cannot run {argv[0]}: {error.strerror}\n".encode())
            os._exit(127)
        # Not dumpable: a tracee of the same uid cannot reach this process's descriptors (its log) through /proc.
        libc.prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE
        _, status = os.waitpid(child, WALL)
        if not os.WIFSTOPPED(status):
            return status  # it could not be traced, and said why
        try:
            ptrace(PTRACE_SETOPTIONS, child, None, OPTIONS | (TRACESECCOMP if self.seccomp else 0))
        except OSError:
            os.kill(child, signal.SIGKILL)
            raise
        self.tracees.add(child)
        signal.signal(signal.SIGCONT, self.on_sigcont)
        if self.action == "kill" and self.count == 0:
            self.act(child)
        else:
            self.resume(child, self.go)
        while self.tracees:
            if self.frozen and self.resume_requested:
                self.thaw()
            try:
                self.waiting = self.frozen  # only a frozen tracer needs waking by SIGCONT
                tid, status = os.waitpid(-1, WALL)
            except Resume:
                continue
            except ChildProcessError:
                break
            finally:
                self.waiting = False
            if os.WIFEXITED(status) or os.WIFSIGNALED(status):
                self.tracees.discard(tid)
                self.pending.pop(tid, None)
                self.untraced.discard(tid)
                self.held.pop(tid, None)
                if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL:
                    self.write(f"{tid} +++ killed by SIGKILL +++")
                if tid == child:
                    self.outcome = status
                # After a kill every process is dying already; a frozen stop releases them once resumed.
                if self.outcome is not None and not self.seccomp and not self.frozen:
                    self.release_others()
                continue
            if not os.WIFSTOPPED(status):
                continue
            if tid not in self.tracees and os.WSTOPSIG(status) == signal.SIGSTOP:
                self.fresh.add(tid)  # its attach stop came before its parent's clone or fork event
            self.tracees.add(tid)
            sig, event = os.WSTOPSIG(status), status >> 16
            if sig == signal.SIGTRAP | 0x80:
                self.on_syscall_stop(tid)
            elif sig == signal.SIGTRAP and event in (EVENT_FORK, EVENT_VFORK, EVENT_CLONE):
                message = ctypes.c_ulong()
                try:
                    ptrace(PTRACE_GETEVENTMSG, tid, None, ctypes.addressof(message))
                    if message.value not in self.tracees:
                        self.fresh.add(message.value)
                    self.tracees.add(message.value)
                    if self.releasing:
                        self.tgkill(message.value, signal.SIGSTOP)
                except OSError:
                    pass
                self.resume(tid, self.go)
            elif sig == signal.SIGTRAP and event == EVENT_SECCOMP:
                self.on_syscall_stop(tid)
            elif sig == signal.SIGTRAP and event != 0:
                self.resume(tid, self.go)  # exec and the other events: nothing to note
            else:
                self.on_signal_stop(tid, sig)
        return self.outcome


def main(args):
    try:
        separator = args.index("--")
    except ValueError:
        separator = -1
    options, argv = args[:separator], args[separator + 1:]
    recording = options[2:] == ["--record"]
    if separator < 0 or not argv or options[:1] != ["--log"] or len(options) != (3 if recording else 4):
        sys.stderr.write("usage: stepTracer.py --log FILE (--kill-after N | --stop-after N | --record) -- ARGV...\n")
        return 125
    log_path = options[1]
    if recording:
        action, count = "record", None
    else:
        mode, count = options[2], options[3]
        if mode not in ("--kill-after", "--stop-after") or not count.isdigit():
            sys.stderr.write("stepTracer.py: --kill-after N, --stop-after N or --record is needed, N a whole number\n")
            return 125
        action, count = ("kill" if mode == "--kill-after" else "stop"), int(count)
    if platform.machine() not in SYSCALLS:
        sys.stderr.write(f"stepTracer.py: no syscall table for {platform.machine()}\n")
        return 125
    # A new file, never one planted at the path (a symlink or a FIFO): in a sandbox the directory is shared with the candidate.
    try:
        fresh = os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW if log_path != os.devnull else 0  # the probe logs nowhere
        log_fd = os.open(log_path, os.O_WRONLY | fresh, 0o600)
    except OSError as error:
        sys.stderr.write(f"stepTracer.py: cannot create the log {log_path}: {error.strerror}\n")
        return 125
    with os.fdopen(log_fd, "w", encoding="utf-8", errors="replace") as log:
        try:
            outcome = Tracer(log, action, count).run(argv)
        except OSError as error:
            sys.stderr.write(f"stepTracer.py: cannot trace here: {error.strerror}\n")
            return 125
    if outcome is None:
        return 125
    if os.WIFSIGNALED(outcome):
        sig = os.WTERMSIG(outcome)
        if sig not in (signal.SIGKILL, signal.SIGSTOP):
            signal.signal(sig, signal.SIG_DFL)
        os.kill(os.getpid(), sig)  # end as the traced process did, as strace does
    return os.WEXITSTATUS(outcome)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
