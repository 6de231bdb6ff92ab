import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Guards on the size of the house, so that merging by concern, once done, stays done.
//
// A source module is a `.ts` file under harness/, generators/ or reports/ that is not a test
// (`*.test.ts`); test helpers in `__test-helpers__/` count, since a newcomer reads them too.
// At 210, the three folders hold modules of roughly 80–400 lines each: one concern a reader can
// name per file, rather than one export per file (the layout once had 382, median 28 lines).
// The limit holds for the shared house and the first two profiles; the ACP profile lives in `acp/`
// subfolders of its own and has its own limit, so a new profile cannot hide growth of the house.
const MAX_SOURCE_MODULES = 210;
const MAX_ACP_PROFILE_MODULES = 45;
// `_internals/` marks what a folder keeps private; a handful of such folders in the whole tree
// is a map a newcomer can hold, and each one is a promise the lint rule
// `layout/no-foreign-internals` keeps.
const MAX_INTERNALS_FOLDERS = 5;

const repositoryRoot = dirname(fileURLToPath(import.meta.url));
const SOURCE_FOLDERS = ['harness', 'generators', 'reports'] as const;
const TREE_FOLDERS = ['harness', 'generators', 'reports', 'suites', 'adapters', 'bench', 'build'] as const;

/** Every path below `folder` (files and folders), relative to `root`, with `/` separators. */
function walk(root: string, folder: string): string[] {
  const base = join(root, folder);
  try {
    return readdirSync(base, { recursive: true, encoding: 'utf8' }).map((path) => `${folder}/${path.split('\\').join('/')}`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The source modules below `root`, as defined above. */
function sourceModules(root: string): string[] {
  return SOURCE_FOLDERS.flatMap((folder) => walk(root, folder))
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.d.ts'))
    .sort();
}

/** The `_internals/` folders below `root` that hold anything (a move can leave an empty one behind), in every folder of the tree. */
function internalsFolders(root: string): string[] {
  const folders = TREE_FOLDERS.flatMap((folder) => walk(root, folder))
    .filter((path) => !path.includes('/node_modules/'))
    .flatMap((path) => {
      const at = path.lastIndexOf('/_internals/');
      return at === -1 ? [] : [path.slice(0, at + '/_internals'.length)];
    });
  return [...new Set(folders)].sort();
}

describe('the counting itself', () => {
  it('counts non-test .ts files under harness/, generators/ and reports/ (helpers included) and _internals/ folders anywhere', () => {
    const root = mkdtempSync(join(tmpdir(), 'layout-test-'));
    try {
      const files = [
        'harness/a.ts',
        'harness/a.test.ts',
        'harness/x/_internals/b.ts',
        'harness/x/__test-helpers__/c.ts',
        'generators/d.ts',
        'reports/e.schema.json',
        'suites/f.suite.ts',
        'adapters/m/_internals/g.ts',
      ];
      mkdirSync(join(root, 'reports/_internals'), { recursive: true });
      for (const file of files) {
        mkdirSync(dirname(join(root, file)), { recursive: true });
        writeFileSync(join(root, file), '');
      }
      expect(sourceModules(root)).toEqual(['generators/d.ts', 'harness/a.ts', 'harness/x/__test-helpers__/c.ts', 'harness/x/_internals/b.ts']);
      expect(internalsFolders(root)).toEqual(['adapters/m/_internals', 'harness/x/_internals']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

// These two are the layout's targets, not today's numbers: they stay red until the consolidation
// has merged the modules. Raise a limit only with a reason a reviewer accepts, never to go green.
describe('layout limits', () => {
  const isAcpProfileModule = (path: string): boolean => path.split('/').includes('acp');

  it(`harness/, generators/ and reports/ hold at most ${MAX_SOURCE_MODULES} source modules outside the ACP profile's acp/ folders`, () => {
    const modules = sourceModules(repositoryRoot).filter((path) => !isAcpProfileModule(path));
    const perFolder = Object.fromEntries(SOURCE_FOLDERS.map((folder) => [folder, modules.filter((path) => path.startsWith(`${folder}/`)).length]));
    expect(modules.length, `source modules per folder: ${JSON.stringify(perFolder)}`).toBeLessThanOrEqual(MAX_SOURCE_MODULES);
  });

  it(`the ACP profile's acp/ folders hold at most ${MAX_ACP_PROFILE_MODULES} source modules`, () => {
    const modules = sourceModules(repositoryRoot).filter(isAcpProfileModule);
    expect(modules.length, modules.join('\n')).toBeLessThanOrEqual(MAX_ACP_PROFILE_MODULES);
  });

  it(`the tree has at most ${MAX_INTERNALS_FOLDERS} _internals/ folders`, () => {
    const folders = internalsFolders(repositoryRoot);
    expect(folders.length, `_internals/ folders: ${folders.join(', ')}`).toBeLessThanOrEqual(MAX_INTERNALS_FOLDERS);
  });
});
