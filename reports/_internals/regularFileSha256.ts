import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

/**
 * Hex sha256 of a regular file's bytes (streamed), or null when it is missing, not a regular file, or unreadable.
 * @internal
 */
export async function regularFileSha256(path: string): Promise<string | null> {
  try {
    if (!(await stat(path)).isFile()) return null;
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  } catch {
    return null;
  }
}
