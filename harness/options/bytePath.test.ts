import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { dir, type DirectoryResult } from 'tmp-promise';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { packageRoot } from '../packageRoot.js';
import { validAdapterConfig } from '../__test-helpers__/validRunInputs.js';
import { argumentBytesIn, escapeBytes } from './bytePath.js';

const BIN = fileURLToPath(new URL('../../dist/harness/cli/main.js', import.meta.url));
const BUNDLE = path.join(packageRoot, 'dist', 'adapters', 'reference', 'bundle', 'main.js');

describe('argumentBytesIn', () => {
  const cmdline = Buffer.concat([Buffer.from('node\0main.js\0run\0'), Buffer.from([0x61, 0xff, 0x2f, 0x62, 0]), Buffer.from('x\0')]);

  it('finds the bytes of the argument Node decoded to U+FFFD', () => {
    expect(argumentBytesIn(cmdline, 'a\uFFFD/b')).toEqual(Buffer.from([0x61, 0xff, 0x2f, 0x62]));
    expect(argumentBytesIn(cmdline, 'nothing')).toBeNull();
  });

  it('says when two arguments with different bytes decode alike', () => {
    expect(argumentBytesIn(Buffer.concat([cmdline, Buffer.from([0x61, 0xfe, 0x2f, 0x62, 0])]), 'a\uFFFD/b')).toBe('ambiguous');
  });
});

describe('escapeBytes', () => {
  it('keeps UTF-8 text and writes every other byte as \\xNN (a backslash doubled)', () => {
    expect(escapeBytes(Buffer.from([0x2f, 0x61, 0xff, 0xfe, 0xc3, 0xa9, 0x5c, 0xed, 0xa0, 0x80, 0xf0, 0x9f, 0x98, 0x80]))).toBe('/a\\xff\\xfeé\\\\\\xed\\xa0\\x80😀');
  });
});

describe('an adapter in a directory whose name is not UTF-8, end to end', () => {
  let root: DirectoryResult;
  beforeEach(async () => {
    root = await dir({ unsafeCleanup: true });
  });
  afterEach(async () => {
    await root.cleanup();
  });

  // The directory `aq-\xff\xfe` holds the reference adapter's bundle, named by a relative argument,
  // so the run works only if the adapter runs in that very directory. Node cannot pass such bytes
  // to a child as an argument, so a shell writes them (printf octal escapes).
  function adapterInBadDirectory(): void {
    const bad = Buffer.concat([Buffer.from(`${root.path}/aq-`), Buffer.from([0xff, 0xfe])]);
    mkdirSync(bad);
    copyFileSync(BUNDLE, Buffer.concat([bad, Buffer.from('/main.js')]));
    const config = validAdapterConfig({ authorityId: 'reference-ledger', executable: process.execPath, argvPrefix: ['main.js', '--authority', 'reference-ledger'] });
    writeFileSync(Buffer.concat([bad, Buffer.from('/adapter.json')]), JSON.stringify(config));
  }
  const cli = (...args: string[]) =>
    execa('/bin/sh', ['-c', `command=$1; shift; exec node "$0" "$command" "$(printf 'aq-\\377\\376/adapter.json')" "$@"`, BIN, ...args], {
      cwd: root.path,
      reject: false,
      env: { CI: 'true' },
    });

  it('runs it: the configuration is found and the adapter runs in its directory; messages show the bytes escaped', async () => {
    adapterInBadDirectory();
    const run = await cli('run', '--only', 'SEM-SUBMIT-ADMITS', '--runs', '2', '--seed', '1', '--out', path.join(root.path, 'report'));
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toContain('"aq-\\xff\\xfe/adapter.json": the directory\'s name is not UTF-8');
    expect(run.stdout).toMatch(/pass [1-9]/);
  }, 300_000);

  it('config refuses it with the reason (a JSON string cannot name such a directory for the host), not "no such file"', async () => {
    adapterInBadDirectory();
    const config = await cli('config');
    expect(config.exitCode).toBe(2);
    expect(config.stderr).toContain('JSON strings are Unicode text');
    expect(config.stderr).not.toContain('no such file');
  });
});
