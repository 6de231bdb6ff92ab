import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { resolveInsideRoot } from './adapterFiles.js';

const base = temporaryRoot('resolve-inside-root');

describe('resolveInsideRoot', () => {
  let root: string;
  beforeAll(async () => {
    root = join(base(), 'root');
    await mkdir(join(root, 'sub'), { recursive: true });
    await writeFile(join(root, 'cli.py'), '');
    await writeFile(join(base(), 'outside.md'), '');
    await symlink('../outside.md', join(root, 'escape.md'));
    await symlink('cli.py', join(root, 'alias.py'));
    await symlink('../../nowhere.md', join(root, 'dangling.md'));
    await symlink('..', join(root, 'up'));
  });

  it('accepts relative paths inside the root, also through inner symlinks and harmless ".."', async () => {
    for (const reference of ['cli.py', './sub/../cli.py', 'alias.py', 'sub/missing.json']) {
      expect(await resolveInsideRoot(root, reference), reference).toEqual({ kind: 'inside', absolute: join(root, reference) });
    }
  });

  it('refuses absolute paths, ".." escapes and symlinks leading outside (dangling ones too)', async () => {
    for (const reference of ['/etc/passwd', 'C:\\cli.py', '../outside.md', 'sub/../../outside.md', 'escape.md', 'dangling.md', 'up/outside.md', '']) {
      expect((await resolveInsideRoot(root, reference)).kind, reference).toBe('outside');
    }
  });
});
