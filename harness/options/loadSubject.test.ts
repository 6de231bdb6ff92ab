import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dir } from 'tmp-promise';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageError } from '../UsageError.js';
import { validAdapterConfig } from '../__test-helpers__/validRunInputs.js';
import { assertExecutableRunnable } from './loadSubject.js';
import { loadAdapterConfig } from './loadSubject.js';
import { namedPath } from './bytePath.js';
import { shellQuote } from '../quoting.js';

let root: { path: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  root = await dir({ unsafeCleanup: true });
});
afterEach(async () => {
  await root.cleanup();
});

async function rejection(promise: Promise<unknown>): Promise<UsageError> {
  const error: unknown = await promise.then(
    () => new Error('expected a rejection'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UsageError);
  return error as UsageError;
}

describe('loadAdapterConfig', () => {
  it('returns the configuration, its absolute path, its directory and how the report names it', async () => {
    await writeFile(path.join(root.path, 'adapter.json'), JSON.stringify(validAdapterConfig()));
    const loaded = await loadAdapterConfig('adapter.json', root.path);
    const configPath = path.join(root.path, 'adapter.json');
    expect(loaded).toEqual({ config: validAdapterConfig(), configPath, adapterCwd: root.path, configNamed: { shown: configPath, shellWord: shellQuote(configPath), bytes: null } });
  });

  it('names the file when it is missing: "no such file", a usage error, not a clause', async () => {
    const error = await rejection(loadAdapterConfig('nope.json', root.path));
    expect(error.message).toMatch(/^nope\.json: adapter configuration: no such file/);
    expect(error.clauseId).toBeUndefined();
  });

  it('names the file when it is a directory', async () => {
    await mkdir(path.join(root.path, 'd.json'));
    expect((await rejection(loadAdapterConfig('d.json', root.path))).message).toContain('d.json: adapter configuration: is a directory');
  });

  it.each([
    ['{"protocol":', 'line 1, column 13'],
    ['{\n  "protocol": }', 'line 2, column 15'],
    ['{\n  "a": 1,\n}', 'line 3, column 1'],
    ['', 'line 1, column 1'],
  ])('refuses text that is not JSON, naming where it breaks: %j', async (text, where) => {
    await writeFile(path.join(root.path, 'adapter.json'), text);
    const error = await rejection(loadAdapterConfig('adapter.json', root.path));
    expect(error.message).toMatch(new RegExp(`^adapter\\.json: adapter configuration is not JSON at ${where} \\(`));
    expect(error.clauseId).toBeUndefined();
  });

  it('refuses a duplicate key as CFG-CLOSED, naming it (JSON.parse would keep the last)', async () => {
    const { authorityId, ...rest } = validAdapterConfig();
    const body = JSON.stringify(rest).slice(1);
    await writeFile(path.join(root.path, 'adapter.json'), `{"authorityId":${JSON.stringify(authorityId)},"authorityId":"second",${body}`);
    const error = await rejection(loadAdapterConfig('adapter.json', root.path));
    expect(error.message).toMatch(/^adapter\.json: CFG-CLOSED: duplicate field "authorityId"/);
    expect(error).toMatchObject({ clauseId: 'CFG-CLOSED', field: 'authorityId' });
  });

  it('formats a clause error as one line: file, clause, rule, value and type', async () => {
    await writeFile(path.join(root.path, 'adapter.json'), JSON.stringify(validAdapterConfig({ executable: 'adapter.sh' })));
    const error = await rejection(loadAdapterConfig('adapter.json', root.path));
    expect(error.message).toBe('adapter.json: CFG-EXECUTABLE: executable must be an absolute path (got "adapter.sh", string)');
    expect(error).toMatchObject({ clauseId: 'CFG-EXECUTABLE', field: 'executable' });
  });
});

describe('assertExecutableRunnable', () => {
  const loadedWith = (executable: string) => ({
    config: { ...(validAdapterConfig() as never as { protocol: 'algal.coding-operation.v1'; authorityId: string; argvPrefix: string[] }), executable },
    configPath: path.join(root.path, 'adapter.json'),
    adapterCwd: root.path,
    configNamed: namedPath(Buffer.from(path.join(root.path, 'adapter.json'))),
  });

  it('accepts an executable regular file', async () => {
    await expect(assertExecutableRunnable(loadedWith(process.execPath), 'adapter.json')).resolves.toBeUndefined();
  });

  it('refuses a missing executable, naming CFG-EXECUTABLE', async () => {
    const missing = path.join(root.path, 'missing');
    const error = await rejection(assertExecutableRunnable(loadedWith(missing), 'adapter.json'));
    expect(error.message).toBe(`adapter.json: CFG-EXECUTABLE: executable ${JSON.stringify(missing)} does not exist`);
  });

  it('refuses a file without execute permission', async () => {
    const file = path.join(root.path, 'adapter.sh');
    await writeFile(file, '#!/bin/sh\n');
    await chmod(file, 0o644);
    expect((await rejection(assertExecutableRunnable(loadedWith(file), 'adapter.json'))).message).toContain('is not executable');
  });

  it('refuses a directory', async () => {
    expect((await rejection(assertExecutableRunnable(loadedWith(root.path), 'adapter.json'))).message).toContain('is not a regular file');
  });

  it('refuses a script whose #! interpreter does not exist, naming the interpreter', async () => {
    const file = path.join(root.path, 'no-interpreter.sh');
    await writeFile(file, '#!/nonexistent/python9 -u\nprint(1)\n');
    await chmod(file, 0o755);
    const error = await rejection(assertExecutableRunnable(loadedWith(file), 'adapter.json'));
    expect(error.message).toBe(`adapter.json: CFG-EXECUTABLE: executable ${JSON.stringify(file)} is a script whose interpreter "/nonexistent/python9" (its #! line) does not exist`);
    expect(error).toMatchObject({ clauseId: 'CFG-EXECUTABLE' });
  });

  it('accepts a script whose #! interpreter is runnable', async () => {
    const file = path.join(root.path, 'with-interpreter.sh');
    await writeFile(file, '#!/bin/sh\nexit 0\n');
    await chmod(file, 0o755);
    await expect(assertExecutableRunnable(loadedWith(file), 'adapter.json')).resolves.toBeUndefined();
  });
});
