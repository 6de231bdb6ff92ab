import { mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { shellQuote } from '../quoting.js';
import { UsageError } from '../UsageError.js';

// Paths are bytes on Linux, but Node hands a program its command line as strings decoded
// from UTF-8, with every byte that is not UTF-8 replaced by U+FFFD: a path holding such a
// byte reaches the program as a different path, and opening it says "no such file". The
// kernel keeps the bytes in /proc/self/cmdline, so the argument can be recovered from there.
// The suite then passes paths on as strings (to its workers, as an adapter's working
// directory), so a directory whose name is not UTF-8 is reached through a symlink with a UTF-8
// name, in a private temporary directory removed when the process exits.

const REPLACEMENT = '\uFFFD';

/**
 * Pure: the bytes of the command-line argument that Node decoded to `text`, found in the
 * NUL-separated `cmdline` (the contents of /proc/self/cmdline).
 * @param cmdline - every argument of the process, each ended by NUL
 * @param text - the argument as Node decoded it
 * @returns its bytes; `null` when no argument decodes to `text`, `'ambiguous'` when two
 *   arguments with different bytes do
 * @public
 */
export function argumentBytesIn(cmdline: Buffer, text: string): Buffer | null | 'ambiguous' {
  let found: Buffer | null = null;
  let start = 0;
  for (let end = cmdline.indexOf(0, start); end !== -1; start = end + 1, end = cmdline.indexOf(0, start)) {
    const bytes = cmdline.subarray(start, end);
    if (bytes.toString('utf8') !== text) continue;
    if (found !== null && !found.equals(bytes)) return 'ambiguous';
    found = Buffer.from(bytes);
  }
  return found;
}

/**
 * Pure: bytes as readable text, every byte that is not part of valid UTF-8 written `\xNN`
 * (and a backslash written `\\`), so two different paths never print alike.
 * @param bytes - a path or any other byte string
 * @public
 */
export function escapeBytes(bytes: Buffer): string {
  let out = '';
  for (const piece of utf8Pieces(bytes)) out += typeof piece === 'number' ? `\\x${hex(piece)}` : piece === '\\' ? '\\\\' : piece;
  return out;
}

/**
 * Pure: bytes as one bash word that names exactly them when pasted into a shell: {@link shellQuote}'s
 * word when they are UTF-8, else an ANSI-C quoted word (`$'…'`) with every byte that is not part of
 * valid UTF-8, and every control character, written `\xNN` (bash, zsh and ksh read it; POSIX sh since 2024).
 * @param bytes - one argument of a command line, such as a path
 * @public
 */
export function shellWordOfBytes(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  if (Buffer.from(text, 'utf8').equals(bytes)) return shellQuote(text);
  let out = "$'";
  for (const piece of utf8Pieces(bytes)) {
    if (typeof piece === 'number') out += `\\x${hex(piece)}`;
    else if (piece === '\\' || piece === "'") out += `\\${piece}`;
    else if (isControl(piece)) out += `\\x${hex(piece.charCodeAt(0))}`;
    else out += piece;
  }
  return `${out}'`;
}

// The bytes split into well-formed UTF-8 characters and the single bytes that start none.
function* utf8Pieces(bytes: Buffer): Generator<string | number> {
  let at = 0;
  while (at < bytes.length) {
    const length = utf8SequenceLength(bytes, at);
    if (length === 0) {
      yield bytes[at]!;
      at += 1;
    } else {
      yield bytes.subarray(at, at + length).toString('utf8');
      at += length;
    }
  }
}

const hex = (byte: number): string => byte.toString(16).padStart(2, '0');

const isControl = (char: string): boolean => char.length === 1 && (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

// Length of the well-formed UTF-8 sequence at `at` (RFC 3629: no overlongs, no surrogates,
// at most U+10FFFF), or 0 when the byte there does not start one.
function utf8SequenceLength(bytes: Buffer, at: number): number {
  const first = bytes[at]!;
  if (first < 0x80) return 1;
  const [length, low, high] =
    first >= 0xc2 && first <= 0xdf
      ? [2, 0x80, 0xbf]
      : first === 0xe0
        ? [3, 0xa0, 0xbf]
        : first === 0xed
          ? [3, 0x80, 0x9f]
          : first >= 0xe1 && first <= 0xef
            ? [3, 0x80, 0xbf]
            : first === 0xf0
              ? [4, 0x90, 0xbf]
              : first === 0xf4
                ? [4, 0x80, 0x8f]
                : first >= 0xf1 && first <= 0xf3
                  ? [4, 0x80, 0xbf]
                  : [0, 0, 0];
  if (length === 0 || at + length > bytes.length) return 0;
  const second = bytes[at + 1]!;
  if (second < low || second > high) return 0;
  for (let next = at + 2; next < at + length; next += 1) if (bytes[next]! < 0x80 || bytes[next]! > 0xbf) return 0;
  return length;
}

/** A path as the user named it, absolute: what reports and replay commands show. */
export interface NamedPath {
  /** The path, bytes that are not UTF-8 written `\xNN` ({@link escapeBytes}); the path itself when it is UTF-8. */
  readonly shown: string;
  /** The path as one shell word ({@link shellWordOfBytes}) that names its very bytes. */
  readonly shellWord: string;
  /** Its bytes in hex when they are not UTF-8 (so that `replay` can reach them again), else null. */
  readonly bytes: string | null;
}

/**
 * Pure: how reports and replay commands name the file at these bytes.
 * @param bytes - an absolute path
 * @public
 */
export function namedPath(bytes: Buffer): NamedPath {
  const text = bytes.toString('utf8');
  const utf8 = Buffer.from(text, 'utf8').equals(bytes);
  return { shown: utf8 ? text : escapeBytes(bytes), shellWord: shellWordOfBytes(bytes), bytes: utf8 ? null : bytes.toString('hex') };
}

/** A command-line path the rest of the program can use as a string. */
export interface ReachablePath {
  /** A string path that opens the same file: the argument itself, or one through a symlink. */
  readonly path: string;
  /** The path as given, escaped ({@link escapeBytes}), for messages. */
  readonly shown: string;
  /** The symlink used to reach it, or null when the argument is UTF-8 and used as it is. */
  readonly alias: string | null;
  /** The path as given, made absolute: what reports and replay commands name (never the symlink). */
  readonly named: NamedPath;
}

/**
 * The file a command-line argument names, as a path the program can pass on as a string.
 * An argument that is UTF-8 is returned as it is. One that held bytes that are not UTF-8 is
 * recovered from /proc/self/cmdline; its directory is then reached through a symlink (its file
 * name must be UTF-8: the suite runs the adapter in that directory, which the symlink stands for).
 * @param text - the argument as Node decoded it
 * @param cwd - the directory a relative argument resolves against
 * @param what - what the argument is, for messages (`adapter configuration`)
 * @throws UsageError, naming the option or argument, when the bytes cannot be recovered or used
 * @public
 */
export function reachablePath(text: string, cwd: string, what: string): ReachablePath {
  const given = (): NamedPath => namedPath(Buffer.from(path.resolve(cwd, text), 'utf8'));
  if (!text.includes(REPLACEMENT)) return { path: text, shown: text, alias: null, named: given() };
  let cmdline: Buffer | null;
  try {
    cmdline = readFileSync('/proc/self/cmdline');
  } catch {
    cmdline = null;
  }
  const bytes = cmdline === null ? null : argumentBytesIn(cmdline, text);
  const lost = `${what} ${JSON.stringify(text)} holds U+FFFD: Node decodes command-line bytes that are not UTF-8 to U+FFFD, so the path as given is lost`;
  if (bytes === null) throw new UsageError(`${lost}, and /proc/self/cmdline could not give them back`);
  if (bytes === 'ambiguous') throw new UsageError(`${lost}, and two arguments with different bytes read alike: give this one by a UTF-8 path (a symlink)`);
  const shown = escapeBytes(bytes);
  if (bytes.equals(Buffer.from(text, 'utf8'))) return { path: text, shown, alias: null, named: given() };
  const slash = bytes.lastIndexOf(0x2f);
  const name = bytes.subarray(slash + 1);
  if (!Buffer.from(name.toString('utf8'), 'utf8').equals(name)) {
    throw new UsageError(
      `${what} "${shown}": the file name itself is not UTF-8; adapter-qualify reaches such a path only through its directory: rename the file (its directory's name may hold any bytes)`,
    );
  }
  const directory = slash === -1 ? Buffer.from('.') : slash === 0 ? Buffer.from('/') : bytes.subarray(0, slash);
  const absolute = directory[0] === 0x2f ? directory : Buffer.concat([cwdBytes(cwd), Buffer.from('/'), directory]);
  const real = Buffer.concat([absolute, Buffer.from('/'), name]);
  const { path: reached, alias } = pathThroughAlias(real);
  return { path: reached, shown, alias, named: namedPath(real) };
}

/**
 * A string path that opens the file at these bytes (an absolute path whose file name is UTF-8): its
 * directory reached through a symlink with a UTF-8 name, in a private temporary directory removed
 * when the process exits. For paths the suite stored itself ({@link NamedPath.bytes}).
 * @param bytes - the absolute path
 * @returns the path through the symlink, and the symlink
 * @public
 */
export function pathThroughAlias(bytes: Buffer): { readonly path: string; readonly alias: string } {
  const slash = bytes.lastIndexOf(0x2f);
  const holder = mkdtempSync(path.join(tmpdir(), 'adapter-qualify-path-'));
  process.once('exit', () => rmSync(holder, { recursive: true, force: true }));
  const alias = path.join(holder, 'dir');
  symlinkSync(slash <= 0 ? Buffer.from('/') : bytes.subarray(0, slash), alias);
  return { path: path.join(alias, bytes.subarray(slash + 1).toString('utf8')), alias };
}

// The working directory as bytes (process.cwd() is decoded like argv); `cwd` when it is another directory.
function cwdBytes(cwd: string): Buffer {
  if (cwd !== process.cwd()) return Buffer.from(cwd, 'utf8');
  try {
    return readlinkSync('/proc/self/cwd', { encoding: 'buffer' });
  } catch {
    return Buffer.from(cwd, 'utf8');
  }
}

/**
 * The one-line note a command prints when it reaches a path through a symlink.
 * @param reachable - a path with an alias
 * @public
 */
export function aliasNote(reachable: ReachablePath): string {
  return (
    `"${reachable.shown}": the directory's name is not UTF-8 (bytes shown \\xNN); reached through the symlink ${reachable.alias ?? ''} ` +
    `(removed when adapter-qualify exits); the report and its replay commands name the directory itself, escaped`
  );
}
