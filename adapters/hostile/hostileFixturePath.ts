import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The hostile fixture scripts in `adapters/hostile/`, each named for what it does. */
export type HostileFixture =
  | 'ancestor-environ-reader'
  | 'argv-echo'
  | 'control-flood'
  | 'deep-json'
  | 'duplicate-keys'
  | 'deep-json-depth'
  | 'environment-echo'
  | 'evidence-tamperer'
  | 'fields-left-out'
  | 'fifo-at-tracer-log'
  | 'first-observe-hangs'
  | 'exit-7-valid-outcome'
  | 'flood-stderr-before-stdin'
  | 'flood-stdout'
  | 'grandchild-holds-stdout'
  | 'hang'
  | 'invalid-utf8'
  | 'killed-by-signal'
  | 'kill-keeper'
  | 'kills-its-parent'
  | 'late-terminal-rewriter'
  | 'late-terminal-rewriter-env-cleared'
  | 'long-line'
  | 'never-reads-stdin'
  | 'padded-outcomes'
  | 'results-fill-bound'
  | 'rolls-back-only-when-untraced'
  | 'sentinel-touch'
  | 'setsid-env-clear-late-writer'
  | 'setsid-fork-bomb'
  | 'signals-every-process'
  | 'slow-then-hang'
  | 'stdout-closed-early'
  | 'torn-only-when-untraced';

/**
 * The fixtures written for POSIX sh (`<name>.sh`): what the host suite runs on every run, where
 * a Node.js start each was most of its cost. The others are Node.js (`<name>.mjs`).
 */
const SHELL_FIXTURES: ReadonlySet<HostileFixture> = new Set([
  'ancestor-environ-reader',
  'deep-json',
  'evidence-tamperer',
  'exit-7-valid-outcome',
  'flood-stderr-before-stdin',
  'flood-stdout',
  'grandchild-holds-stdout',
  'hang',
  'invalid-utf8',
  'killed-by-signal',
  'never-reads-stdin',
  'sentinel-touch',
]);

/**
 * Absolute path of a hostile fixture script (`.sh` or `.mjs`; {@link hostileFixtureCommand} runs it).
 * Works from the sources and from `dist/`: the scripts are not compiled,
 * so from `dist/adapters/hostile/` it points back into `adapters/hostile/`.
 * @param name - the fixture.
 * @public
 */
export function hostileFixturePath(name: HostileFixture): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const root = resolve(here, '..', '..');
  const sourceRoot = basename(root) === 'dist' ? dirname(root) : root;
  return join(sourceRoot, 'adapters', 'hostile', `${name}${SHELL_FIXTURES.has(name) ? '.sh' : '.mjs'}`);
}

/**
 * How to run a hostile fixture as an adapter: its interpreter (`/bin/sh`, or this Node.js) and the
 * script, then `extraArgs`; the action comes last.
 * @param name - the fixture.
 * @param extraArgs - its own arguments (a pid file, a byte count).
 * @public
 */
export function hostileFixtureCommand(name: HostileFixture, extraArgs: readonly string[] = []): { readonly executable: string; readonly argvPrefix: string[] } {
  return { executable: SHELL_FIXTURES.has(name) ? '/bin/sh' : process.execPath, argvPrefix: [hostileFixturePath(name), ...extraArgs] };
}
