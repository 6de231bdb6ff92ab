import type { AdapterManifestClauseId } from '../clauses.js';
import type { EvidenceRecorder } from '../suite/EvidenceRecorder.js';
import { violation, type Violation } from '../violation.js';
import type { JsonFileRead } from './adapterFiles.js';
import { failStatic } from './checkDeclarations.js';
import { ajvViolations, manifestSchemas } from './manifestSchemas.js';
import { isJsonObject } from '../protocol/jsonValues.js';

/** The ACC clauses, in the order the coverage check's name lists them. */
export const ACC_CLAUSES = ['ACC-COVERAGE', 'ACC-HONEST'] as const satisfies readonly AdapterManifestClauseId[];

/** What {@link checkCoverage} judges. */
export interface CoverageCheck {
  /** The coverage file as read, or why it is unusable (MAN-PATHS/MAN-FILES). */
  readonly read: JsonFileRead | { readonly kind: 'unusable-path'; readonly reason: string };
  /** Where it is, for counterexamples. */
  readonly document: string;
  readonly manifestId: string | null;
  readonly testedBuilds: readonly string[] | null;
  /** The catalog's tool names, or null when the catalog is unusable. */
  readonly toolNames: readonly string[] | null;
  readonly recorder: EvidenceRecorder;
  readonly seed: number;
}

/**
 * Checks the coverage file against the catalog and the manifest (ACC-COVERAGE,
 * ACC-HONEST). Pure apart from the recorder.
 * @param check - the file, the manifest facts and the catalog's names
 * @public
 */
export function checkCoverage(check: CoverageCheck): void {
  const { recorder, read } = check;
  const fail = (found: Violation): void => failStatic(recorder, found, check.document, check.seed);
  if (read.kind === 'unusable-path') {
    for (const id of ACC_CLAUSES) recorder.inconclusive(id, `the coverage file is unusable: ${read.reason}`);
    return;
  }
  recorder.count('ACC-COVERAGE');
  if (read.kind !== 'json' || !isJsonObject(read.value)) {
    fail(violation('ACC-COVERAGE', read.kind === 'json' ? 'the coverage file is not a JSON object' : `the coverage file cannot be used: ${read.reason}`));
    recorder.inconclusive('ACC-HONEST', 'the coverage file is not a JSON object (ACC-COVERAGE)');
    return;
  }
  const coverage = read.value;
  if (!manifestSchemas.coverage(coverage)) for (const found of ajvViolations('ACC-COVERAGE', manifestSchemas.coverage.errors)) fail(found);
  if (check.manifestId !== null && coverage.adapter !== check.manifestId) {
    fail(violation('ACC-COVERAGE', `adapter ${JSON.stringify(coverage.adapter)} differs from the manifest id ${JSON.stringify(check.manifestId)}`, { instancePath: '/adapter' }));
  }
  const entries = Array.isArray(coverage.tools) ? coverage.tools.filter(isJsonObject) : [];
  checkOnePerTool(entries, check.toolNames, fail);
  checkHonest(entries, coverage.nativeImplemented, check.testedBuilds, recorder, fail);
}

function checkOnePerTool(entries: readonly Readonly<Record<string, unknown>>[], toolNames: readonly string[] | null, fail: (found: Violation) => void): void {
  if (toolNames === null) return;
  const counts = new Map<string, number>();
  for (const entry of entries) if (typeof entry.name === 'string') counts.set(entry.name, (counts.get(entry.name) ?? 0) + 1);
  for (const name of new Set(toolNames)) {
    const count = counts.get(name) ?? 0;
    if (count !== 1) fail(violation('ACC-COVERAGE', `catalog tool ${JSON.stringify(name)} has ${count} coverage entries (exactly one required)`, { instancePath: '/tools' }));
  }
  for (const name of counts.keys()) {
    if (!toolNames.includes(name)) fail(violation('ACC-COVERAGE', `coverage entry ${JSON.stringify(name)} names no catalog tool`, { instancePath: '/tools' }));
  }
}

function checkHonest(
  entries: readonly Readonly<Record<string, unknown>>[],
  nativeImplemented: unknown,
  testedBuilds: readonly string[] | null,
  recorder: EvidenceRecorder,
  fail: (found: Violation) => void,
): void {
  const claims = entries.map((entry, index) => ({ entry, index })).filter(({ entry }) => entry.coverage === 'passed' || entry.coverage === 'failed');
  if (claims.length === 0) {
    recorder.skip('ACC-HONEST', 'no tool claims passed or failed coverage');
    return;
  }
  if (testedBuilds === null) {
    recorder.inconclusive('ACC-HONEST', 'the manifest testedBuilds is not a list of strings (MAN-SCHEMA)');
    return;
  }
  for (const { entry, index } of claims) {
    recorder.count('ACC-HONEST');
    const name = JSON.stringify(entry.name);
    const instancePath = `/tools/${index}`;
    if (typeof entry.testedBuild !== 'string') {
      fail(violation('ACC-HONEST', `tool ${name} claims ${String(entry.coverage)} coverage without a testedBuild`, { instancePath }));
    } else if (!testedBuilds.includes(entry.testedBuild)) {
      fail(
        violation(
          'ACC-HONEST',
          `tool ${name} claims ${String(entry.coverage)} on build ${JSON.stringify(entry.testedBuild)}, which the manifest's testedBuilds ${JSON.stringify(testedBuilds)} does not list`,
          { instancePath: `${instancePath}/testedBuild` },
        ),
      );
    }
    if (entry.coverage === 'passed' && nativeImplemented === false) {
      fail(violation('ACC-HONEST', `tool ${name} claims passed coverage while nativeImplemented is false`, { instancePath: `${instancePath}/coverage` }));
    }
  }
}
