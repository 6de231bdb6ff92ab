import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot } from '../packageRoot.js';

/** Where a run finds its conformance suites, and which file names there are suites. */
export interface SuiteLocation {
  /** Absolute directory of the suite files. */
  readonly dir: string;
  /** vitest `include` pattern of every suite file, relative to `dir`. */
  readonly pattern: string;
  /** The vitest `include` pattern of one suite, named by its file in `suites/` (`faults.suite.ts`) or in `dir`. */
  readonly fileFor: (name: string) => string;
}

const SUITE_NAME = /^(?<stem>[^/]+\.suite)\.(?:ts|js)$/;

/**
 * Whether a file name is a conformance suite, TypeScript or compiled (`x.suite.ts`, `x.suite.js`; never `x.suite.d.ts`).
 * @param name - a file name, without directory.
 * @public
 */
export function isSuiteFile(name: string): boolean {
  return SUITE_NAME.test(name) && !name.endsWith('.d.ts');
}

function stemOf(name: string): string {
  const stem = SUITE_NAME.exec(name)?.groups?.['stem'];
  if (stem === undefined) throw new Error(`not a suite file name: ${JSON.stringify(name)} (expected x.suite.ts or x.suite.js)`);
  return stem;
}

/**
 * The bundled suites as this harness should run them: the compiled `dist/suites/*.suite.js`
 * when the harness itself runs compiled (the CLI), so no suite is transformed at run time,
 * and the TypeScript sources `suites/*.suite.ts` when it runs from source (the project's own
 * tests), so a test always exercises the suites as they are written.
 * @param compiled - whether the harness runs compiled. @defaultValue whether this module is compiled JavaScript
 * @public
 */
export function bundledSuites(compiled: boolean = fileURLToPath(import.meta.url).endsWith('.js')): SuiteLocation {
  const extension = compiled ? 'js' : 'ts';
  return {
    dir: compiled ? join(packageRoot, 'dist', 'suites') : join(packageRoot, 'suites'),
    pattern: `*.suite.${extension}`,
    fileFor: (name) => `${stemOf(name)}.${extension}`,
  };
}

/**
 * Suites in a directory of the caller's (self-check's own tests write a modified copy of a
 * suite there): TypeScript sources and compiled files alike, each name as it is given.
 * @param dir - absolute directory.
 * @public
 */
export function suitesIn(dir: string): SuiteLocation {
  return { dir, pattern: '*.suite.{ts,js}', fileFor: (name) => `${stemOf(name)}.{ts,js}` };
}

/**
 * `location`, once it is known to hold at least one suite: a package built or packed without
 * its suites would otherwise run no test at all and judge nothing.
 * @param location - where the run's suites should be.
 * @throws Error naming the directory when it is missing or holds no suite file
 * @public
 */
export function requireSuites(location: SuiteLocation): SuiteLocation {
  let names: string[];
  try {
    names = readdirSync(location.dir);
  } catch {
    names = [];
  }
  if (!names.some(isSuiteFile)) throw new Error(`no conformance suite (*.suite.ts or *.suite.js) in ${location.dir}: build the package first (npm run build)`);
  return location;
}
