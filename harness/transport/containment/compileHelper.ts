import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { describeError } from '../../UsageError.js';

const COMPILERS = ['gcc', 'cc'] as const;
/** S_ISVTX: in a sticky directory only a file's owner may rename or remove it. */
const STICKY_BIT = 0o1000;

/** A compiled helper program, or why there is none. */
export type CompiledHelper = { readonly path: string } | { readonly reason: string };

/**
 * A helper's C sources: file name (no directory) to text. Every `.c` file is compiled and
 * linked into the program; the others (headers) are only there to be included.
 * @public
 */
export type HelperSources = Readonly<Record<string, string>>;

/** Warnings on: the sources are kept clean of them (their tests compile them with `-Werror`). */
export const HELPER_COMPILE_FLAGS: readonly string[] = Object.freeze(['-O2', '-Wall', '-Wextra']);

/**
 * Compiles the C program `sources` into a cache directory keyed by their digest
 * (`sourceDigest`), once per user (gcc or cc; nothing is downloaded). The suite executes
 * these helpers for every adapter call, so the cache must be a place no one else can write:
 * a directory of the suite's own user with no group or other write bit, reached without
 * following a symlink (see `helperCacheRoot`). The compiler reads the very bytes that were
 * digested (written into that private directory first), never the files they came from.
 * Each binary sits beside the SHA-256 of its bytes, and a binary whose bytes no longer match
 * (or whose file is not ours, not private, or a symlink) is rebuilt, never executed.
 * Concurrent compilers each write private files and rename the binary into place.
 * @param name - the program's file name, e.g. `aq-launch`.
 * @param sources - its C sources.
 * @param cacheRoot - the private cache directory. @defaultValue `helperCacheRoot()`
 * @returns the executable, or the reason none could be built (no compiler, a failed compile).
 * @public
 */
export function compileHelper(name: string, sources: HelperSources, cacheRoot: string = helperCacheRoot()): CompiledHelper {
  const digest = sourceDigest(sources).slice(0, 16);
  const dir = ensurePrivateDirectory(join(cacheRoot, `${name}-${digest}`)) ?? privateFallback();
  const path = join(dir, name);
  if (isVerifiedBinary(path)) return { path };
  const failures: string[] = [];
  const sourceDir = mkdtempSync(join(dir, 'src-'));
  try {
    for (const [file, text] of Object.entries(sources)) writeFileSync(join(sourceDir, basename(file)), text, { mode: 0o600, flag: 'wx' });
    const units = Object.keys(sources)
      .filter((file) => file.endsWith('.c'))
      .map((file) => join(sourceDir, basename(file)));
    for (const compiler of COMPILERS) {
      const temporary = `${path}.${process.pid}.${compiler}.tmp`;
      try {
        execFileSync(compiler, [...HELPER_COMPILE_FLAGS, '-o', temporary, ...units], { cwd: sourceDir, stdio: ['ignore', 'ignore', 'pipe'], timeout: 60_000 });
        writeFileSync(`${temporary}.sha256`, sha256(readFileSync(temporary)), { mode: 0o600 });
        renameSync(`${temporary}.sha256`, digestPath(path));
        renameSync(temporary, path);
        return { path };
      } catch (error) {
        rmSync(temporary, { force: true });
        rmSync(`${temporary}.sha256`, { force: true });
        failures.push(`${compiler}: ${describeError(error).split('\n')[0] ?? ''}`);
      }
    }
  } finally {
    rmSync(sourceDir, { recursive: true, force: true });
  }
  return { reason: failures.join('; ') };
}

/**
 * The digest that keys a helper in the cache: SHA-256 over each source's name and bytes, in
 * name order, so any change to any file (a header included) builds a new helper.
 * @public
 */
export function sourceDigest(sources: HelperSources): string {
  const hash = createHash('sha256');
  for (const file of Object.keys(sources).sort()) {
    const bytes = Buffer.from(sources[file] ?? '', 'utf8');
    hash.update(`${file}\0${String(bytes.length)}\0`).update(bytes);
  }
  return hash.digest('hex');
}

/**
 * Where helpers are cached: `$XDG_CACHE_HOME/adapter-qualify/helpers` (or `~/.cache/…`),
 * then `$TMPDIR/adapter-qualify-helpers-<uid>`, each used only when it is (or can be made) a
 * directory of this user with no group or other write bit and no symlink on the part of the
 * path the suite creates; otherwise a fresh private directory for this process. A directory
 * someone else planted at a predictable path is never used.
 * @public
 */
export function helperCacheRoot(): string {
  const xdg = process.env.XDG_CACHE_HOME;
  const userCache = xdg !== undefined && isAbsolute(xdg) ? xdg : join(homedir(), '.cache');
  const candidates = [join(userCache, 'adapter-qualify', 'helpers'), join(tmpdir(), `adapter-qualify-helpers-${currentUid()}`)];
  for (const candidate of candidates) {
    const dir = ensurePrivateDirectory(candidate);
    if (dir !== null) return dir;
  }
  return privateFallback();
}

let fallback: string | undefined;

/** A directory `mkdtemp` made for this process (mode 0700): nobody else can have planted anything in it. */
function privateFallback(): string {
  fallback ??= mkdtempSync(join(tmpdir(), 'adapter-qualify-helpers-'));
  return fallback;
}

/**
 * Makes `dir` (and the missing directories above it, mode 0700) and returns it when it and every
 * directory this call could have created are private to this user; null otherwise.
 */
function ensurePrivateDirectory(dir: string): string | null {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch {
    return null;
  }
  // The leaf must be ours and private, and its parent must not let others swap the leaf (unless sticky, as /tmp is).
  if (!isPrivate(dir)) return null;
  const parent = statOrNull(dirname(dir));
  if (parent === null || ((parent.mode & 0o022) !== 0 && (parent.mode & STICKY_BIT) === 0)) return null;
  return dir;
}

function isPrivate(dir: string): boolean {
  const stat = lstatOrNull(dir);
  return stat !== null && stat.isDirectory() && !stat.isSymbolicLink() && stat.uid === currentUid() && (stat.mode & 0o022) === 0;
}

/** Whether `path` is a regular file of this user, writable by no one else, whose bytes match the digest recorded beside it. */
function isVerifiedBinary(path: string): boolean {
  const binary = readPrivateFile(path);
  const recorded = readPrivateFile(digestPath(path));
  return binary !== null && recorded !== null && recorded.toString('utf8') === sha256(binary);
}

/** The file's bytes when it is a regular file of this user that no one else can write, read without following a symlink. */
function readPrivateFile(path: string): Buffer | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return null;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.uid !== currentUid() || (stat.mode & 0o022) !== 0) return null;
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

function digestPath(binary: string): string {
  return `${binary}.sha256`;
}

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function currentUid(): number {
  return process.getuid?.() ?? 0;
}
