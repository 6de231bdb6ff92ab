import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../packageRoot.js';
import type { HelperSources } from './compileHelper.js';

/**
 * Where the helpers' C sources live: in the package (`package.json` ships `harness/`), so a
 * clone and an installed tarball build the same programs.
 * @public
 */
export const NATIVE_SOURCE_DIR: string = join(packageRoot, 'harness', 'transport', 'containment', 'native');

/**
 * The suite's native helpers: `aq-launch`, the per-call launcher, and `aq-spawn`, the
 * per-thread spawner, which runs the launcher's code (`launch.c`) in the processes it forks.
 * @public
 */
export type NativeProgram = 'aq-launch' | 'aq-spawn';

/** Every program's own `main` file, then the launcher's code it links. */
const FILES: Readonly<Record<NativeProgram, readonly string[]>> = {
  'aq-launch': ['aq-launch.c', 'launch.c', 'launch.h'],
  'aq-spawn': ['aq-spawn.c', 'launch.c', 'launch.h'],
};

const loaded = new Map<NativeProgram, HelperSources>();

/**
 * The C sources of `program`, read from {@link NATIVE_SOURCE_DIR} once per process, for `compileHelper`.
 * @throws Error when a source is missing (a broken installation).
 * @public
 */
export function nativeSources(program: NativeProgram): HelperSources {
  let sources = loaded.get(program);
  if (sources === undefined) {
    sources = Object.freeze(Object.fromEntries(FILES[program].map((file) => [file, readFileSync(join(NATIVE_SOURCE_DIR, file), 'utf8')])));
    loaded.set(program, sources);
  }
  return sources;
}
