import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/**
 * A temporary directory for the tests of one file, made before them and
 * removed after them. Returns a getter: the path exists only once `beforeAll` ran.
 */
export function temporaryRoot(prefix: string): () => string {
  let root: string | undefined;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), `${prefix}-`));
  });
  afterAll(async () => {
    if (root !== undefined) await rm(root, { recursive: true, force: true });
  });
  return () => {
    if (root === undefined) throw new Error('temporaryRoot: used before beforeAll ran');
    return root;
  };
}
