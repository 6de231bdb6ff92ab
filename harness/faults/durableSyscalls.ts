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

/**
 * Syscalls traced for what they tell about the others, never steps themselves:
 * the pipes and socket pairs a call's processes make among themselves (a write
 * to one is not the answer, even on descriptor 1), and the memory mappings
 * through which a process can change a file without any syscall.
 * @internal
 */
export const CONTEXT_SYSCALLS = Object.freeze(['pipe', 'pipe2', 'socketpair', 'mmap'] as const);

/** What a durable step does to what survives a process crash. */
export type StepEffect =
  /** Changes files, directories or the answer on stdout. */
  | 'state'
  /**
   * Makes data already written durable against power loss (fsync and kin):
   * the page cache survives a process crash, so a crash cannot tell a sync
   * that ran from one that did not.
   */
  | 'sync'
  /** Takes or releases a lock: held while the process lives or is stopped. */
  | 'lock';

const SYNCS = new Set<string>(['fsync', 'fdatasync', 'sync_file_range']);

const WRITES = new Set<string>(['write', 'pwrite64', 'writev', 'pwritev', 'pwritev2']);
const OPENS = new Set<string>(['open', 'openat', 'openat2']);
/** fcntl commands that take or release a lock; every other fcntl only reads or sets descriptor flags. */
const LOCK_COMMANDS = /\bF_(OFD_)?SETLKW?\b/;
/** Files whose writes change no state a later call reads. */
const VOLATILE_PATH = /^\/(dev|proc|sys)\//;
/** A decorated descriptor (`-y`): its number and what it refers to (a path, `pipe:[N]`, `socket:[N]`). */
const DECORATED_FD = /(\d+)<([^>]*)>/g;

/** One traced invocation, as `durableFlags` reads it. */
interface Invocation {
  readonly name: string;
  readonly args: string;
  readonly result: string | null;
}

/** Which invocations of a trace are durable steps, and what each does; see {@link durableFlags}. */
export interface DurableFlags {
  /** Per invocation, in the trace's order: its effect when it is a durable step, else null. */
  readonly effects: readonly (StepEffect | null)[];
  /**
   * Per invocation: whether some process of the call had, before it, mapped
   * a file writable and shared (its stores change the file with no syscall,
   * so no two points around them are known to be alike).
   */
  readonly mappedWritable: readonly boolean[];
}

/**
 * Reads a whole trace (strace `-y` output: descriptors decorated with their
 * paths) in order and says which invocations changed durable state, or would
 * have had they not been stopped: a failed call changed nothing; writes count
 * only to files outside `/dev`, `/proc` and `/sys`, and to descriptor 1 unless
 * it is a pipe or socket the call's own processes made (a shell's command
 * substitution, a runtime's helper), never to the eventfds or sockets a
 * runtime uses for itself; opens count when they create or truncate such a
 * file; fcntl only when it takes or releases a lock.
 * @param syscalls - the trace's invocations, in the order they entered
 */
export function durableFlags(syscalls: readonly Invocation[]): DurableFlags {
  const internal = new Set<string>();
  const effects: (StepEffect | null)[] = [];
  const mappedWritable: boolean[] = [];
  let mapped = false;
  for (const { name, args, result } of syscalls) {
    mappedWritable.push(mapped);
    const succeeded = result === null || !result.startsWith('-');
    if (succeeded && (name === 'pipe' || name === 'pipe2' || name === 'socketpair')) {
      for (const [, , object] of args.matchAll(DECORATED_FD)) internal.add(object as string);
    }
    if (succeeded && name === 'mmap' && /\bPROT_WRITE\b/.test(args) && /\bMAP_SHARED\b/.test(args)) {
      const file = /,\s*\d+<([^>]*)>,\s*\S+$/.exec(args)?.[1];
      if (file?.startsWith('/') === true && !VOLATILE_PATH.test(file)) mapped = true;
    }
    effects.push(succeeded ? effectOf(name, args, internal) : null);
  }
  return { effects, mappedWritable };
}

/**
 * Whether one invocation, taken alone, changed durable state (see
 * {@link durableFlags}, which also knows the pipes a call made itself).
 * @param name - the syscall
 * @param args - its argument text, as strace printed it
 * @param result - its return value as printed, or null when it never returned (killed on entry)
 */
export function isDurable(name: string, args: string, result: string | null): boolean {
  return durableFlags([{ name, args, result }]).effects[0] !== null;
}

function effectOf(name: string, args: string, internal: ReadonlySet<string>): StepEffect | null {
  if (WRITES.has(name)) {
    const fd = /^(\d+)<([^>]*)>/.exec(args);
    if (fd === null) return null;
    const object = fd[2] ?? '';
    if (fd[1] === '1') return internal.has(object) || VOLATILE_PATH.test(object) ? null : 'state';
    return object.startsWith('/') && !VOLATILE_PATH.test(object) ? 'state' : null;
  }
  if (OPENS.has(name)) {
    if (!/\bO_(CREAT|TRUNC)\b/.test(args)) return null;
    const path = /"((?:[^"\\]|\\.)*)"/.exec(args)?.[1] ?? '';
    return VOLATILE_PATH.test(path) ? null : 'state';
  }
  if (name === 'fcntl') return LOCK_COMMANDS.test(args) ? 'lock' : null;
  if (name === 'flock') return 'lock';
  if (SYNCS.has(name)) return 'sync';
  return (DURABLE_SYSCALLS as readonly string[]).includes(name) ? 'state' : null;
}
