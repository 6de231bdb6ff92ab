import { open } from 'node:fs/promises';

/** Largest manifest, catalog, coverage or schema file the suite reads: hostile input stays bounded. */
export const MAX_JSON_FILE_BYTES = 4 * 1024 * 1024;

/** A JSON file as read: its value, or why it could not be used. */
export type JsonFileRead =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'unreadable'; readonly reason: string }
  | { readonly kind: 'invalid'; readonly reason: string };

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
    return { kind: 'unreadable', reason: (error as Error).message };
  }
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch (error) {
    return { kind: 'invalid', reason: `not JSON: ${(error as Error).message}` };
  }
}
