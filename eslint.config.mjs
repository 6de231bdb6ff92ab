// ESLint flat config: the layout rules that keep modules private to their folder, the import
// graph acyclic and imports going downward, one way of importing fast-check, and
// typescript-eslint's recommended set, tuned to what this code base does on purpose. Formatting
// belongs to Prettier (`.prettierrc.json`).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layoutPlugin } from './build/eslintLayoutPlugin.mjs';

/**
 * The layers of the code, top first: a file imports only from its own layer or those below it,
 * and folders of one layer never import each other in a cycle, directly or through others
 * (`layout/import-downward`).
 * An entry is a folder with everything below it, or one of harness/'s loose files; `*` is any
 * one name. A profile's folders (harness/acp/, suites/acp/, adapters/acp-…) fall in the entry
 * of their kind; a folder no entry names is only held to the no-cycle rule.
 */
const layers = [
  // Entry points: the CLI (and the self-check worker it starts) and the library's exports.
  ['harness/cli', 'harness/index.ts'],
  // Self-check: qualifies the bundled subjects and judges the verdicts.
  ['harness/selfCheck'],
  // One qualification run, replay and offline verification; the suites and the subjects they run.
  ['harness/runQualification.ts', 'harness/runAcpQualification.ts', 'harness/runManifestQualification.ts', 'harness/run', 'harness/replay', 'harness/verify', 'suites', 'adapters/*'],
  // What a run is made of: options, the live suite's machinery, generators, profiles, shards, reports.
  ['harness/options', 'harness/suite', 'generators', 'harness/manifest', 'harness/acp', 'harness/shard', 'reports'],
  // Judges, the ledger model, evidence and transcripts, faults, lifecycle, config and catalogs.
  [
    'harness/judge',
    'harness/model',
    'harness/history',
    'harness/transcript',
    'harness/evidence',
    'harness/faults',
    'harness/lifecycle',
    'harness/config',
    'harness/catalog',
    'harness/baseline',
    'harness/notApplicableClauses.ts',
  ],
  // Spawning and bounding a call; the protocol's types, requests and parsers.
  ['harness/transport', 'harness/protocol'],
  // The vocabulary everything uses.
  [
    'harness/clauses.ts',
    'harness/violation.ts',
    'harness/UsageError.ts',
    'harness/schemas.ts',
    'harness/packageRoot.ts',
    'harness/quoting.ts',
    'harness/runWithLimit.ts',
    'harness/writeFileAtomic.ts',
  ],
];

/**
 * fast-check is imported one way everywhere, `import * as fc from 'fast-check'` (or
 * `import type * as fc` where only types are used), so `fc.` reads the same in every file.
 */
const fastCheckStyle = [
  {
    selector: "ImportDeclaration[source.value='fast-check'] > ImportDefaultSpecifier",
    message: "Import fast-check as a namespace: import * as fc from 'fast-check'.",
  },
  {
    selector: "ImportDeclaration[source.value='fast-check'] > ImportSpecifier",
    message: "Import fast-check as a namespace and write fc.name: import * as fc from 'fast-check'.",
  },
  {
    selector: "ImportDeclaration[source.value='fast-check'] > ImportNamespaceSpecifier[local.name!='fc']",
    message: "Name the fast-check namespace fc: import * as fc from 'fast-check'.",
  },
];

/** Named exports only: a default export lets every importer choose its own name for the same thing. */
const namedExportsOnly = [
  { selector: 'ExportDefaultDeclaration', message: 'Use a named export.' },
  { selector: "ExportSpecifier[exported.name='default']", message: 'Use a named export.' },
];

const typescriptFiles = ['harness/**/*.ts', 'generators/**/*.ts', 'reports/**/*.ts', 'suites/**/*.ts', 'adapters/**/*.ts', '*.ts'];
const scriptFiles = ['bench/**/*.mjs', 'build/**/*.mjs', '*.mjs'];

export default tseslint.config(
  // The hostile fixtures and the scripts tests start as child processes are subjects, not our code.
  { ignores: ['dist/**', 'node_modules/**', 'qualify-report/**', 'self-check-report/**', 'adapters/**/*.{js,mjs}', '**/__test-helpers__/**/*.mjs'] },
  {
    files: [...typescriptFiles, ...scriptFiles],
    extends: [js.configs.recommended],
    plugins: { layout: layoutPlugin },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'layout/no-foreign-internals': 'error',
      'layout/no-import-cycle': 'error',
      'layout/import-downward': ['error', { layers }],
      'no-restricted-syntax': ['error', ...fastCheckStyle, ...namedExportsOnly],
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // The suite parses, escapes and attacks with control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    files: typescriptFiles,
    extends: [tseslint.configs.recommended],
    rules: {
      'no-unused-vars': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Types are imported with `import type`, so erased imports never start a module at run time.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Tools' own configuration files are loaded by their default export.
    files: ['vitest.config.ts', 'eslint.config.mjs'],
    rules: { 'no-restricted-syntax': ['error', ...fastCheckStyle] },
  },
);
