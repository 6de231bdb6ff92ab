import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from './__test-helpers__/temporaryRoot.js';
import { writeFileAtomic } from './writeFileAtomic.js';

const root = temporaryRoot('write-file-atomic');

describe('writeFileAtomic', () => {
  it('removes its temporary file when the rename fails', async () => {
    const target = join(root(), 'a-directory');
    await mkdir(target);
    await writeFile(join(target, 'keep'), '');
    await expect(writeFileAtomic(target, 'content')).rejects.toThrow();
    expect(await readdir(root())).toEqual(['a-directory']);
  });
});
