import type { QualifyTestMeta } from '../evidence/types.js';
import type { NormalizedRunOptions } from '../runOptions.js';
import type { AcceptanceReport } from '../../reports/types.js';
import { replayRunArgs } from './replayRunArgs.js';
import { FAILURE_CASE_VERSION, type StoredFailureCase } from './types.js';

/**
 * The replayable case of every FAIL of a report, as `writeFailureCases` stores
 * it (pure). The test is the one whose violation the report shows (the first
 * test, in the order tests finished, that recorded a violation of the clause:
 * `buildReport`'s choice). Request texts are filled in from the transcript later;
 * here each call carries only the report's excerpt, as `requestText` when it was not cut.
 *
 * @param report - the report of the run
 * @param metas - every test's evidence, in the order the report builder saw them
 * @param options - the options of the run
 * @returns one case per FAIL whose test left a replay handle
 * @public
 */
export function buildFailureCases(report: AcceptanceReport, metas: readonly QualifyTestMeta[], options: NormalizedRunOptions): StoredFailureCase[] {
  const { subject } = options;
  const subjectArgs = subject.kind === 'command' ? [subject.configPath] : ['--sdk', subject.modulePath, '--authority', subject.authorityId];
  const cases: StoredFailureCase[] = [];
  for (const entry of report.clauses) {
    if (entry.verdict !== 'FAIL') continue;
    const evidence = metas.flatMap((meta) => meta.evidence).find((found) => found.clauseId === entry.id && found.violations.length > 0);
    const handle = evidence?.replay;
    if (handle === undefined) continue;
    cases.push({
      version: FAILURE_CASE_VERSION,
      clauseId: entry.id,
      level: entry.level,
      reason: entry.reason ?? '',
      testName: handle.testName,
      seed: handle.seed,
      path: handle.path === undefined || handle.path === '' ? null : handle.path,
      subjectArgs,
      runArgs: replayRunArgs(handle, options),
      replayCommand: entry.replay ?? '',
      description: entry.counterexample?.description ?? null,
      calls: (entry.counterexample?.calls ?? []).map((call) => ({
        action: call.action,
        requestText: call.request,
        requestComplete: call.requestBytes === Buffer.byteLength(call.request),
        requestBytes: call.requestBytes,
        transcriptLine: null,
        exitCode: call.exitCode,
        stdout: call.stdout,
      })),
    });
  }
  return cases;
}
