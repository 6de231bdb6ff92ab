// ESLint flat config: the layout rules that keep modules private to their folder and the import
// graph acyclic, one way of importing fast-check, and typescript-eslint's recommended set, tuned
// to what this code base does on purpose. Formatting belongs to Prettier (`.prettierrc.json`).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layoutPlugin } from './build/eslintLayoutPlugin.mjs';

/**
 * `reports/` sits below the CLI: the report builder and renderers must not depend on the CLI's
 * code (progress events included), or the two folders import each other.
 */
const cliPattern = {
  regex: '(^|/)harness/cli/',
  message: 'reports/ must not import the CLI (harness/cli/): move the shared type beside its owner outside harness/cli/.',
};

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
    files: ['reports/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [cliPattern] }] },
  },
  {
    // Tools' own configuration files are loaded by their default export.
    files: ['vitest.config.ts', 'eslint.config.mjs'],
    rules: { 'no-restricted-syntax': ['error', ...fastCheckStyle] },
  },
);
