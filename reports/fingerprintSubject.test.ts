import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fingerprintSubject, settleSubject } from './fingerprintSubject.js';

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
    const subject = await fingerprintSubject({ protocol: 'algal.coding-operation.v1', authorityId: 'a', executable: join(root, 'nope'), argvPrefix: [] }, root);
    expect(subject.executableSha256).toBeNull();
    expect(subject.argvFileSha256s).toEqual([]);
  });

  it('adds the regular files --subject-file globs match in the adapter directory, sorted, each once', async () => {
    await writeFile(join(root, 'adapter'), '#!/bin/sh\n');
    await mkdir(join(root, 'pkg'));
    await writeFile(join(root, 'pkg', 'b.py'), 'b\n');
    await writeFile(join(root, 'pkg', 'a.py'), 'a\n');
    await writeFile(join(root, 'pkg', 'notes.txt'), 'n\n');
    const config = { protocol: 'algal.coding-operation.v1' as const, authorityId: 'ledger-a1', executable: join(root, 'adapter'), argvPrefix: [] };
    const subject = await fingerprintSubject(config, root, ['pkg/*.py', 'pkg/a.py']);
    expect(subject.subjectFileSha256s).toEqual([
      { path: 'pkg/a.py', sha256: sha256('a\n') },
      { path: 'pkg/b.py', sha256: sha256('b\n') },
    ]);
  });
});

describe('settleSubject', () => {
  it('lists a file that changed during the run as mutable state, out of the subject digests', async () => {
    await writeFile(join(root, 'adapter'), '#!/bin/sh\n');
    await writeFile(join(root, 'main.py'), 'print(1)\n');
    await writeFile(join(root, 'ledger.db'), 'empty');
    await writeFile(join(root, 'helper.py'), 'h\n');
    const config = { protocol: 'algal.coding-operation.v1' as const, authorityId: 'ledger-a1', executable: join(root, 'adapter'), argvPrefix: ['main.py', 'ledger.db'] };
    const before = await fingerprintSubject(config, root, ['*.py']);
    await writeFile(join(root, 'ledger.db'), 'one operation');
    const settled = settleSubject(before, await fingerprintSubject(config, root, ['*.py']));
    expect(settled.argvFileSha256s).toEqual([{ index: 0, path: 'main.py', sha256: sha256('print(1)\n') }]);
    expect(settled.subjectFileSha256s).toEqual([
      { path: 'helper.py', sha256: sha256('h\n') },
      { path: 'main.py', sha256: sha256('print(1)\n') },
    ]);
    expect(settled.mutableState).toEqual([{ index: 1, path: 'ledger.db', sha256Before: sha256('empty'), sha256After: sha256('one operation') }]);
  });

  it('leaves an unchanged subject as it was, with no mutable state', async () => {
    await writeFile(join(root, 'adapter'), '#!/bin/sh\n');
    const config = { protocol: 'algal.coding-operation.v1' as const, authorityId: 'ledger-a1', executable: join(root, 'adapter'), argvPrefix: ['adapter'] };
    const before = await fingerprintSubject(config, root);
    expect(settleSubject(before, await fingerprintSubject(config, root))).toEqual(before);
  });
});

describe('settleSubject: the executable pinned', () => {
  it('records an executable whose bytes changed during the run (a symbolic link repointed) with both digests, and keeps the first digest as the subject', async () => {
    await writeFile(join(root, 'first'), '#!/bin/sh\necho first\n');
    await writeFile(join(root, 'second'), '#!/bin/sh\necho second\n');
    await symlink(join(root, 'first'), join(root, 'adapter'));
    const config = { protocol: 'algal.coding-operation.v1' as const, authorityId: 'ledger-a1', executable: join(root, 'adapter'), argvPrefix: [] };
    const before = await fingerprintSubject(config, root);
    await rm(join(root, 'adapter'));
    await symlink(join(root, 'second'), join(root, 'adapter'));
    const settled = settleSubject(before, await fingerprintSubject(config, root));
    expect(settled.executableSha256).toBe(sha256('#!/bin/sh\necho first\n'));
    expect(settled.executableChanged).toEqual({ path: join(root, 'adapter'), sha256Before: sha256('#!/bin/sh\necho first\n'), sha256After: sha256('#!/bin/sh\necho second\n') });
    await rm(join(root, 'adapter'));
    expect(settleSubject(before, await fingerprintSubject(config, root)).executableChanged).toEqual({
      path: join(root, 'adapter'),
      sha256Before: sha256('#!/bin/sh\necho first\n'),
      sha256After: null,
    });
  });
});
