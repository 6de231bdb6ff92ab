import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { AdapterManifestClauseId } from '../clauses.js';
import { packageRoot } from '../packageRoot.js';
import { callExcerpt } from '../suite/callExcerpt.js';
import type { EvidenceRecorder } from '../suite/EvidenceRecorder.js';
import type { TranscriptWriter } from '../transcript/TranscriptWriter.js';
import type { CallRecord } from '../transport/callRecord.js';
import { violation, type Violation } from '../violation.js';
import type { ReferencedFile } from './checkDeclarations.js';
import { runBoundedArgv } from './checkToolTransport.js';
import { isJsonObject } from '../protocol/jsonValues.js';

/** The HOOK clauses, in the order the hook check's name lists them. */
export const HOOK_CLAUSES = ['HOOK-IMPORT-PURE', 'HOOK-NAMES', 'HOOK-TOOLS-MATCH'] as const satisfies readonly AdapterManifestClauseId[];

/** The probe script: ours, shipped with the suite (not compiled, so found from the package root). */
export const HOOK_PROBE_SCRIPT = join(packageRoot, 'harness', 'manifest', 'hookProbe.py');

/** What {@link checkRuntimeHook} needs. */
export interface RuntimeHookCheck {
  readonly runtime: ReferencedFile;
  readonly root: string | null;
  readonly savedCatalog: unknown;
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
  readonly transcript: TranscriptWriter;
  readonly recorder: EvidenceRecorder;
  readonly seed: number;
}

/**
 * Imports the runtime module in a separate `python3 -I -B` process with a
 * PEP 578 audit hook installed first (`hookProbe.py`), through the bounded
 * transport, and records the HOOK evidence. No runtime module: every HOOK clause is SKIP.
 * @param check - the module, the root, the saved catalog and the bounds
 * @public
 */
export async function checkRuntimeHook(check: RuntimeHookCheck): Promise<void> {
  const { recorder, runtime } = check;
  if (runtime.kind === 'absent') {
    for (const id of HOOK_CLAUSES) recorder.skip(id, 'the manifest declares no runtime hook');
    return;
  }
  if (runtime.kind === 'unusable' || check.root === null) {
    for (const id of HOOK_CLAUSES) recorder.inconclusive(id, `the runtime module is unusable: ${runtime.kind === 'unusable' ? runtime.reason : 'no root'}`);
    return;
  }
  const marker = `ADAPTER-QUALIFY-HOOK-${randomBytes(8).toString('hex')} `;
  const record = await runBoundedArgv({
    argv: ['python3', '-I', '-B', HOOK_PROBE_SCRIPT, check.root, runtime.path, marker],
    cwd: check.root,
    env: {},
    timeoutMs: check.timeoutMs,
    maxOutputBytes: check.maxOutputBytes,
  });
  check.transcript.append(record, recorder.testName);
  const counterexample = { description: `python3 -I -B hookProbe.py imports ${runtime.path}`, calls: [callExcerpt(record)] };
  for (const finding of judgeHookProbe(record, marker, check.savedCatalog)) {
    if (finding.kind === 'held') recorder.count(finding.clauseId);
    else if (finding.kind === 'violated') {
      recorder.count(finding.clauseId);
      for (const found of finding.violations) recorder.fail(found, counterexample, { testName: recorder.testName, seed: check.seed });
    } else if (finding.kind === 'skipped') recorder.skip(finding.clauseId, finding.reason);
    else recorder.inconclusive(finding.clauseId, finding.reason);
  }
}

/** The hook names a runtime module may define: the host looks up only these, so any other public function is a typo or a stray. */
export const HOOK_NAMES = ['preflight', 'command', 'tools', 'app_path', 'native_tools', 'ffmpeg', 'child_env', 'doctor_checks', 'prepare', 'successful', 'evidence'] as const;

/** One of {@link HOOK_NAMES}. */
export type HookName = (typeof HOOK_NAMES)[number];

/** What `hookProbe.py` reports. */
export interface HookProbeResult {
  readonly imported: boolean;
  readonly importError: string | null;
  readonly importEvents: readonly string[];
  readonly functions: readonly string[];
  readonly hasTools: boolean;
  readonly tools: unknown;
  readonly toolsError: string | null;
}

/** One HOOK clause's evidence from one probe. */
export type HookFinding =
  | { readonly clauseId: AdapterManifestClauseId; readonly kind: 'held' }
  | { readonly clauseId: AdapterManifestClauseId; readonly kind: 'violated'; readonly violations: readonly Violation[] }
  | { readonly clauseId: AdapterManifestClauseId; readonly kind: 'inconclusive' | 'skipped'; readonly reason: string };

/**
 * Judges the runtime-hook probe (HOOK-IMPORT-PURE, HOOK-NAMES,
 * HOOK-TOOLS-MATCH). Pure. "Defines a hook name" means: a public function
 * defined in the module itself (imported helpers, classes and constants are not hooks).
 * `tools()` may return the whole catalog or its `tools` list.
 * @param record - the probe's call
 * @param marker - the line prefix the probe printed its result after
 * @param savedCatalog - the saved catalog as parsed, or null when it is unusable
 * @public
 */
export function judgeHookProbe(record: CallRecord, marker: string, savedCatalog: unknown): HookFinding[] {
  const probe = probeResult(record, marker);
  if (typeof probe === 'string') {
    return HOOK_CLAUSES.map((clauseId) => ({ clauseId, kind: 'inconclusive', reason: probe }));
  }
  const findings: HookFinding[] = [
    probe.importEvents.length === 0
      ? { clauseId: 'HOOK-IMPORT-PURE', kind: 'held' }
      : {
          clauseId: 'HOOK-IMPORT-PURE',
          kind: 'violated',
          violations: [
            violation('HOOK-IMPORT-PURE', `importing the module raised ${probe.importEvents.length} audit event(s) that spawn or write: ${probe.importEvents.slice(0, 3).join('; ')}`, {
              details: { events: probe.importEvents.slice(0, 10) },
            }),
          ],
        },
  ];
  if (!probe.imported) {
    const reason = `the module could not be imported: ${probe.importError ?? 'unknown error'}`;
    return [...findings, { clauseId: 'HOOK-NAMES', kind: 'inconclusive', reason }, { clauseId: 'HOOK-TOOLS-MATCH', kind: 'inconclusive', reason }];
  }
  const unknown = probe.functions.filter((name) => !(HOOK_NAMES as readonly string[]).includes(name));
  findings.push(
    unknown.length === 0
      ? { clauseId: 'HOOK-NAMES', kind: 'held' }
      : { clauseId: 'HOOK-NAMES', kind: 'violated', violations: [violation('HOOK-NAMES', `the module defines functions that are not hook names: ${unknown.join(', ')}`)] },
  );
  findings.push(toolsFinding(probe, savedCatalog));
  return findings;
}

function toolsFinding(probe: HookProbeResult, savedCatalog: unknown): HookFinding {
  const clauseId = 'HOOK-TOOLS-MATCH';
  if (!probe.hasTools) return { clauseId, kind: 'skipped', reason: 'the module defines no tools()' };
  if (probe.toolsError !== null) return { clauseId, kind: 'violated', violations: [violation(clauseId, `tools() raised ${probe.toolsError}`)] };
  if (!isJsonObject(savedCatalog)) return { clauseId, kind: 'inconclusive', reason: 'the saved catalog is unusable (CAT-SCHEMA)' };
  const expected = Array.isArray(probe.tools) ? savedCatalog.tools : savedCatalog;
  if (isDeepStrictEqual(probe.tools, expected)) return { clauseId, kind: 'held' };
  return {
    clauseId,
    kind: 'violated',
    violations: [violation(clauseId, `tools() returned a catalog that differs from the saved one${Array.isArray(probe.tools) ? ' (its tools list)' : ''}`)],
  };
}

/** The probe's JSON result, or why there is none. */
function probeResult(record: CallRecord, marker: string): HookProbeResult | string {
  const line = record.stdout
    .split('\n')
    .reverse()
    .find((candidate) => candidate.startsWith(marker));
  if (line === undefined) {
    const excerpt = callExcerpt(record);
    return `the hook probe gave no result (exit code ${String(excerpt.exitCode)}${record.uncertainty === null ? '' : `, ${record.uncertainty}`}): ${record.stderrTail.trim().split('\n').slice(-1)[0] ?? ''}`;
  }
  try {
    return JSON.parse(line.slice(marker.length)) as HookProbeResult;
  } catch {
    return 'the hook probe printed an unreadable result';
  }
}
