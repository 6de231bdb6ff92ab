// Three layout rules ESLint's own rules cannot state: which folder may import an `_internals/`
// module (decided on the resolved path, not on how the specifier happens to be spelled), that
// the file import graph has no cycle, type-only imports included (eslint-plugin-import-x's
// no-cycle skips `import type`, but a cycle of types still ties two modules together), and that
// folders import only downward through declared layers, never in a cycle of folders.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
 * Whether a file is one of the project's own tests or their helpers: they may assemble any
 * layers to drive the module under test, and they never ship, so no layer counts them.
 *
 * @param {string} path path relative to the lint root, `/`-separated
 */
function isTestCode(path) {
  return path.endsWith('.test.ts') || path.split('/').includes('__test-helpers__');
}

/**
 * A layer entry as a pattern on a path relative to the lint root: `harness/cli` names that folder
 * and everything below it, `harness/clauses.ts` one file, and `*` stands for one name
 * (`adapters/*` is each folder of adapters/ on its own).
 *
 * @param {string} entry
 * @returns {RegExp} matches the entry's part of a path, as a prefix ending at a `/` or the end
 */
function entryPattern(entry) {
  const escaped = entry
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  return new RegExp(`^${escaped}(?=/|$)`);
}

/**
 * What a path belongs to for the layering: its unit (the declared folder or file it falls in,
 * `*` resolved to the real name; else its own folder, with `_internals/` folded into its owner)
 * and that unit's layer (0 is the top), or null when no entry declares it.
 *
 * @param {readonly { readonly pattern: RegExp, readonly layer: number }[]} entries
 * @param {string} path relative to the lint root
 * @returns {{ unit: string, layer: number | null }}
 */
function placeOf(entries, path) {
  let best;
  for (const { pattern, layer } of entries) {
    const match = pattern.exec(path);
    if (match !== null && (best === undefined || match[0].length > best.unit.length)) best = { unit: match[0], layer };
  }
  if (best !== undefined) return best;
  const folders = path.split('/').slice(0, -1);
  const internals = folders.indexOf('_internals');
  return { unit: (internals === -1 ? folders : folders.slice(0, internals)).join('/'), layer: null };
}

/**
 * The product files of a unit (tests and their helpers left out), as paths relative to the root:
 * those below its folder that belong to it, not to a unit of their own below it.
 *
 * @param {string} root absolute lint root
 * @param {readonly { readonly pattern: RegExp, readonly layer: number }[]} entries
 * @param {string} unit a folder or a file, relative to the root
 * @returns {string[]}
 */
function filesOfUnit(root, entries, unit) {
  const absolute = join(root, unit);
  if (/\.m?[jt]s$/.test(unit)) return existsSync(absolute) ? [unit] : [];
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|mts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !isTestCode(path) && placeOf(entries, path).unit === unit);
}

/**
 * For each unit, the first import of each other unit its product files make: `from → to → example`.
 * Read once per ESLint process, like {@link importsOfFile}.
 *
 * @type {Map<string, Map<string, string>>}
 */
const unitImportsOf = new Map();

/**
 * @param {string} root absolute lint root
 * @param {readonly { readonly pattern: RegExp, readonly layer: number }[]} entries
 * @param {string} unit
 * @returns {Map<string, string>} the units it imports, each with one `file → file` example
 */
function unitImports(root, entries, unit) {
  let imports = unitImportsOf.get(unit);
  if (imports === undefined) {
    imports = new Map();
    for (const file of filesOfUnit(root, entries, unit)) {
      for (const target of importsOf(join(root, file))) {
        const targetPath = relative(root, target).split(sep).join('/');
        if (targetPath.startsWith('..')) continue;
        const { unit: targetUnit } = placeOf(entries, targetPath);
        if (targetUnit !== unit && targetUnit !== '' && !imports.has(targetUnit)) imports.set(targetUnit, `${file} → ${targetPath}`);
      }
    }
    unitImportsOf.set(unit, imports);
  }
  return imports;
}

/**
 * The imports by which `start` leads back to `goal` through units of `layer` (or of none), breadth
 * first: a folder tie is a cycle of folders, however many it passes through. A way back through
 * another layer has an upward import in it, which is reported where it is made.
 *
 * @param {string} root absolute lint root
 * @param {readonly { readonly pattern: RegExp, readonly layer: number }[]} entries
 * @param {string} start the imported unit
 * @param {string} goal the importing unit
 * @param {number | null} layer the importing unit's layer
 * @returns {string | undefined} the imports of the way back, one example each (`a → b; c → d`), or undefined
 */
function unitRouteBack(root, entries, start, goal, layer) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  for (let index = 0; index < queue.length; index += 1) {
    const unit = queue[index];
    for (const [next, example] of unitImports(root, entries, unit)) {
      if (cameFrom.has(next)) continue;
      if (next !== goal) {
        const nextLayer = placeOf(entries, next).layer;
        if (nextLayer !== null && nextLayer !== layer) continue;
      }
      cameFrom.set(next, { unit, example });
      if (next === goal) {
        const steps = [];
        for (let step = cameFrom.get(next); step !== undefined; step = cameFrom.get(step.unit)) steps.unshift(step.example);
        return steps.join('; ');
      }
      queue.push(next);
    }
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const importDownward = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Imports go downward through the declared layers (top first), and no folders import each other in a cycle, directly or through others. Tests and __test-helpers__/ are not layered.',
    },
    schema: [
      {
        type: 'object',
        properties: { layers: { type: 'array', items: { type: 'array', items: { type: 'string' } } } },
        required: ['layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward: "'{{target}}' is in a higher layer ({{targetUnit}}) than {{unit}}: move what both need down, or the importer up (layers are in eslint.config.mjs).",
      tie: '{{unit}} imports {{targetUnit}}, which leads back to it ({{back}}): move what they share into a folder below them.',
    },
  },
  create(context) {
    const root = context.cwd;
    const path = relative(root, context.physicalFilename).split(sep).join('/');
    if (path.startsWith('..') || isTestCode(path)) return {};
    /** @type {readonly (readonly string[])[]} */
    const layers = context.options[0].layers;
    const entries = layers.flatMap((names, layer) => names.map((name) => ({ pattern: entryPattern(name), layer })));
    const here = placeOf(entries, path);
    return importVisitor((node, specifier) => {
      const target = resolveSpecifier(context.physicalFilename, specifier);
      if (target === undefined) return;
      const targetPath = relative(root, target).split(sep).join('/');
      if (targetPath.startsWith('..') || isTestCode(targetPath)) return;
      const there = placeOf(entries, targetPath);
      if (there.unit === here.unit || there.unit === '') return;
      if (here.layer !== null && there.layer !== null && there.layer !== here.layer) {
        // A downward import's way back, if any, is an upward import, reported where it is made.
        if (there.layer < here.layer) context.report({ node, messageId: 'upward', data: { target: targetPath, targetUnit: there.unit, unit: here.unit } });
        return;
      }
      const back = unitRouteBack(root, entries, there.unit, here.unit, here.layer);
      if (back !== undefined) context.report({ node, messageId: 'tie', data: { unit: here.unit, targetUnit: there.unit, back } });
    });
  },
};

/**
 * The repository's own ESLint plugin: `layout/no-import-cycle`, `layout/no-foreign-internals` and
 * `layout/import-downward`.
 */
export const layoutPlugin = {
  meta: { name: 'adapter-qualify-layout' },
  rules: { 'no-import-cycle': noImportCycle, 'no-foreign-internals': noForeignInternals, 'import-downward': importDownward },
};
