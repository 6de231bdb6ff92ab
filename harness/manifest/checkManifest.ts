import { stat } from 'node:fs/promises';
import { dirname, isAbsolute, resolve, win32 } from 'node:path';
import type { EvidenceRecorder } from '../suite/EvidenceRecorder.js';
import { violation } from '../violation.js';
import { ajvViolations } from './_internals/ajvViolations.js';
import { failStatic } from './_internals/failStatic.js';
import { isRecord } from './_internals/isRecord.js';
import { isWindowsReservedName } from './isWindowsReservedName.js';
import { manifestSchemas } from './manifestSchemas.js';
import type { JsonFileRead } from './readJsonFile.js';
import { resolveInsideRoot } from './resolveInsideRoot.js';

/** The manifest fields that name a file inside the root. */
export const MANIFEST_FILE_FIELDS = ['entrypoint', 'toolSchema', 'skill', 'acceptance', 'runtime'] as const;

/** One of {@link MANIFEST_FILE_FIELDS}. */
export type ManifestFileField = (typeof MANIFEST_FILE_FIELDS)[number];

/** A referenced file as later checks may use it. */
export type ReferencedFile =
  | { readonly kind: 'usable'; readonly path: string }
  | { readonly kind: 'absent' }
  | { readonly kind: 'unusable'; readonly reason: string };

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
  const fail = (found: Parameters<typeof failStatic>[1]): void => failStatic(recorder, found, document, seed);
  const unusable = (reason: string): ReferencedFile => ({ kind: 'unusable', reason });
  const noFiles = Object.fromEntries(MANIFEST_FILE_FIELDS.map((field) => [field, unusable('the manifest is unusable')])) as Record<ManifestFileField, ReferencedFile>;

  if (read.kind !== 'json' || !isRecord(read.value)) {
    fail(violation('MAN-SCHEMA', read.kind === 'json' ? 'the manifest is not a JSON object' : `the manifest cannot be used: ${read.reason}`));
    for (const id of ['MAN-ID', 'MAN-PATHS', 'MAN-FILES', 'MAN-REGRESSION'] as const) recorder.inconclusive(id, 'the manifest is not a JSON object (MAN-SCHEMA)');
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

type Fail = (found: Parameters<typeof failStatic>[1]) => void;

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
  if (!(await stat(root).then((stats) => stats.isDirectory(), () => false))) {
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
  return stat(path).then((stats) => stats.isFile(), () => false);
}
