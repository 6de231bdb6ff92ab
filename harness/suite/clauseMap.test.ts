import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, posix, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { acpMutants } from '../../adapters/acp-mutants/catalog.js';
import { manifestFixtures } from '../../adapters/manifest-fixtures/catalog.js';
import { mutants } from '../../adapters/mutants/catalog.js';
import { acpClauseFamilies, acpClauses, isBindingLevel, type AcpClauseDefinition, type AcpClauseId } from '../acp/acpClauses.js';
import { isClauseId, profileClauses, type ClauseDefinition, type ClauseId, type ProfileId } from '../clauses.js';
import { packageRoot } from '../packageRoot.js';
import { loadAcpSuites } from '../runAcpQualification.js';
import { CONNECTION_JUDGED } from '../selfCheck/acpSelfCheck.js';
import { qualifyTestName } from './testNames.js';

// docs/clauses.md, the clause map, comes from the code alone: the tests from the
// `qualifyTest` declarations of suites/*.suite.ts (read, not run: a suite runs only
// under the CLI), the generators from what those tests' bodies use, the mutants
// from their claims, the judges from the modules that build violations naming the
// clause. The acp-agent.v1 section takes its cases from the `acpSuite` exports of
// suites/acp/*.suite.ts (plain data: loading one runs no case) and its mutants from
// adapters/acp-mutants/catalog.ts. Regenerate it with the command below; the test
// fails while it differs.

const MAP_FILE = join(packageRoot, 'docs', 'clauses.md');
const WRITE_COMMAND = 'CLAUSE_MAP=write npx vitest run harness/suite/clauseMap.test.ts';

/**
 * Adapter-side MUST clauses that lack a test or a mutant, each with why. The
 * test fails on any other gap, and on a listed gap that has closed, so this
 * list is never stale.
 */
const KNOWN_GAPS: Partial<Record<ClauseId, string>> = {
  'SDK-SHAPE': 'no SDK mutant: the SdkTransport unit tests break it with faulty SDK modules',
  'SDK-NO-MUTATION': 'no SDK mutant: the SdkTransport unit tests break it with faulty SDK modules',
  'SDK-OBSERVE-NO-PAYLOAD': 'no SDK mutant: the SdkTransport unit tests break it with faulty SDK modules',
  ...Object.fromEntries(
    (['MAN-SCHEMA', 'MAN-FILES', 'MAN-REGRESSION', 'CAT-SCHEMA', 'CAT-REFS', 'TRN-OUTPUT-SCHEMA', 'HOOK-NAMES', 'HOOK-TOOLS-MATCH', 'ACC-COVERAGE'] as const).map((id) => [
      id,
      'no manifest fixture breaks it yet',
    ]),
  ),
};

/**
 * Binding (MUST, MUST (if advertised)) ACP clauses that lack a deciding case or a
 * mutant, each with why; like {@link KNOWN_GAPS}, a new gap fails and so does a
 * listed one that has closed. In catalog order.
 */
const ACP_KNOWN_GAPS: Partial<Record<AcpClauseId, string>> = {};

/** One `qualifyTest` declaration as the suite file states it. */
interface DeclaredTest {
  readonly file: string;
  readonly name: string;
  readonly clauses: readonly ClauseId[];
  readonly alsoDecides: readonly ClauseId[];
  /** The `generators/` exports its body uses (`module#name`), directly or through the suite file's own helpers. */
  readonly generators: readonly string[];
}

/** One row of the map. */
interface ClauseMapRow {
  readonly definition: ClauseDefinition;
  readonly profile: ProfileId;
  readonly tests: readonly string[];
  readonly generators: readonly string[];
  readonly mutants: readonly string[];
  readonly judges: readonly string[];
}

function literalStrings(node: ts.Expression | undefined, what: string, file: string): string[] {
  if (node === undefined) return [];
  if (!ts.isArrayLiteralExpression(node)) throw new Error(`${file}: ${what} of a qualifyTest declaration must be an array literal`);
  return node.elements.map((element) => {
    if (!ts.isStringLiteral(element) || !isClauseId(element.text)) throw new Error(`${file}: ${what} must list clause IDs as string literals`);
    return element.text;
  });
}

function property(literal: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const entry of literal.properties) {
    if (ts.isPropertyAssignment(entry) && ts.isIdentifier(entry.name) && entry.name.text === name) return entry.initializer;
  }
  return undefined;
}

/** The top-level declarations of a file by name, and its imports by local name (module path from the package root). */
function topLevel(source: ts.SourceFile, file: string): { readonly declarations: Map<string, ts.Node>; readonly imports: Map<string, string> } {
  const declarations = new Map<string, ts.Node>();
  const imports = new Map<string, string>();
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const target = posix.join(posix.dirname(file), statement.moduleSpecifier.text).replace(/\.js$/, '.ts');
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      // Types draw no cases: only value imports count.
      if (clause?.isTypeOnly !== true && bindings !== undefined && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) if (!element.isTypeOnly) imports.set(element.name.text, target);
      }
    } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name !== undefined) {
      declarations.set(statement.name.text, statement);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) declarations.set(declaration.name.text, declaration);
    }
  }
  return { declarations, imports };
}

/** The `generators/` exports a node uses (`module#name`), following the file's own top-level helpers it calls. */
function generatorsUsed(start: ts.Node, scope: ReturnType<typeof topLevel>): string[] {
  const found = new Set<string>();
  const visited = new Set<ts.Node>();
  const walk = (node: ts.Node): void => {
    if (visited.has(node)) return;
    visited.add(node);
    const visit = (child: ts.Node): void => {
      if (ts.isIdentifier(child)) {
        const imported = scope.imports.get(child.text);
        if (imported?.startsWith('generators/') === true) found.add(`${imported}#${child.text}`);
        const local = scope.declarations.get(child.text);
        if (local !== undefined) walk(local);
      }
      ts.forEachChild(child, visit);
    };
    ts.forEachChild(node, visit);
  };
  walk(start);
  return [...found].sort();
}

/**
 * Every `qualifyTest` declaration of one suite file, read from its syntax. A
 * declaration that is not literal (so that its clauses would need running the
 * file to know) is refused rather than left out of the map.
 */
function declaredTests(file: string, text: string): DeclaredTest[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const scope = topLevel(source, file);
  const tests: DeclaredTest[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'qualifyTest') {
      const [declaration, body] = node.arguments;
      if (declaration === undefined || !ts.isObjectLiteralExpression(declaration) || body === undefined) {
        throw new Error(`${file}: qualifyTest takes an object literal declaration and a body`);
      }
      const title = property(declaration, 'title');
      if (title === undefined || !ts.isStringLiteralLike(title)) throw new Error(`${file}: the title of a qualifyTest declaration must be a string literal`);
      const clauses = literalStrings(property(declaration, 'clauses'), 'clauses', file) as ClauseId[];
      const [first, ...rest] = clauses;
      if (first === undefined) throw new Error(`${file}: a qualifyTest declaration names at least one clause`);
      tests.push({
        file,
        name: qualifyTestName({ clauses: [first, ...rest], title: title.text }),
        clauses,
        alsoDecides: literalStrings(property(declaration, 'alsoDecides'), 'alsoDecides', file) as ClauseId[],
        generators: generatorsUsed(body, scope),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return tests;
}

/** Whether a module builds violations (calls `violation(…)`), i.e. judges what it names. */
function buildsViolations(source: ts.SourceFile): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'violation') found = true;
    if (!found) ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const EQUALITY = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken]);

/**
 * Whether a clause literal only picks or books evidence another module judged: compared
 * with (`found.clauseId === 'X'`), listed for a call (`historyConflicts(…, ['X'])`,
 * `new Set(['X'])`), or the first argument of a method (`recorder.count('X')`).
 */
function selectsOnly(literal: ts.StringLiteralLike): boolean {
  const parent = literal.parent;
  if (ts.isBinaryExpression(parent) && EQUALITY.has(parent.operatorToken.kind)) return true;
  if (ts.isArrayLiteralExpression(parent) && (ts.isCallExpression(parent.parent) || ts.isNewExpression(parent.parent))) return true;
  return ts.isCallExpression(parent) && ts.isPropertyAccessExpression(parent.expression) && parent.arguments[0] === literal;
}

/** The clause IDs a module names in string literals as verdicts of its own (comments do not count; see `selectsOnly`). */
function namedClauses(source: ts.SourceFile): Set<ClauseId> {
  const named = new Set<ClauseId>();
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) && isClauseId(node.text) && !selectsOnly(node)) named.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return named;
}

async function sourceFiles(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(join(root, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .filter((file) => !file.includes('__test-helpers__/'))
    .sort();
}

/** Judges: the harness modules that build violations and name the clause. */
async function judgesByClause(root: string): Promise<Map<ClauseId, string[]>> {
  const judges = new Map<ClauseId, string[]>();
  for (const file of await sourceFiles(root, 'harness')) {
    const source = ts.createSourceFile(file, await readFile(join(root, file), 'utf8'), ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
    if (!buildsViolations(source)) continue;
    for (const id of namedClauses(source)) judges.set(id, [...(judges.get(id) ?? []), file]);
  }
  return judges;
}

async function suiteTests(root: string): Promise<DeclaredTest[]> {
  const names = (await readdir(join(root, 'suites'))).filter((name) => name.endsWith('.suite.ts')).sort();
  const tests = await Promise.all(names.map(async (name) => declaredTests(`suites/${name}`, await readFile(join(root, 'suites', name), 'utf8'))));
  return tests.flat();
}

async function clauseMapRows(root: string = packageRoot): Promise<ClauseMapRow[]> {
  const tests = await suiteTests(root);
  const judges = await judgesByClause(root);
  const killers: Readonly<Record<ProfileId, readonly { readonly name: string; readonly claims: readonly ClauseId[] }[]>> = {
    'coding-operation.v1': mutants,
    'adapter-manifest.v1': manifestFixtures,
  };
  return (Object.entries(profileClauses) as [ProfileId, readonly ClauseDefinition[]][]).flatMap(([profile, definitions]) =>
    definitions.map((definition) => {
      const deciding = tests.filter((test) => test.clauses.includes(definition.id) || test.alsoDecides.includes(definition.id));
      return {
        definition,
        profile,
        tests: deciding.map((test) => test.name),
        generators: [...new Set(deciding.flatMap((test) => test.generators))].sort(),
        mutants: killers[profile].filter((mutant) => mutant.claims.includes(definition.id)).map((mutant) => mutant.name),
        judges: judges.get(definition.id) ?? [],
      };
    }),
  );
}

/** Adapter-side MUST clauses without a test (coding-operation profile: a suite test; manifest: a judge) or a mutant. */
function gaps(rows: readonly ClauseMapRow[]): ClauseId[] {
  return rows
    .filter(({ definition }) => definition.obligation === 'adapter' && definition.level === 'MUST')
    .filter((row) => (row.profile === 'coding-operation.v1' ? row.tests : row.judges).length === 0 || row.mutants.length === 0)
    .map((row) => row.definition.id);
}

/** One row of the acp-agent.v1 section. */
interface AcpClauseMapRow {
  readonly definition: AcpClauseDefinition;
  /** Judged on every frame of every case (see `CONNECTION_JUDGED`). */
  readonly everyCase: boolean;
  /** The cases that name it among the clauses they decide. */
  readonly cases: readonly string[];
  readonly mutants: readonly string[];
}

async function acpClauseMapRows(): Promise<AcpClauseMapRow[]> {
  const cases = (await loadAcpSuites()).flatMap((suite) => suite.cases);
  return acpClauses.map((definition) => ({
    definition,
    everyCase: CONNECTION_JUDGED.includes(definition.id),
    cases: cases.filter((entry) => entry.clauses.includes(definition.id)).map((entry) => entry.name),
    mutants: acpMutants.filter((mutant) => mutant.claims.includes(definition.id)).map((mutant) => mutant.name),
  }));
}

/** Binding ACP clauses without a deciding case or a mutant. */
function acpGaps(rows: readonly AcpClauseMapRow[]): AcpClauseId[] {
  return rows
    .filter(({ definition }) => isBindingLevel(definition.level))
    .filter((row) => (!row.everyCase && row.cases.length === 0) || row.mutants.length === 0)
    .map((row) => row.definition.id);
}

const cell = (items: readonly string[], show: (item: string) => string = (item) => `\`${item}\``): string => (items.length === 0 ? '—' : items.map(show).join('<br>'));

const PROFILE_NOTES: Readonly<Record<ProfileId, string>> = {
  'coding-operation.v1': 'Tests are the `qualifyTest` declarations of `suites/*.suite.ts`; mutants are `adapters/mutants/catalog.ts` claims.',
  'adapter-manifest.v1':
    'This profile runs in-process (`adapter-qualify manifest`), without suite tests: its judges are its checks; mutants are `adapters/manifest-fixtures/catalog.ts` claims.',
};

const ACP_PROFILE_NOTE = [
  'Cases are the `cases` of `suites/acp/*.suite.ts` (each name starts with the clauses it decides); *every case* marks the clauses the connection judges on every frame of every case',
  '(`CONNECTION_JUDGED` in `harness/selfCheck/acpSelfCheck.ts`): a frame that breaks one FAILs it in whichever case it comes; cases listed beside it also check it on purpose.',
  'Every clause is owed by the agent. Mutants are `adapters/acp-mutants/catalog.ts` claims;',
  'the test fails while a MUST or MUST (if advertised) clause has no case or no mutant. There is no generators or judges column: ACP verdicts are evidence records that the cases',
  '(`suites/acp/`, `harness/acp/turn/`) and the connection (`harness/acp/AcpConnection.ts`) write, not violations a judge module builds with `violation(…)`.',
].join('\n');

function renderAcpSection(rows: readonly AcpClauseMapRow[]): string[] {
  const lines = ['## acp-agent.v1', '', ACP_PROFILE_NOTE, ''];
  for (const { family, title } of acpClauseFamilies) {
    lines.push(`### ${family} (${title})`, '', '| clause | level | rule | cases | mutants |', '|---|---|---|---|---|');
    for (const row of rows.filter((entry) => entry.definition.family === family)) {
      const { id, level, summary } = row.definition;
      const gap = ACP_KNOWN_GAPS[id];
      const cases = cell([...(row.everyCase ? ['*every case*'] : []), ...row.cases], (name) => name.replaceAll('|', '\\|'));
      const mutantCell = row.mutants.length === 0 && gap !== undefined ? `— (${gap})` : cell(row.mutants);
      lines.push(`| \`${id}\` | ${level} | ${summary.replaceAll('|', '\\|')} | ${cases} | ${mutantCell} |`);
    }
    lines.push('');
  }
  return lines;
}

function renderClauseMap(rows: readonly ClauseMapRow[], acpRows: readonly AcpClauseMapRow[]): string {
  const lines = [
    '# Clause map',
    '',
    `Generated from the code by \`${WRITE_COMMAND}\` (the same test fails while this file differs, or while an adapter-side MUST clause has no test or no mutant).`,
    'Each clause: its level, who owes it, its rule in one line, the tests that decide it (their names start with its ID unless it is decided alongside another),',
    'the `generators/` exports those tests draw cases from, the mutants that must make it FAIL, and the judges: the `harness/` modules that build violations and name it as a verdict of their own (not a module that only picks or books the findings of another).',
    '',
  ];
  for (const profile of Object.keys(profileClauses) as ProfileId[]) {
    lines.push(`## ${profile}`, '', PROFILE_NOTES[profile], '');
    const profileRows = rows.filter((row) => row.profile === profile);
    for (const family of [...new Set(profileRows.map((row) => row.definition.family))]) {
      const familyRows = profileRows.filter((row) => row.definition.family === family);
      lines.push(`### ${family} (${familyRows[0]?.definition.section ?? ''})`, '');
      lines.push('| clause | level | owed by | rule | tests | generators | mutants | judges |', '|---|---|---|---|---|---|---|---|');
      for (const row of familyRows) {
        const gap = KNOWN_GAPS[row.definition.id];
        const { id, level, obligation, summary } = row.definition;
        const mutantCell = row.mutants.length === 0 && gap !== undefined ? `— (${gap})` : cell(row.mutants);
        const generator = (used: string): string => `\`${used.split('#')[1] ?? ''}\` (${used.split('#')[0] ?? ''})`;
        lines.push(
          `| \`${id}\` | ${level} | ${obligation} | ${summary} | ${cell(row.tests, (name) => name.replaceAll('|', '\\|'))} | ${cell(row.generators, generator)} | ${mutantCell} | ${cell(row.judges)} |`,
        );
      }
      lines.push('');
    }
  }
  lines.push(...renderAcpSection(acpRows));
  return lines.join('\n');
}

describe('clause map (docs/clauses.md)', () => {
  it(`is current (regenerate: ${WRITE_COMMAND})`, async () => {
    const rendered = renderClauseMap(await clauseMapRows(), await acpClauseMapRows());
    if (process.env['CLAUSE_MAP'] === 'write') await writeFile(MAP_FILE, rendered);
    const committed = await readFile(MAP_FILE, 'utf8');
    expect(committed === rendered, `docs/clauses.md is out of date: run ${WRITE_COMMAND}`).toBe(true);
  });

  it('has a test and a mutant for every adapter-side MUST clause, but for the known gaps', async () => {
    expect(gaps(await clauseMapRows())).toEqual(Object.keys(KNOWN_GAPS));
  });

  it('has a case and a mutant for every binding acp-agent.v1 clause, but for the known gaps', async () => {
    expect(acpGaps(await acpClauseMapRows())).toEqual(Object.keys(ACP_KNOWN_GAPS));
  });

  it('reads every ACP case, each named after the clauses it decides', async () => {
    const cases = (await loadAcpSuites()).flatMap((suite) => suite.cases);
    expect(new Set(cases.map((entry) => entry.name)).size).toBe(cases.length);
    for (const entry of cases) expect(entry.name.startsWith(`${entry.clauses.join(' ')}: `), entry.name).toBe(true);
  });

  it('reads every qualifyTest declaration of the suites, named as vitest names it', async () => {
    const tests = await suiteTests(packageRoot);
    const names = tests.map((test) => test.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of (await readdir(join(packageRoot, 'suites'))).filter((file) => file.endsWith('.suite.ts'))) {
      const text = await readFile(join(packageRoot, 'suites', name), 'utf8');
      // Every call is found: as many declarations as the text has calls.
      expect(tests.filter((test) => test.file === `suites/${name}`).length, name).toBe(text.split('qualifyTest(').length - 1);
    }
    const bytes = tests.find((test) => test.clauses.includes('REQ-BOUND-BYTES'));
    expect(bytes?.alsoDecides).toEqual(['REQ-BOUND-REQUEST']);
    expect(bytes?.generators).toContain('generators/boundDefects.ts#bytesBoundDefects');
  });

  it('refuses a declaration it cannot read without running the suite', () => {
    const file = 'suites/x.suite.ts';
    expect(() => declaredTests(file, 'qualifyTest(declaration, async () => {});')).toThrow(/object literal declaration/);
    expect(() => declaredTests(file, "qualifyTest({ clauses: CLAUSES, title: 't' }, async () => {});")).toThrow(/array literal/);
    expect(() => declaredTests(file, "qualifyTest({ clauses: ['REQ-CLOSD'], title: 't' }, async () => {});")).toThrow(/clause IDs as string literals/);
    expect(() => declaredTests(file, "qualifyTest({ clauses: ['REQ-CLOSED'], title: `${x}` }, async () => {});")).toThrow(/title .* string literal/);
  });

  it('follows a test body through the suite file own helpers to the generators it uses', () => {
    const text = [
      "import { contractDefect } from '../generators/contractDefect.js';",
      "import { payload } from '../generators/payload.js';",
      "import { unused } from '../generators/unused.js';",
      'function helper() { return payload(); }',
      "qualifyTest({ clauses: ['REQ-CONTRACT'], title: 'x' }, async () => { helper(); contractDefect(); });",
    ].join('\n');
    expect(declaredTests('suites/x.suite.ts', text)).toEqual([
      {
        file: 'suites/x.suite.ts',
        name: 'REQ-CONTRACT: x',
        clauses: ['REQ-CONTRACT'],
        alsoDecides: [],
        generators: ['generators/contractDefect.ts#contractDefect', 'generators/payload.ts#payload'],
      },
    ]);
  });
});
