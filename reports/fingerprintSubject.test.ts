import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fingerprintSubject } from './fingerprintSubject.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fingerprint-test-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

describe('fingerprintSubject', () => {
  it('hashes the executable and every argvPrefix item that is a regular file, resolved against cwd', async () => {
    await writeFile(join(root, 'adapter'), '#!/bin/sh\n');
    await writeFile(join(root, 'main.py'), 'print(1)\n');
    await mkdir(join(root, 'lib'));
    const config = {
      protocol: 'algal.coding-operation.v1' as const,
      authorityId: 'ledger-a1',
      executable: join(root, 'adapter'),
      argvPrefix: ['--flag', 'main.py', '', 'lib', 'missing.py', join(root, 'main.py')],
    };
    const subject = await fingerprintSubject(config, root);
    expect(subject).toEqual({
      config,
      executableSha256: sha256('#!/bin/sh\n'),
      argvFileSha256s: [
        { index: 1, path: 'main.py', sha256: sha256('print(1)\n') },
        { index: 5, path: join(root, 'main.py'), sha256: sha256('print(1)\n') },
      ],
      authorityId: 'ledger-a1',
    });
  });

  it('gives null for an executable it cannot read', async () => {
    const subject = await fingerprintSubject(
      { protocol: 'algal.coding-operation.v1', authorityId: 'a', executable: join(root, 'nope'), argvPrefix: [] },
      root,
    );
    expect(subject.executableSha256).toBeNull();
    expect(subject.argvFileSha256s).toEqual([]);
  });
});
