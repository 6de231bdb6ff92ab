import { closeSync, fsyncSync, openSync } from 'node:fs';

/**
 * Flushes a directory's entries (new or removed names) to disk.
 * @param dir - the directory
 */
export function fsyncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
