import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The hostile fixture scripts in `adapters/hostile/`, each named for what it does. */
export type HostileFixture =
  | 'argv-echo'
  | 'control-flood'
  | 'deep-json'
  | 'duplicate-keys'
  | 'deep-json-depth'
  | 'environment-echo'
  | 'exit-7-valid-outcome'
  | 'flood-stderr-before-stdin'
  | 'flood-stdout'
  | 'grandchild-holds-stdout'
  | 'hang'
  | 'invalid-utf8'
  | 'killed-by-signal'
  | 'kills-its-parent'
  | 'late-terminal-rewriter'
  | 'late-terminal-rewriter-env-cleared'
  | 'long-line'
  | 'never-reads-stdin'
  | 'padded-outcomes'
  | 'results-fill-bound'
  | 'sentinel-touch'
  | 'setsid-env-clear-late-writer'
  | 'setsid-fork-bomb'
  | 'slow-then-hang'
  | 'stdout-closed-early';

/**
 * Absolute path of a hostile fixture script (run it as `[process.execPath, path, ...]`).
 * Works from the sources and from `dist/`: the `.mjs` scripts are not compiled,
 * so from `dist/adapters/hostile/` it points back into `adapters/hostile/`.
 * @param name - the fixture.
 * @public
 */
export function hostileFixturePath(name: HostileFixture): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const root = resolve(here, '..', '..');
  const sourceRoot = basename(root) === 'dist' ? dirname(root) : root;
  return join(sourceRoot, 'adapters', 'hostile', `${name}.mjs`);
}
