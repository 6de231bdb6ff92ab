import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileHelper, helperCacheRoot, sourceDigest } from './compileHelper.js';

const SOURCE = { 'aq-test.c': '#include <stdio.h>\nint main(void) { puts("compiled helper"); return 0; }\n' };
const SOURCE_DIGEST = sourceDigest(SOURCE).slice(0, 16);
const PLANTED = '#!/bin/sh\necho planted\n';
const isRoot = process.getuid?.() === 0;

function run(path: string): string {
  return execFileSync(path, { encoding: 'utf8' }).trim();
}

/** A planted helper an attacker can make: an executable script beside the digest of its own bytes. */
function plant(dir: string, name: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), PLANTED, { mode: 0o755 });
  writeFileSync(join(dir, `${name}.sha256`), createHash('sha256').update(PLANTED).digest('hex'));
}

describe.runIf(process.platform === 'linux')('compileHelper', () => {
  let scratch: string;
  const saved = { TMPDIR: process.env.TMPDIR, XDG_CACHE_HOME: process.env.XDG_CACHE_HOME };

  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'compile-helper-test-'));
  });
  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it('builds into the private cache and reuses the verified binary', () => {
    const root = join(scratch, 'cache');
    const first = compileHelper('aq-test', SOURCE, root);
    expect(first).toEqual({ path: join(root, `aq-test-${SOURCE_DIGEST}`, 'aq-test') });
    expect(run((first as { path: string }).path)).toBe('compiled helper');
    expect(compileHelper('aq-test', SOURCE, root)).toEqual(first);
  });

  it('never executes a replacement of the cached binary: it is rebuilt', () => {
    const root = join(scratch, 'cache');
    const { path } = compileHelper('aq-test', SOURCE, root) as { path: string };
    writeFileSync(path, PLANTED);
    expect(compileHelper('aq-test', SOURCE, root)).toEqual({ path });
    expect(run(path)).toBe('compiled helper');
  });

  it('ignores a helper planted at the old shared location in $TMPDIR', () => {
    process.env.TMPDIR = scratch;
    process.env.XDG_CACHE_HOME = join(scratch, 'xdg');
    const shared = join(scratch, 'adapter-qualify-helpers', `aq-test-${SOURCE_DIGEST}-${process.getuid?.() ?? 0}`);
    plant(shared, 'aq-test');
    const compiled = compileHelper('aq-test', SOURCE) as { path: string };
    expect(compiled.path.startsWith(join(scratch, 'xdg', 'adapter-qualify', 'helpers'))).toBe(true);
    expect(run(compiled.path)).toBe('compiled helper');
  });

  it('refuses a cache directory that others can write, even with a matching digest planted in it', () => {
    const root = join(scratch, 'cache');
    const dir = join(root, `aq-test-${SOURCE_DIGEST}`);
    plant(dir, 'aq-test');
    chmodSync(dir, 0o777);
    const compiled = compileHelper('aq-test', SOURCE, root) as { path: string };
    expect(compiled.path.startsWith(dir)).toBe(false);
    expect(run(compiled.path)).toBe('compiled helper');
  });

  it('refuses a cache directory that is a symlink to someone else’s directory', () => {
    const root = join(scratch, 'cache');
    const elsewhere = join(scratch, 'elsewhere');
    plant(elsewhere, 'aq-test');
    chmodSync(elsewhere, 0o700);
    mkdirSync(root, { mode: 0o700 });
    symlinkSync(elsewhere, join(root, `aq-test-${SOURCE_DIGEST}`));
    const compiled = compileHelper('aq-test', SOURCE, root) as { path: string };
    expect(compiled.path.startsWith(join(root, `aq-test-${SOURCE_DIGEST}`))).toBe(false);
    expect(run(compiled.path)).toBe('compiled helper');
  });

  it.runIf(isRoot)('refuses a binary planted by another user (nobody) in a private-looking directory', () => {
    const root = join(scratch, 'cache');
    const dir = join(root, `aq-test-${SOURCE_DIGEST}`);
    plant(dir, 'aq-test');
    chmodSync(dir, 0o700);
    chownSync(join(dir, 'aq-test'), 65534, 65534);
    chownSync(join(dir, 'aq-test.sha256'), 65534, 65534);
    const compiled = compileHelper('aq-test', SOURCE, root) as { path: string };
    expect(run(compiled.path)).toBe('compiled helper');
    expect(readFileSync(compiled.path).subarray(0, 4).toString('latin1')).toBe('\x7fELF');
  });

  it.runIf(isRoot)('does not use a predictable $TMPDIR cache that another user created first', () => {
    process.env.TMPDIR = scratch;
    process.env.XDG_CACHE_HOME = join(scratch, 'not-a-directory');
    writeFileSync(join(scratch, 'not-a-directory'), '');
    const predictable = join(scratch, `adapter-qualify-helpers-${process.getuid?.() ?? 0}`);
    mkdirSync(predictable, { mode: 0o700 });
    chownSync(predictable, 65534, 65534);
    const root = helperCacheRoot();
    expect(root).not.toBe(predictable);
    const stat = statSync(root);
    expect({ uid: stat.uid, othersMayWrite: (stat.mode & 0o022) !== 0 }).toEqual({ uid: process.getuid?.(), othersMayWrite: false });
  });
});
