// Two layout rules ESLint's own rules cannot state: which folder may import an `_internals/`
// module (decided on the resolved path, not on how the specifier happens to be spelled), and
// that the file import graph has no cycle, type-only imports included (eslint-plugin-import-x's
// no-cycle skips `import type`, but a cycle of types still ties two modules together).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * Resolves a relative specifier the way `moduleResolution: NodeNext` does for this repository's
 * sources: `./x.js` names `./x.ts` when that exists. Bare specifiers (packages, `node:`) and
 * targets that do not exist resolve to undefined: they cannot close a cycle among our files.
 *
 * @param {string} importer absolute path of the importing file
 * @param {string} specifier the string after `from`
 * @returns {string | undefined} absolute path of the imported file
 */
function resolveSpecifier(importer, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const target = resolve(dirname(importer), specifier);
  const candidates = [target];
  if (target.endsWith('.js')) candidates.unshift(`${target.slice(0, -3)}.ts`);
  if (target.endsWith('.mjs')) candidates.unshift(`${target.slice(0, -4)}.mts`);
  return candidates.find((candidate) => existsSync(candidate));
}

/**
 * The files each file imports, read once per ESLint process: a lint run sees one state of the
 * tree, and reading every file again for each linted file would make the rule quadratic.
 *
 * @type {Map<string, readonly string[]>}
 */
const importsOfFile = new Map();

/**
 * @param {string} file absolute path
 * @returns {readonly string[]} absolute paths of the files it imports (static, dynamic, type-only and re-exports)
 */
function importsOf(file) {
  let imports = importsOfFile.get(file);
  if (imports === undefined) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    imports = importedFiles.map(({ fileName }) => resolveSpecifier(file, fileName)).filter((path) => path !== undefined);
    importsOfFile.set(file, imports);
  }
  return imports;
}

/**
 * The shortest import path from `start` back to `goal`, breadth first.
 *
 * @param {string} start absolute path
 * @param {string} goal absolute path
 * @returns {string[] | undefined} the files from start to goal, both included
 */
function importPath(start, goal) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  for (let index = 0; index < queue.length; index += 1) {
    const file = queue[index];
    if (file === goal) {
      const path = [];
      for (let step = file; step !== undefined; step = cameFrom.get(step)) path.unshift(step);
      return path;
    }
    for (const next of importsOf(file)) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/**
 * Calls `check(node, specifier)` for every import-like node of a file with a literal specifier:
 * imports, re-exports, `import()` and `import('…').Type`.
 *
 * @param {(node: object, specifier: string) => void} check
 * @returns {Record<string, (node: any) => void>} an ESLint visitor
 */
function importVisitor(check) {
  const fromSource = (node) => {
    if (node.source?.type === 'Literal' && typeof node.source.value === 'string') check(node, node.source.value);
  };
  return {
    ImportDeclaration: fromSource,
    ExportNamedDeclaration: fromSource,
    ExportAllDeclaration: fromSource,
    ImportExpression: fromSource,
    TSImportType(node) {
      const literal = node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument;
      if (literal?.type === 'Literal' && typeof literal.value === 'string') check(node, literal.value);
    },
  };
}

/** @type {import('eslint').Rule.RuleModule} */
const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid file import cycles, type-only and dynamic imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{route}}. Move what both files need into a module that imports neither.' },
  },
  create(context) {
    const file = context.physicalFilename;
    const root = context.cwd;
    return importVisitor((node, specifier) => {
      const target = resolveSpecifier(file, specifier);
      if (target === undefined || target === file) return;
      const back = importPath(target, file);
      if (back === undefined) return;
      const route = [file, ...back].map((step) => relative(root, step)).join(' → ');
      context.report({ node, messageId: 'cycle', data: { route } });
    });
  },
};

/** @type {import('eslint').Rule.RuleModule} */
const noForeignInternals = {
  meta: {
    type: 'problem',
    docs: { description: 'A module in X/_internals/ may be imported only from X/ itself or from X/_internals/.' },
    schema: [],
    messages: {
      foreign: "'{{target}}' is private to {{owner}}/ (it sits in its _internals/): import what {{owner}}/ exports instead, or move the module out of _internals/.",
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const importerFolder = dirname(file);
    return importVisitor((node, specifier) => {
      if (!specifier.startsWith('.')) return;
      const target = resolve(importerFolder, specifier);
      const segments = dirname(target).split(sep);
      const internalsAt = segments.lastIndexOf('_internals');
      if (internalsAt === -1) return;
      const owner = segments.slice(0, internalsAt).join(sep);
      const internals = join(owner, '_internals');
      if (importerFolder === owner || importerFolder === internals || importerFolder.startsWith(internals + sep)) return;
      context.report({
        node,
        messageId: 'foreign',
        data: { target: relative(context.cwd, target), owner: relative(context.cwd, owner) },
      });
    });
  },
};

/**
 * The repository's own ESLint plugin: `layout/no-import-cycle` and `layout/no-foreign-internals`.
 */
export const layoutPlugin = {
  meta: { name: 'adapter-qualify-layout' },
  rules: { 'no-import-cycle': noImportCycle, 'no-foreign-internals': noForeignInternals },
};
