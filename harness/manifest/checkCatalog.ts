import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import type { EvidenceRecorder } from '../suite/EvidenceRecorder.js';
import { violation, type Violation } from '../violation.js';
import { ajvViolations } from './_internals/ajvViolations.js';
import { failStatic } from './_internals/failStatic.js';
import { isRecord } from './_internals/isRecord.js';
import type { ReferencedFile } from './checkManifest.js';
import { manifestSchemas } from './manifestSchemas.js';
import { readJsonFile } from './readJsonFile.js';
import { resolveInsideRoot } from './resolveInsideRoot.js';

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
export async function checkCatalog(
  file: ReferencedFile,
  root: string | null,
  manifestId: string | null,
  recorder: EvidenceRecorder,
  seed: number,
): Promise<CheckedCatalog> {
  const none = (reason: string): CheckedCatalog => {
    for (const id of ['CAT-SCHEMA', 'CAT-TOOL', 'CAT-SCHEMAS-VALID', 'CAT-REFS'] as const) recorder.inconclusive(id, reason);
    return { saved: null, toolNames: null, tools: [], unusable: reason };
  };
  if (file.kind !== 'usable' || root === null) return none(`the catalog file is unusable: ${file.kind === 'unusable' ? file.reason : 'not declared'}`);
  const fail = (found: Violation): void => failStatic(recorder, found, file.path, seed);
  const read = await readJsonFile(file.path);
  recorder.count('CAT-SCHEMA');
  if (read.kind !== 'json' || !isRecord(read.value)) {
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
    if (input !== null && output !== null && !declared.duplicated.has(tool.name)) tools.push({ name: tool.name, mutates: tool.mutates, inputSchema: tool.inputSchema, validateInput: input, validateOutput: output });
  }
  if (declared.sound.length === 0) recorder.inconclusive('CAT-SCHEMAS-VALID', 'no soundly declared tool to compile schemas of (CAT-TOOL)');
  if (loader.fileRefs === 0) recorder.skip('CAT-REFS', 'no input or output schema uses a $ref to a file');
  const names = entries.filter(isRecord).map((tool) => tool.name).filter((name): name is string => typeof name === 'string');
  return { saved: catalog, toolNames: names, tools, unusable: null };
}

interface DeclaredTool {
  readonly name: string;
  readonly mutates: boolean;
  readonly inputSchema: unknown;
  readonly outputSchema: unknown;
}

/** CAT-TOOL: each tool fully declared, names unique. Returns the fully declared ones and the duplicated names. */
function declaredTools(
  entries: readonly unknown[],
  recorder: EvidenceRecorder,
  fail: (found: Violation) => void,
): { sound: { index: number; tool: DeclaredTool }[]; duplicated: ReadonlySet<string> } {
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
  readonly #ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  readonly #loaded = new Map<string, boolean>();
  readonly #root: string;
  readonly #recorder: EvidenceRecorder;
  readonly #fail: (found: Violation) => void;
  #compiled = 0;
  /** File `$ref`s met so far. */
  fileRefs = 0;

  constructor(root: string, recorder: EvidenceRecorder, fail: (found: Violation) => void) {
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
      return this.#ajv.compile(isRecord(schema) ? { ...schema, $id: id } : (schema as boolean));
    } catch (error) {
      this.#fail(violation('CAT-SCHEMAS-VALID', `${at} does not compile: ${(error as Error).message}`, { instancePath: at }));
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
      this.#ajv.addSchema(isRecord(read.value) ? { ...read.value, $id: url } : (read.value as object), url);
    } catch (error) {
      return `cannot be added as a schema: ${(error as Error).message}`;
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
    if (!isRecord(node)) return;
    for (const [key, value] of Object.entries(node)) {
      const child = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (!namesOnly && key === '$ref' && typeof value === 'string') found.push({ ref: value, pointer: child });
      else walk(value, child, !namesOnly && (key === 'properties' || key === 'patternProperties' || key === 'definitions' || key === '$defs'));
    }
  };
  walk(schema, at, false);
  return found;
}
