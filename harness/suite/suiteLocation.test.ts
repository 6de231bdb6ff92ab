import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { packageRoot } from '../packageRoot.js';
import { bundledSuites, isSuiteFile, requireSuites, suitesIn } from './suiteLocation.js';

const root = temporaryRoot('suite-location');

describe('suite locations', () => {
  it('runs the compiled suites from a compiled harness and the sources from the sources', () => {
    const compiled = bundledSuites(true);
    expect(compiled.dir).toBe(join(packageRoot, 'dist', 'suites'));
    expect([compiled.pattern, compiled.fileFor('faults.suite.ts'), compiled.fileFor('faults.suite.js')]).toEqual(['*.suite.js', 'faults.suite.js', 'faults.suite.js']);
    const source = bundledSuites(false);
    expect(source.dir).toBe(join(packageRoot, 'suites'));
    expect([source.pattern, source.fileFor('faults.suite.ts')]).toEqual(['*.suite.ts', 'faults.suite.ts']);
    // This very test runs from source, so the default is the sources.
    expect(bundledSuites().dir).toBe(source.dir);
  });

  it('accepts either kind in a directory of the caller', () => {
    const location = suitesIn('/elsewhere');
    expect([location.dir, location.pattern, location.fileFor('semantics.suite.ts')]).toEqual(['/elsewhere', '*.suite.{ts,js}', 'semantics.suite.{ts,js}']);
    expect(() => location.fileFor('semantics.test.ts')).toThrow(/not a suite file name/);
  });

  it('tells suites from declarations, maps and tests', () => {
    expect(['a.suite.ts', 'a.suite.js', 'a.suite.d.ts', 'a.suite.js.map', 'a.test.ts', 'suite.ts'].map(isSuiteFile)).toEqual([true, true, false, false, false, false]);
  });

  it('refuses a directory without suites, so a package built without them cannot run nothing and look judged', async () => {
    const empty = join(root(), 'empty');
    await mkdir(empty, { recursive: true });
    await writeFile(join(empty, 'a.suite.d.ts'), '');
    expect(() => requireSuites(suitesIn(empty))).toThrow(/no conformance suite .* in .*empty: build the package first/);
    expect(() => requireSuites(suitesIn(join(root(), 'missing')))).toThrow(/no conformance suite/);
    expect(requireSuites(bundledSuites(false)).dir).toBe(join(packageRoot, 'suites'));
  });
});
