import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hostileFixturePath, type HostileFixture } from './hostileFixturePath.js';

const names: Record<HostileFixture, true> = {
  'argv-echo': true,
  'deep-json': true,
  'duplicate-keys': true,
  'exit-7-valid-outcome': true,
  'flood-stderr-before-stdin': true,
  'flood-stdout': true,
  'grandchild-holds-stdout': true,
  hang: true,
  'invalid-utf8': true,
  'killed-by-signal': true,
  'late-terminal-rewriter': true,
  'late-terminal-rewriter-env-cleared': true,
  'never-reads-stdin': true,
  'sentinel-touch': true,
  'slow-then-hang': true,
};

describe('hostileFixturePath', () => {
  it('names every .mjs fixture in the folder, and each exists', async () => {
    const here = fileURLToPath(new URL('.', import.meta.url));
    const files = (await readdir(here)).filter((file) => file.endsWith('.mjs')).sort();
    expect(files).toEqual(Object.keys(names).map((name) => `${name}.mjs`).sort());
    for (const name of Object.keys(names) as HostileFixture[]) {
      expect(existsSync(hostileFixturePath(name))).toBe(true);
    }
  });
});
