import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Writes a file atomically: the content goes to a temporary file in the same
 * directory, which is then renamed over the target, so readers see the old
 * file or the whole new one, never a part. The temporary file is removed on failure.
 *
 * @param path - the target file; its directory must exist
 * @param content - the whole content, written as UTF-8
 */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, content, { encoding: 'utf8', flag: 'wx' });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
