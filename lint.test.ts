import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The repository's lint configuration, run on a small tree built for it: each layout rule must
// report the import it exists for and leave the allowed ones alone, or `npm run lint` could be
// green because a rule matches nothing. The long hook timeout covers loading ESLint and
// typescript-eslint on a loaded machine; nothing here is timed.

const repositoryRoot = dirname(fileURLToPath(import.meta.url));

const tree: Record<string, string> = {
  'harness/x/_internals/secret.ts': 'export const secret = 1;\n',
  'harness/x/_internals/sibling.ts': "import { secret } from './secret.js';\nexport const sibling = secret;\n",
  'harness/x/owner.ts': "import { secret } from './_internals/secret.js';\nexport const owner = secret;\n",
  'harness/x/owner.test.ts': "import { secret } from './_internals/secret.js';\nexport const tested = secret;\n",
  'harness/x/sub/child.ts': "import { secret } from '../_internals/secret.js';\nexport const child = secret;\n",
  'harness/y/foreign.ts': "import { secret } from '../x/_internals/secret.js';\nexport const foreign = secret;\n",
  'harness/cycle/a.ts': "import type { B } from './b.js';\nexport interface A { readonly b?: B }\n",
  'harness/cycle/b.ts': "import type { A } from './a.js';\nexport interface B { readonly a?: A }\n",
  'harness/cli/progress.ts': "import { render } from '../../reports/render.js';\nexport interface Progress { readonly done: number }\nexport const shown = render({ done: 1 });\n",
  'reports/render.ts': "import type { Progress } from '../harness/cli/progress.js';\nexport const render = (progress: Progress): string => String(progress.done);\n",
  'harness/cli/command.ts': 'export const command = 1;\n',
  'harness/cli/down.ts': "import { low } from '../protocol/low.js';\nexport const down = low;\n",
  'harness/protocol/low.ts': 'export const low = 1;\n',
  'harness/protocol/up.ts': "import { command } from '../cli/command.js';\nexport const up = command;\n",
  'harness/protocol/low.test.ts': "import { command } from '../cli/command.js';\nexport const tested = command;\n",
  'harness/judge/a.ts': "import { b } from '../model/b.js';\nexport const a = b;\n",
  'harness/model/b.ts': 'export const b = 1;\n',
  'harness/model/c.ts': "import { d } from '../judge/d.js';\nexport const c = d;\n",
  'harness/judge/d.ts': 'export const d = 1;\n',
  'harness/options/chosen.ts': "import { manifest } from '../manifest/manifest.js';\nexport const chosen = manifest;\n",
  'harness/manifest/manifest.ts': "import { rendered } from '../../reports/rendered.js';\nexport const manifest = rendered;\n",
  'reports/rendered.ts': "import { base } from '../harness/options/base.js';\nexport const rendered = base;\n",
  'harness/options/base.ts': 'export const base = 1;\n',
  'harness/suite/chain.ts': "import { generated } from '../../generators/generated.js';\nexport const chain = generated;\n",
  'generators/generated.ts': "import { base } from '../harness/options/base.js';\nexport const generated = base;\n",
  'harness/seam.ts': 'export const seam = 1;\n',
  'harness/protocol/usesSeam.ts': "import { seam } from '../seam.js';\nexport const usesSeam = seam;\n",
  'harness/acp/client.ts': "import { command } from '../cli/command.js';\nexport const client = command;\n",
  'harness/acp/agent/session.ts': "import { low } from '../../protocol/low.js';\nexport const session = low;\n",
  'suites/acp/prompt.suite.ts': "import { session } from '../../harness/acp/agent/session.js';\nexport const prompt = session;\n",
  'generators/defaultFc.ts': "import fc from 'fast-check';\nexport const a = fc.nat();\n",
  'generators/namedFc.ts': "import { nat } from 'fast-check';\nexport const b = nat();\n",
  'generators/namespaceFc.ts': "import * as fc from 'fast-check';\nexport const c = fc.nat();\n",
  'generators/defaultExport.ts': 'const d = 1;\nexport default d;\n',
};

let root = '';
let messages: Map<string, string[]>;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'lint-test-'));
  for (const [file, text] of Object.entries(tree)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  const eslint = new ESLint({ cwd: root, overrideConfigFile: join(repositoryRoot, 'eslint.config.mjs') });
  const results = await eslint.lintFiles(Object.keys(tree));
  messages = new Map(results.map((result) => [result.filePath.slice(root.length + 1), result.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`)]));
}, 300_000);

afterAll(() => {
  if (root !== '') rmSync(root, { recursive: true, force: true });
});

describe('layout/no-foreign-internals', () => {
  it('lets X/ and X/_internals/ (tests included) import X/_internals/', () => {
    for (const file of ['harness/x/_internals/sibling.ts', 'harness/x/owner.ts', 'harness/x/owner.test.ts']) expect(messages.get(file), file).toEqual([]);
  });

  it('reports an import from a sibling folder and from a subfolder of X/', () => {
    expect(messages.get('harness/y/foreign.ts')).toEqual(['layout/no-foreign-internals']);
    expect(messages.get('harness/x/sub/child.ts')).toEqual(['layout/no-foreign-internals']);
  });
});

describe('layout/no-import-cycle', () => {
  it('reports a cycle of type-only imports in both files', () => {
    expect(messages.get('harness/cycle/a.ts')).toEqual(['layout/no-import-cycle']);
    expect(messages.get('harness/cycle/b.ts')).toEqual(['layout/no-import-cycle']);
  });

  it('reports a cycle between harness/ and reports/, and reports/ importing the CLI', () => {
    expect(messages.get('harness/cli/progress.ts')).toEqual(['layout/no-import-cycle']);
    expect(messages.get('reports/render.ts')).toEqual(['layout/no-import-cycle', 'layout/import-downward']);
  });
});

describe('layout/import-downward', () => {
  it('reports an upward import and leaves a downward one alone', () => {
    expect(messages.get('harness/protocol/up.ts')).toEqual(['layout/import-downward']);
    expect(messages.get('harness/cli/down.ts')).toEqual([]);
    expect(messages.get('harness/protocol/low.ts')).toEqual([]);
  });

  it('reports two folders of one layer that import each other, though no file cycle joins them', () => {
    expect(messages.get('harness/judge/a.ts')).toEqual(['layout/import-downward']);
    expect(messages.get('harness/model/c.ts')).toEqual(['layout/import-downward']);
    expect(messages.get('harness/model/b.ts')).toEqual([]);
    expect(messages.get('harness/judge/d.ts')).toEqual([]);
  });

  it('reports every import on a cycle of three folders of one layer, though no two of them import each other', () => {
    expect(messages.get('harness/options/chosen.ts')).toEqual(['layout/import-downward']);
    expect(messages.get('harness/manifest/manifest.ts')).toEqual(['layout/import-downward']);
    expect(messages.get('reports/rendered.ts')).toEqual(['layout/import-downward']);
    expect(messages.get('harness/options/base.ts')).toEqual([]);
  });

  it('leaves a chain of folders of one layer alone', () => {
    expect(messages.get('harness/suite/chain.ts')).toEqual([]);
    expect(messages.get('generators/generated.ts')).toEqual([]);
  });

  it('counts a loose file no layer names as its folder, without the folders below it', () => {
    expect(messages.get('harness/protocol/usesSeam.ts')).toEqual([]);
    expect(messages.get('harness/seam.ts')).toEqual([]);
  });

  it('places a profile subfolder by its entry, subfolders included', () => {
    expect(messages.get('harness/acp/client.ts')).toEqual(['layout/import-downward']);
    expect(messages.get('harness/acp/agent/session.ts')).toEqual([]);
    expect(messages.get('suites/acp/prompt.suite.ts')).toEqual([]);
  });

  it('does not layer the project’s own tests', () => {
    expect(messages.get('harness/protocol/low.test.ts')).toEqual([]);
  });
});

describe('one fast-check import style, named exports only', () => {
  it("accepts only import * as fc from 'fast-check'", () => {
    expect(messages.get('generators/namespaceFc.ts')).toEqual([]);
    expect(messages.get('generators/defaultFc.ts')).toEqual(['no-restricted-syntax']);
    expect(messages.get('generators/namedFc.ts')).toEqual(['no-restricted-syntax']);
  });

  it('reports a default export', () => {
    expect(messages.get('generators/defaultExport.ts')).toEqual(['no-restricted-syntax']);
  });
});
