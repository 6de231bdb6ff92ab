import { lstat, open, readlink, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, win32 } from 'node:path';
import { describeError } from '../UsageError.js';

// The adapter directory is hostile input: every file the profile reads is read here, bounded in
// size and contained in the declared root after symlinks, before any check looks at its content.

/** Largest manifest, catalog, coverage or schema file the suite reads: hostile input stays bounded. */
export const MAX_JSON_FILE_BYTES = 4 * 1024 * 1024;

/** A JSON file as read: its value, or why it could not be used. */
export type JsonFileRead =
  { readonly kind: 'json'; readonly value: unknown } | { readonly kind: 'unreadable'; readonly reason: string } | { readonly kind: 'invalid'; readonly reason: string };

/**
 * Reads and parses one JSON file, at most {@link MAX_JSON_FILE_BYTES}.
 * `unreadable`: missing, not a regular file or too large; `invalid`: not JSON.
 * @param path - an absolute path
 * @public
 */
export async function readJsonFile(path: string): Promise<JsonFileRead> {
  let text: string;
  try {
    const handle = await open(path, 'r');
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) return { kind: 'unreadable', reason: `${path} is not a regular file` };
      if (stats.size > MAX_JSON_FILE_BYTES) return { kind: 'unreadable', reason: `${path} is larger than ${MAX_JSON_FILE_BYTES} bytes` };
      text = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    return { kind: 'unreadable', reason: describeError(error) };
  }
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch (error) {
    return { kind: 'invalid', reason: `not JSON: ${describeError(error)}` };
  }
}

/** Where a referenced path leads: inside the root (after symlinks), or why not. */
export type RootedPath = { readonly kind: 'inside'; readonly absolute: string } | { readonly kind: 'outside'; readonly reason: string };

/**
 * Resolves a path the manifest or catalog references against the declared root
 * and decides containment twice: lexically (no absolute path, no `..` escape)
 * and after following every symlink (realpath of the path, or of its nearest
 * existing ancestor when it does not exist; a dangling link's target counts).
 * @param root - absolute path of the declared root
 * @param reference - the path exactly as written in the document
 * @param base - the directory a relative reference starts from. @defaultValue `root`
 * @public
 */
export async function resolveInsideRoot(root: string, reference: string, base: string = root): Promise<RootedPath> {
  if (reference === '' || reference.includes('\0')) return { kind: 'outside', reason: 'empty or contains NUL' };
  if (isAbsolute(reference) || win32.isAbsolute(reference)) return { kind: 'outside', reason: 'absolute path (must be relative)' };
  const absolute = resolve(base, reference);
  if (!within(root, absolute)) return { kind: 'outside', reason: `leaves the root ${root} ("..")` };
  let realRoot: string;
  try {
    realRoot = await realpath(root);
  } catch (error) {
    return { kind: 'outside', reason: `the root cannot be resolved: ${describeError(error)}` };
  }
  const real = await realTarget(absolute);
  if (!within(realRoot, real)) return { kind: 'outside', reason: `resolves to ${real} through a symlink, outside the root ${realRoot}` };
  return { kind: 'inside', absolute };
}

function within(root: string, path: string): boolean {
  const rest = relative(root, path);
  return rest === '' || (!rest.startsWith('..') && !isAbsolute(rest));
}

/** The path with every symlink followed, as far as the file system allows. */
async function realTarget(path: string, depth = 0): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    // Missing, or a dangling/looping link: resolve what exists above it.
    if (depth > 40 || dirname(path) === path) return path;
    const parent = await realTarget(dirname(path), depth + 1);
    const here = join(parent, basename(path));
    try {
      if ((await lstat(here)).isSymbolicLink()) return await realTarget(resolve(parent, await readlink(here)), depth + 1);
    } catch {
      // Nothing there: the lexical position under the real parent is the answer.
    }
    return here;
  }
}
