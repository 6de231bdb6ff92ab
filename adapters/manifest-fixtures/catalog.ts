import type { ClauseId } from '../../harness/clauses.js';
import type { ManifestFixture } from './ManifestFixture.js';

/** The passing reference directory of the profile (the control), relative to the package root. */
export const manifestReferenceDir = 'adapters/manifest-reference';

function fixture(name: string, claims: readonly ClauseId[], description: string, incidental: readonly ClauseId[] = [], links: Readonly<Record<string, string>> = {}): ManifestFixture {
  return Object.freeze({ name, dir: `adapters/manifest-fixtures/${name}`, claims, incidental, description, expect: 'fail', args: [], links });
}

/**
 * Every one-defect directory of the adapter-manifest.v1 profile, each
 * declaring the clauses `adapter-qualify manifest <dir>` must FAIL (`claims`)
 * and those it may also break (`incidental`). Names are unique and equal the
 * directory names under `adapters/manifest-fixtures/`.
 */
export const manifestFixtures: readonly ManifestFixture[] = Object.freeze([
  fixture('traversal-path', ['MAN-PATHS'], 'the manifest skill path leaves the declared root with ".."'),
  fixture('symlink-escape', ['MAN-PATHS'], 'SKILL.md is a symlink to a file outside the root', [], { 'SKILL.md': '../../manifest-reference/SKILL.md' }),
  fixture('com1-id', ['MAN-ID'], 'the manifest id is "com1", a Windows reserved device name'),
  fixture('duplicate-tool', ['CAT-TOOL'], 'the catalog declares the tool "status" twice'),
  fixture('schema-not-compiling', ['CAT-SCHEMAS-VALID'], 'an inputSchema uses the type name "bool"'),
  fixture('two-json', ['TRN-ONE-JSON'], 'every successful call prints its JSON response twice'),
  fixture('ok-false-exit-0', ['TRN-OK'], 'failed calls answer ok: false with exit code 0'),
  fixture('no-outcome', ['TRN-FAILURE-OUTCOME'], 'failed calls omit outcome', ['TRN-INPUT-REFUSED']),
  fixture('hook-writes-file', ['HOOK-IMPORT-PURE'], 'the runtime hook writes a cache file when imported'),
  fixture('coverage-untested-build', ['ACC-HONEST'], 'coverage claims passed on a build the manifest testedBuilds does not list'),
]);
