import type { StraceLog } from './strace.js';

/**
 * The syscalls that can change what a later call finds: file writes, syncs,
 * namespace changes, creating or truncating opens, truncation and locks. Writes
 * to stdout are among them (the answer is the host's evidence). A name this
 * architecture lacks (`open` on arm64) is not traced there (the step tracer's
 * syscall table has none; strace, in the tests, takes each with its `?` prefix).
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

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const LONG_HEX = /\b[0-9a-f]{17,}\b/gi;

/** The last two components of a path, random parts elided: `…/operations/7a52…/admission.json` reads `…/7a52…/admission.json`. */
export function shortPath(path: string): string {
  const parts = path.split('/').filter((part) => part !== '');
  const tail = parts
    .slice(-2)
    .join('/')
    .replace(UUID, '…')
    .replace(LONG_HEX, (hex) => `${hex.slice(0, 8)}…`);
  return parts.length > 2 || path.startsWith('/') ? `…/${tail}` : tail;
}

/**
 * One traced syscall in words: descriptors by their file (`stdout` for 1),
 * paths shortened, data buffers left out (only the byte count of a write).
 * @param name - the syscall
 * @param args - strace's argument text (`-y` decorated)
 */
export function describeSyscall(name: string, args: string): string {
  if (WRITES.has(name)) {
    const fd = /^(\d+)<([^>]*)>/.exec(args);
    const bytes = /,\s*(\d+)(?:,\s*\d+)?$/.exec(args)?.[1];
    const target = fd === null ? '?' : fd[1] === '1' ? 'stdout' : shortPath(fd[2] ?? '');
    return `${name}(${target}${bytes === undefined ? '' : `, ${bytes} bytes`})`;
  }
  const cleaned = args
    .replace(/\bAT_FDCWD(<[^>]*>)?,\s*/g, '')
    .replace(/\b(\d+)<([^>]*)>/g, (_, fd: string, path: string) => (fd === '1' ? 'stdout' : path.startsWith('/') ? shortPath(path) : path))
    .replace(/"((?:[^"\\]|\\.)*)"/g, (_, text: string) => `"${text.includes('/') ? shortPath(text) : text}"`)
    .replace(/,\s*0[0-7]{3,4}$/, ''); // the mode of a mkdir/open says nothing about the step
  return `${name}(${cleaned})`;
}

/** One state-changing syscall of a call: a point to crash or stop it at. */
export interface DurableStep {
  /** 1-based position among the call's durable steps, in the order they entered. */
  readonly index: number;
  readonly syscall: string;
  /** The call in words, paths shortened, e.g. `link("…/.admission.json.….tmp", "…/admission.json")`. */
  readonly description: string;
  /** Whether it returned (false: its thread was killed on entry, before it ran). */
  readonly completed: boolean;
  /** What it does to the state a process crash leaves. */
  readonly effect: StepEffect;
  /** Whether a file was mapped writable and shared before it (stores to it are no syscalls, so they fall between steps). */
  readonly mappedWritable: boolean;
}

/**
 * The durable steps of a traced call, in order.
 * @param log - the parsed strace log of the call
 */
export function durableSteps(log: StraceLog): DurableStep[] {
  const steps: DurableStep[] = [];
  const { effects, mappedWritable } = durableFlags(log.syscalls);
  for (const [position, call] of log.syscalls.entries()) {
    const effect = effects[position] ?? null;
    if (effect === null) continue;
    steps.push({
      index: steps.length + 1,
      syscall: call.name,
      description: describeSyscall(call.name, call.args),
      completed: call.result !== null,
      effect,
      mappedWritable: mappedWritable[position] === true,
    });
  }
  return steps;
}

/**
 * At most `cap` items, spread evenly over the list (first and last kept), in order.
 * @param items - the full list
 * @param cap - the most to keep, at least 1
 */
export function sampleEvenly<T>(items: readonly T[], cap: number): T[] {
  if (items.length <= cap) return [...items];
  if (cap === 1) return items.slice(0, 1);
  const picked = new Set<number>();
  for (let slot = 0; slot < cap; slot += 1) picked.add(Math.round((slot * (items.length - 1)) / (cap - 1)));
  return [...picked].sort((a, b) => a - b).map((index) => items[index] as T);
}

/** `3rd`, `11th`, `22nd`: how a step's position reads in a counterexample. */
export function ordinalWord(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}
