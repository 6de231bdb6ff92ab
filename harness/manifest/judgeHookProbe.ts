import { isDeepStrictEqual } from 'node:util';
import type { AdapterManifestClauseId } from '../clauses.js';
import { callExcerpt } from '../suite/callExcerpt.js';
import type { CallRecord } from '../transport/callRecord.js';
import { violation, type Violation } from '../violation.js';
import { isRecord } from './_internals/isRecord.js';

/** The hook names a runtime module may define (adapter-manifest-v1.md §4). */
export const HOOK_NAMES: readonly string[] = [
  'preflight', 'command', 'tools', 'app_path', 'native_tools', 'ffmpeg', 'child_env', 'doctor_checks', 'prepare', 'successful', 'evidence',
];

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
    return (['HOOK-IMPORT-PURE', 'HOOK-NAMES', 'HOOK-TOOLS-MATCH'] as const).map((clauseId) => ({ clauseId, kind: 'inconclusive', reason: probe }));
  }
  const findings: HookFinding[] = [
    probe.importEvents.length === 0
      ? { clauseId: 'HOOK-IMPORT-PURE', kind: 'held' }
      : {
          clauseId: 'HOOK-IMPORT-PURE',
          kind: 'violated',
          violations: [violation('HOOK-IMPORT-PURE', `importing the module raised ${probe.importEvents.length} audit event(s) that spawn or write: ${probe.importEvents.slice(0, 3).join('; ')}`, {
            details: { events: probe.importEvents.slice(0, 10) },
          })],
        },
  ];
  if (!probe.imported) {
    const reason = `the module could not be imported: ${probe.importError ?? 'unknown error'}`;
    return [...findings, { clauseId: 'HOOK-NAMES', kind: 'inconclusive', reason }, { clauseId: 'HOOK-TOOLS-MATCH', kind: 'inconclusive', reason }];
  }
  const unknown = probe.functions.filter((name) => !HOOK_NAMES.includes(name));
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
  if (!isRecord(savedCatalog)) return { clauseId, kind: 'inconclusive', reason: 'the saved catalog is unusable (CAT-SCHEMA)' };
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
  const line = record.stdout.split('\n').reverse().find((candidate) => candidate.startsWith(marker));
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
