import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hostileFixtureCommand, hostileFixturePath, type HostileFixture } from './hostileFixturePath.js';

const names: Record<HostileFixture, true> = {
  'ancestor-environ-reader': true,
  'evidence-tamperer': true,
  'argv-echo': true,
  'control-flood': true,
  'deep-json': true,
  'duplicate-keys': true,
  'deep-json-depth': true,
  'environment-echo': true,
  'fields-left-out': true,
  'fifo-at-tracer-log': true,
  'first-observe-hangs': true,
  'exit-7-valid-outcome': true,
  'flood-stderr-before-stdin': true,
  'flood-stdout': true,
  'grandchild-holds-stdout': true,
  hang: true,
  'invalid-utf8': true,
  'killed-by-signal': true,
  'kill-keeper': true,
  'late-terminal-rewriter': true,
  'late-terminal-rewriter-env-cleared': true,
  'kills-its-parent': true,
  'long-line': true,
  'never-reads-stdin': true,
  'padded-outcomes': true,
  'results-fill-bound': true,
  'rolls-back-only-when-untraced': true,
  'sentinel-touch': true,
  'slow-then-hang': true,
  'setsid-env-clear-late-writer': true,
  'setsid-fork-bomb': true,
  'signals-every-process': true,
  'stdout-closed-early': true,
  'torn-only-when-untraced': true,
};

describe('hostileFixturePath', () => {
  it('names every fixture script (.mjs, .sh) in the folder, and each exists', async () => {
    const here = fileURLToPath(new URL('.', import.meta.url));
    // `_`-prefixed scripts are helpers the fixtures share, not fixtures; missing-interpreter.sh is never run (its `#!` is the point).
    const files = (await readdir(here)).filter((file) => /\.(mjs|sh)$/.test(file) && !file.startsWith('_') && file !== 'missing-interpreter.sh').sort();
    expect(files).toEqual((Object.keys(names) as HostileFixture[]).map((name) => basename(hostileFixturePath(name))).sort());
    for (const name of Object.keys(names) as HostileFixture[]) {
      expect(existsSync(hostileFixturePath(name))).toBe(true);
    }
  });

  it('runs a .sh fixture with /bin/sh and a .mjs one with this Node.js, its own arguments after the script', () => {
    expect(hostileFixtureCommand('hang', ['x'])).toEqual({ executable: '/bin/sh', argvPrefix: [hostileFixturePath('hang'), 'x'] });
    expect(hostileFixtureCommand('argv-echo')).toEqual({ executable: process.execPath, argvPrefix: [hostileFixturePath('argv-echo')] });
    expect(hostileFixturePath('hang')).toMatch(/hang\.sh$/);
    expect(hostileFixturePath('argv-echo')).toMatch(/argv-echo\.mjs$/);
  });
});
