import { closeSync, fsyncSync, linkSync, openSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { canonicalJson } from '../../../harness/protocol/canonicalJson.js';
import { fsyncDirectory } from './fsyncDirectory.js';

/**
 * Publishes an immutable record: write a private temp file, fsync it, then
 * `link` it to its final name. `link` fails with EEXIST when the name is
 * taken, so it is an exclusive create: exactly one process can win, and two
 * racing writers can never both publish. This is the ledger's only lock.
 * A reader sees either no record or a complete, durable one, even if the
 * writer is killed at any point (a killed writer leaves only a temp file).
 *
 * @param dir - the operation directory
 * @param name - the record's file name
 * @param record - JSON-serializable content
 * @returns true when this call published it, false when another writer had
 * @throws the underlying error for anything but EEXIST
 */
export function publishRecord(dir: string, name: string, record: object): boolean {
  const temp = join(dir, `.${name}.${randomUUID()}.tmp`);
  const fd = openSync(temp, 'wx');
  try {
    writeFileSync(fd, canonicalJson(record));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  let won = true;
  try {
    linkSync(temp, join(dir, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    won = false;
  } finally {
    unlinkSync(temp);
  }
  // Make the new name itself durable before anyone is told about it.
  fsyncDirectory(dir);
  return won;
}
