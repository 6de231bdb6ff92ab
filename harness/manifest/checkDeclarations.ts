import { stat } from 'node:fs/promises';
import { dirname, isAbsolute, resolve, win32 } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { adapterSchemaAjv } from '../schemas.js';
import type { AdapterManifestClauseId } from '../clauses.js';
import type { EvidenceRecorder } from '../suite/EvidenceRecorder.js';
import { violation, type Violation } from '../violation.js';
import { readJsonFile, resolveInsideRoot, type JsonFileRead } from './adapterFiles.js';
import { ajvViolations, manifestSchemas } from './manifestSchemas.js';
import { isJsonObject, jsonPointer } from '../protocol/jsonValues.js';
import { describeError } from '../UsageError.js';

// The static checks: the two documents that declare the adapter (the manifest, MAN, and the tool
// catalog it names, CAT), judged by reading files alone. No adapter process runs here, so every
// counterexample is a place in a document (see failStatic).

/** The MAN clauses, in the order the manifest check's name lists them. */
export const MAN_CLAUSES = ['MAN-SCHEMA', 'MAN-ID', 'MAN-PATHS', 'MAN-FILES', 'MAN-REGRESSION'] as const satisfies readonly AdapterManifestClauseId[];

/** The CAT clauses, in the order the catalog check's name lists them. */
export const CAT_CLAUSES = ['CAT-SCHEMA', 'CAT-TOOL', 'CAT-SCHEMAS-VALID', 'CAT-REFS'] as const satisfies readonly AdapterManifestClauseId[];

/** Records one violation of a static check. */
type Fail = (found: Violation) => void;

/**
 * Records a violation found by reading a file (no process ran): the
 * counterexample names the document and the place, and the replay handle re-runs
 * the check with the run's seed.
 * @internal Also used by the coverage check.
 */
export function failStatic(recorder: EvidenceRecorder, found: Violation, document: string, seed: number): void {
  const where = found.instancePath === undefined || found.instancePath === '' ? '' : ` at ${found.instancePath}`;
  recorder.fail(found, { description: `${document}${where}: ${found.message}`, calls: [] }, { testName: recorder.testName, seed });
}

/** The manifest fields that name a file inside the root. */
export const MANIFEST_FILE_FIELDS = ['entrypoint', 'toolSchema', 'skill', 'acceptance', 'runtime'] as const;

/** One of {@link MANIFEST_FILE_FIELDS}. */
export type ManifestFileField = (typeof MANIFEST_FILE_FIELDS)[number];

/** A referenced file as later checks may use it. */
export type ReferencedFile = { readonly kind: 'usable'; readonly path: string } | { readonly kind: 'absent' } | { readonly kind: 'unusable'; readonly reason: string };

/** What the MAN checks established, for the later families. */
export interface CheckedManifest {
  /** The manifest as parsed, when it is a JSON object. */
  readonly manifest: Readonly<Record<string, unknown>> | null;
  /** The manifest `id`, when it is a string. */
  readonly id: string | null;
  /** Absolute declared root, or null when it is unusable. */
  readonly root: string | null;
  readonly files: Readonly<Record<ManifestFileField, ReferencedFile>>;
  /** `testedBuilds`, when it is an array of strings. */
  readonly testedBuilds: readonly string[] | null;
}

const ID_PATTERN = /^[a-z][a-z0-9-]*$/;

/**
 * Checks the manifest (MAN-SCHEMA, MAN-ID, MAN-PATHS, MAN-FILES,
 * MAN-REGRESSION) and resolves the files it references. A path that fails
 * MAN-PATHS is never opened.
 * @param manifestPath - absolute path of the manifest file
 * @param read - the manifest file as read
 * @param recorder - records the MAN evidence
 * @param seed - the run's seed, for replay handles
 * @public
 */
export async function checkManifest(manifestPath: string, read: JsonFileRead, recorder: EvidenceRecorder, seed: number): Promise<CheckedManifest> {
  const document = manifestPath;
  const fail = (found: Violation): void => failStatic(recorder, found, document, seed);
  const unusable = (reason: string): ReferencedFile => ({ kind: 'unusable', reason });
  const noFiles = Object.fromEntries(MANIFEST_FILE_FIELDS.map((field) => [field, unusable('the manifest is unusable')])) as Record<ManifestFileField, ReferencedFile>;

  if (read.kind !== 'json' || !isJsonObject(read.value)) {
    fail(violation('MAN-SCHEMA', read.kind === 'json' ? 'the manifest is not a JSON object' : `the manifest cannot be used: ${read.reason}`));
    for (const id of MAN_CLAUSES.filter((clauseId) => clauseId !== 'MAN-SCHEMA')) recorder.inconclusive(id, 'the manifest is not a JSON object (MAN-SCHEMA)');
    return { manifest: null, id: null, root: null, files: noFiles, testedBuilds: null };
  }
  const manifest = read.value;
  recorder.count('MAN-SCHEMA');
  if (!manifestSchemas.manifest(manifest)) for (const found of ajvViolations('MAN-SCHEMA', manifestSchemas.manifest.errors)) fail(found);

  const id = typeof manifest.id === 'string' ? manifest.id : null;
  if (id === null) recorder.inconclusive('MAN-ID', 'id is not a string (MAN-SCHEMA)');
  else {
    recorder.count('MAN-ID');
    if (!ID_PATTERN.test(id)) fail(violation('MAN-ID', `id ${JSON.stringify(id)} is not lowercase letters, digits and hyphens starting with a letter`, { instancePath: '/id' }));
    else if (isWindowsReservedName(id)) fail(violation('MAN-ID', `id ${JSON.stringify(id)} is a Windows reserved device name`, { instancePath: '/id' }));
  }

  const root = await declaredRoot(manifest, dirname(manifestPath), recorder, fail);
  const files = { ...noFiles };
  for (const field of MANIFEST_FILE_FIELDS) {
    const reference = manifest[field];
    if (reference === undefined && field === 'runtime') files[field] = { kind: 'absent' };
    else if (typeof reference !== 'string') files[field] = unusable(`${field} is not a string (MAN-SCHEMA)`);
    else if (root === null) files[field] = unusable('the declared root is unusable');
    else files[field] = await checkReference(root, field, reference, recorder, fail);
  }
  if (root === null) for (const id of ['MAN-PATHS', 'MAN-FILES'] as const) recorder.inconclusive(id, 'the declared root is unusable');

  await checkRegression(manifest.regression, root, recorder, fail);
  const testedBuilds = Array.isArray(manifest.testedBuilds) && manifest.testedBuilds.every((build) => typeof build === 'string') ? (manifest.testedBuilds as string[]) : null;
  return { manifest, id, root, files, testedBuilds };
}

async function declaredRoot(manifest: Readonly<Record<string, unknown>>, manifestDir: string, recorder: EvidenceRecorder, fail: Fail): Promise<string | null> {
  if (manifest.root === undefined) return manifestDir;
  if (typeof manifest.root !== 'string') return null;
  recorder.count('MAN-PATHS');
  if (isAbsolute(manifest.root) || win32.isAbsolute(manifest.root)) {
    fail(violation('MAN-PATHS', `root ${JSON.stringify(manifest.root)} is absolute (paths are relative to the manifest)`, { instancePath: '/root' }));
    return null;
  }
  const root = resolve(manifestDir, manifest.root);
  recorder.count('MAN-FILES');
  if (
    !(await stat(root).then(
      (stats) => stats.isDirectory(),
      () => false,
    ))
  ) {
    fail(violation('MAN-FILES', `root ${JSON.stringify(manifest.root)} is not a directory`, { instancePath: '/root' }));
    return null;
  }
  return root;
}

async function checkReference(root: string, field: ManifestFileField, reference: string, recorder: EvidenceRecorder, fail: Fail): Promise<ReferencedFile> {
  recorder.count('MAN-PATHS');
  const rooted = await resolveInsideRoot(root, reference);
  if (rooted.kind === 'outside') {
    fail(violation('MAN-PATHS', `${field} ${JSON.stringify(reference)}: ${rooted.reason}`, { instancePath: `/${field}` }));
    return { kind: 'unusable', reason: `${field} is outside the root (MAN-PATHS)` };
  }
  recorder.count('MAN-FILES');
  if (!(await isRegularFile(rooted.absolute))) {
    fail(violation('MAN-FILES', `${field} ${JSON.stringify(reference)} is not an existing regular file`, { instancePath: `/${field}` }));
    return { kind: 'unusable', reason: `${field} is not a regular file (MAN-FILES)` };
  }
  return { kind: 'usable', path: rooted.absolute };
}

async function checkRegression(regression: unknown, root: string | null, recorder: EvidenceRecorder, fail: Fail): Promise<void> {
  if (regression === undefined) {
    recorder.skip('MAN-REGRESSION', 'the manifest declares no regression (optional)');
    return;
  }
  if (!Array.isArray(regression)) {
    recorder.inconclusive('MAN-REGRESSION', 'regression is not an array (MAN-SCHEMA)');
    return;
  }
  const [script] = regression as unknown[];
  recorder.count('MAN-REGRESSION');
  if (script === undefined) return fail(violation('MAN-REGRESSION', 'regression is an empty argv list', { instancePath: '/regression' }));
  if (typeof script !== 'string') return fail(violation('MAN-REGRESSION', 'the first regression item is not a string', { instancePath: '/regression/0' }));
  if (!script.endsWith('.py')) return fail(violation('MAN-REGRESSION', `the first regression item ${JSON.stringify(script)} is not a .py file`, { instancePath: '/regression/0' }));
  if (root === null) return recorder.inconclusive('MAN-REGRESSION', 'the declared root is unusable');
  const rooted = await resolveInsideRoot(root, script);
  if (rooted.kind === 'outside') return fail(violation('MAN-REGRESSION', `regression script ${JSON.stringify(script)}: ${rooted.reason}`, { instancePath: '/regression/0' }));
  if (!(await isRegularFile(rooted.absolute))) {
    fail(violation('MAN-REGRESSION', `regression script ${JSON.stringify(script)} is not an existing regular file inside the root`, { instancePath: '/regression/0' }));
  }
}

async function isRegularFile(path: string): Promise<boolean> {
  return stat(path).then(
    (stats) => stats.isFile(),
    () => false,
  );
}

const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;

/**
 * Whether `name` is a Windows reserved device name (`con`, `prn`, `aux`, `nul`,
 * `com1`–`com9`, `lpt1`–`lpt9`), in any letter case and also with an extension
 * (`COM1.txt`), as Windows treats them (MAN-ID).
 * @param name - an adapter id or a path segment
 * @public
 */
export function isWindowsReservedName(name: string): boolean {
  return RESERVED.test(name);
}

/** A catalog tool whose declaration and schemas are sound: the TRN checks call it. */
export interface CatalogTool {
  readonly name: string;
  readonly mutates: boolean;
  readonly inputSchema: unknown;
  readonly validateInput: ValidateFunction;
  readonly validateOutput: ValidateFunction;
}

/** What the CAT checks established, for the later families. */
export interface CheckedCatalog {
  /** The saved catalog as parsed (HOOK-TOOLS-MATCH compares with it), or null. */
  readonly saved: unknown;
  /** The names of the catalog's tools (ACC-COVERAGE), or null when `tools` is unusable. */
  readonly toolNames: readonly string[] | null;
  /** Tools sound enough to call. */
  readonly tools: readonly CatalogTool[];
  /** Why no tool can be called, when the catalog itself is unusable. */
  readonly unusable: string | null;
}

const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Checks the tool catalog (CAT-SCHEMA, CAT-TOOL, CAT-REFS, CAT-SCHEMAS-VALID).
 * File `$ref`s are resolved relative to the referring file (the catalog for
 * its own schemas), must stay inside the root after symlinks, and are loaded
 * into one Ajv instance (draft-07, non-strict: unknown keywords are
 * annotations) before each schema is compiled.
 * @param file - the manifest's `toolSchema`, resolved
 * @param root - the declared root
 * @param manifestId - the manifest `id` (`adapter` must equal it), or null
 * @param recorder - records the CAT evidence
 * @param seed - the run's seed, for replay handles
 * @public
 */
export async function checkCatalog(file: ReferencedFile, root: string | null, manifestId: string | null, recorder: EvidenceRecorder, seed: number): Promise<CheckedCatalog> {
  const none = (reason: string): CheckedCatalog => {
    for (const id of CAT_CLAUSES) recorder.inconclusive(id, reason);
    return { saved: null, toolNames: null, tools: [], unusable: reason };
  };
  if (file.kind !== 'usable' || root === null) return none(`the catalog file is unusable: ${file.kind === 'unusable' ? file.reason : 'not declared'}`);
  const fail = (found: Violation): void => failStatic(recorder, found, file.path, seed);
  const read = await readJsonFile(file.path);
  recorder.count('CAT-SCHEMA');
  if (read.kind !== 'json' || !isJsonObject(read.value)) {
    fail(violation('CAT-SCHEMA', read.kind === 'json' ? 'the catalog is not a JSON object' : `the catalog cannot be used: ${read.reason}`));
    return { ...none('the catalog is not a JSON object (CAT-SCHEMA)'), saved: read.kind === 'json' ? read.value : null };
  }
  const catalog = read.value;
  if (!manifestSchemas.catalog(catalog)) for (const found of ajvViolations('CAT-SCHEMA', manifestSchemas.catalog.errors)) fail(found);
  if (typeof catalog.adapter === 'string' && manifestId !== null && catalog.adapter !== manifestId) {
    fail(violation('CAT-SCHEMA', `adapter ${JSON.stringify(catalog.adapter)} differs from the manifest id ${JSON.stringify(manifestId)}`, { instancePath: '/adapter' }));
  }
  if (!Array.isArray(catalog.tools)) return { ...none('tools is not an array (CAT-SCHEMA)'), saved: catalog };

  const entries = catalog.tools as unknown[];
  const declared = declaredTools(entries, recorder, fail);
  const loader = new RefLoader(root, recorder, fail);
  const tools: CatalogTool[] = [];
  for (const { index, tool } of declared.sound) {
    const input = await loader.compile(tool.inputSchema, `/tools/${index}/inputSchema`, file.path);
    const output = await loader.compile(tool.outputSchema, `/tools/${index}/outputSchema`, file.path);
    // A duplicated name is ambiguous on the command line: its schemas are checked, the tool is not called.
    if (input !== null && output !== null && !declared.duplicated.has(tool.name))
      tools.push({ name: tool.name, mutates: tool.mutates, inputSchema: tool.inputSchema, validateInput: input, validateOutput: output });
  }
  if (declared.sound.length === 0) recorder.inconclusive('CAT-SCHEMAS-VALID', 'no soundly declared tool to compile schemas of (CAT-TOOL)');
  if (loader.fileRefs === 0) recorder.skip('CAT-REFS', 'no input or output schema uses a $ref to a file');
  const names = entries
    .filter(isJsonObject)
    .map((tool) => tool.name)
    .filter((name): name is string => typeof name === 'string');
  return { saved: catalog, toolNames: names, tools, unusable: null };
}

interface DeclaredTool {
  readonly name: string;
  readonly mutates: boolean;
  readonly inputSchema: unknown;
  readonly outputSchema: unknown;
}

/** CAT-TOOL: each tool fully declared, names unique. Returns the fully declared ones and the duplicated names. */
function declaredTools(entries: readonly unknown[], recorder: EvidenceRecorder, fail: Fail): { sound: { index: number; tool: DeclaredTool }[]; duplicated: ReadonlySet<string> } {
  const seen = new Map<string, number>();
  const sound: { index: number; tool: DeclaredTool }[] = [];
  const duplicated = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    recorder.count('CAT-TOOL');
    if (!manifestSchemas.tool(entry)) {
      for (const found of ajvViolations('CAT-TOOL', manifestSchemas.tool.errors, `/tools/${index}`)) fail(found);
      continue;
    }
    const tool = entry as unknown as DeclaredTool;
    const first = seen.get(tool.name);
    if (first !== undefined) {
      fail(violation('CAT-TOOL', `tool name ${JSON.stringify(tool.name)} is declared again (first at /tools/${first})`, { instancePath: `/tools/${index}/name` }));
      duplicated.add(tool.name);
    } else {
      seen.set(tool.name, index);
    }
    sound.push({ index, tool });
  }
  return { sound, duplicated };
}

/** Loads file `$ref`s into one Ajv instance (CAT-REFS) and compiles schemas there (CAT-SCHEMAS-VALID). */
class RefLoader {
  readonly #ajv = adapterSchemaAjv();
  readonly #loaded = new Map<string, boolean>();
  readonly #root: string;
  readonly #recorder: EvidenceRecorder;
  readonly #fail: Fail;
  #compiled = 0;
  /** File `$ref`s met so far. */
  fileRefs = 0;

  constructor(root: string, recorder: EvidenceRecorder, fail: Fail) {
    this.#root = root;
    this.#recorder = recorder;
    this.#fail = fail;
  }

  /** Resolves the schema's file refs, then compiles it; null when either fails. */
  async compile(schema: unknown, at: string, file: string): Promise<ValidateFunction | null> {
    if (!(await this.#resolveRefs(schema, at, dirname(file)))) return null;
    this.#recorder.count('CAT-SCHEMAS-VALID');
    try {
      // A fresh $id per schema: relative refs resolve against the referring file, and two tools never collide.
      const id = `${pathToFileURL(file).href}?schema=${++this.#compiled}`;
      return this.#ajv.compile(isJsonObject(schema) ? { ...schema, $id: id } : (schema as boolean));
    } catch (error) {
      this.#fail(violation('CAT-SCHEMAS-VALID', `${at} does not compile: ${describeError(error)}`, { instancePath: at }));
      return null;
    }
  }

  /** Whether every file `$ref` inside `schema` resolved inside the root to a JSON file (loaded recursively). */
  async #resolveRefs(schema: unknown, at: string, baseDir: string): Promise<boolean> {
    let sound = true;
    for (const { ref, pointer } of refsIn(schema, at)) {
      const [filePart = ''] = ref.split('#', 1);
      if (filePart === '') continue; // a local ref: ajv resolves it within the schema
      this.fileRefs += 1;
      this.#recorder.count('CAT-REFS');
      const problem = await this.#load(filePart, baseDir);
      if (problem !== null) {
        this.#fail(violation('CAT-REFS', `$ref ${JSON.stringify(ref)} at ${pointer}: ${problem}`, { instancePath: pointer }));
        sound = false;
      }
    }
    return sound;
  }

  async #load(filePart: string, baseDir: string): Promise<string | null> {
    if (URL_SCHEME.test(filePart)) return 'is not a path relative to the catalog';
    let reference: string;
    try {
      reference = decodeURIComponent(filePart);
    } catch {
      return 'is not a valid URI reference';
    }
    const rooted = await resolveInsideRoot(this.#root, reference, baseDir);
    if (rooted.kind === 'outside') return rooted.reason;
    const url = pathToFileURL(rooted.absolute).href;
    const known = this.#loaded.get(url);
    if (known !== undefined) return known ? null : 'does not resolve (see the first report of this file)';
    this.#loaded.set(url, false);
    const read = await readJsonFile(rooted.absolute);
    if (read.kind !== 'json') return `does not resolve to a JSON schema file: ${read.reason}`;
    if (!(await this.#resolveRefs(read.value, rooted.absolute, dirname(rooted.absolute)))) return 'refers on to a file that does not resolve';
    try {
      this.#ajv.addSchema(isJsonObject(read.value) ? { ...read.value, $id: url } : (read.value as object), url);
    } catch (error) {
      return `cannot be added as a schema: ${describeError(error)}`;
    }
    this.#loaded.set(url, true);
    return null;
  }
}

/** Every `$ref` string in a schema, with a JSON pointer to it (property names under `properties` are not keywords). */
function refsIn(schema: unknown, at: string): { ref: string; pointer: string }[] {
  const found: { ref: string; pointer: string }[] = [];
  const walk = (node: unknown, pointer: string, namesOnly: boolean): void => {
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${pointer}/${index}`, false));
    if (!isJsonObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      const child = pointer + jsonPointer(key);
      if (!namesOnly && key === '$ref' && typeof value === 'string') found.push({ ref: value, pointer: child });
      else walk(value, child, !namesOnly && (key === 'properties' || key === 'patternProperties' || key === 'definitions' || key === '$defs'));
    }
  };
  walk(schema, at, false);
  return found;
}
