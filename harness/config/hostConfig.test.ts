import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dir, type DirectoryResult } from 'tmp-promise';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validAdapterConfig } from '../__test-helpers__/validRunInputs.js';
import type { AdapterConfig } from './adapterConfig.js';
import { hostReadyConfig, relativeFileArguments, relativeFileWarning } from './hostConfig.js';

let root: DirectoryResult;
beforeEach(async () => {
  root = await dir({ unsafeCleanup: true });
});
afterEach(async () => {
  await root.cleanup();
});

const configWith = (argvPrefix: string[]): AdapterConfig => validAdapterConfig({ argvPrefix }) as unknown as AdapterConfig;

describe('relativeFileArguments', () => {
  it('finds each argvPrefix item that is a relative path to a file (the host sets no working directory), and nothing else', async () => {
    await mkdir(path.join(root.path, 'lib'));
    await writeFile(path.join(root.path, 'lib', 'adapter.py'), '');
    const found = await relativeFileArguments(configWith(['-u', 'lib/adapter.py', '--authority', 'a1', '/abs/x.py', 'not-a-file', '']), root.path);
    expect(found).toEqual([{ index: 1, item: 'lib/adapter.py', absolute: path.join(root.path, 'lib', 'adapter.py') }]);
  });
});

describe('hostReadyConfig', () => {
  it('replaces exactly the relative file arguments by their absolute paths', () => {
    const config = configWith(['node', '../main.js', '--ledger', 'x']);
    expect(hostReadyConfig(config, [{ index: 1, item: '../main.js', absolute: '/a/main.js' }])).toEqual({ ...config, argvPrefix: ['node', '/a/main.js', '--ledger', 'x'] });
  });
});

describe('relativeFileWarning', () => {
  it('is a SHOULD-level CFG warning naming the item, the reason, the absolute path and the command that fixes it', () => {
    const warning = relativeFileWarning({ index: 1, item: 'adapter.py', absolute: '/x/adapter.py' }, 'my dir/adapter.json');
    expect(warning).toMatch(/^CFG \(SHOULD\): argvPrefix\[1\] "adapter\.py" should be an absolute path/);
    expect(warning).toContain('the host does not set a working directory');
    expect(warning).toContain('"/x/adapter.py"');
    expect(warning).toContain("`adapter-qualify config 'my dir/adapter.json'` prints a host-ready copy");
  });
});
