/**
 * The syscalls that can change what a later call finds: file writes, syncs,
 * namespace changes, creating or truncating opens, truncation and locks. Writes
 * to stdout are among them (the answer is the host's evidence). Each name is
 * traced with strace's `?` prefix, so a name this architecture lacks (`open` on
 * arm64) is ignored instead of refused.
 * @internal
 */
export const DURABLE_SYSCALLS = Object.freeze([
  'write',
  'pwrite64',
  'writev',
  'pwritev',
  'pwritev2',
  'fsync',
  'fdatasync',
  'sync_file_range',
  'rename',
  'renameat',
  'renameat2',
  'link',
  'linkat',
  'symlink',
  'symlinkat',
  'unlink',
  'unlinkat',
  'rmdir',
  'mkdir',
  'mkdirat',
  'open',
  'openat',
  'openat2',
  'creat',
  'ftruncate',
  'truncate',
  'flock',
  'fcntl',
] as const);

/** One of {@link DURABLE_SYSCALLS}. */
export type DurableSyscall = (typeof DURABLE_SYSCALLS)[number];

const WRITES = new Set<string>(['write', 'pwrite64', 'writev', 'pwritev', 'pwritev2']);
const OPENS = new Set<string>(['open', 'openat', 'openat2']);
/** fcntl commands that take or release a lock; every other fcntl only reads or sets descriptor flags. */
const LOCK_COMMANDS = /\bF_(OFD_)?SETLKW?\b/;
/** Files whose writes change no state a later call reads. */
const VOLATILE_PATH = /^\/(dev|proc|sys)\//;

/**
 * Whether one traced invocation (strace `-y` output: descriptors decorated
 * with their path) changed durable state, or would have had it not been
 * stopped. Writes count only to regular files and to stdout (descriptor 1),
 * never to pipes, eventfds or sockets the runtime uses for itself.
 * @param name - the syscall
 * @param args - its argument text, as strace printed it
 * @param result - its return value as printed, or null when it never returned (killed on entry)
 */
export function isDurable(name: string, args: string, result: string | null): boolean {
  if (result !== null && result.startsWith('-')) return false; // a failed call changed nothing
  if (WRITES.has(name)) {
    const fd = /^(\d+)<([^>]*)>/.exec(args);
    if (fd === null) return false;
    return fd[1] === '1' || (fd[2]?.startsWith('/') === true && !VOLATILE_PATH.test(fd[2]));
  }
  if (OPENS.has(name)) return /\bO_(CREAT|TRUNC)\b/.test(args);
  if (name === 'fcntl') return LOCK_COMMANDS.test(args);
  return (DURABLE_SYSCALLS as readonly string[]).includes(name);
}
