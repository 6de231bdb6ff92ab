import type { ProfileId } from '../clauses.js';
import type { AcceptanceReport } from '../../reports/types.js';
import { referenceLabels } from './_internals/referenceLabels.js';
import type { ControlResult, RunEnd } from './types.js';

/**
 * Pure: whether a reference's complete run (the reference adapter, or the
 * manifest reference directory) is a valid control. It
 * is green only with a report, no MUST FAIL, no suite error, and a reason on
 * every clause left SKIP or INCONCLUSIVE. A FAILed SHOULD clause does not void
 * the result, but no mutant can be credited at that clause.
 *
 * @param end - how the control run ended
 * @param report - its `acceptance.json`, or null when none was read
 * @param reportDir - the control's report directory, relative to the self-check directory
 * @param profile - the profile it controls @defaultValue 'coding-operation.v1'
 */
export function judgeControl(end: RunEnd, report: AcceptanceReport | null, reportDir: string, profile: ProfileId = 'coding-operation.v1'): ControlResult {
  const base = { profile, reportDir, durationMs: end.durationMs };
  if (end.kind !== 'report' || report === null) {
    const problem = end.kind === 'timed-out' ? `the control run timed out: ${end.detail}` : `the control run wrote no report: ${end.kind === 'error' ? end.detail : 'acceptance.json missing'}`;
    return { ...base, green: false, problems: [problem], failedClauses: [], verdict: null };
  }
  const failed = report.clauses.filter((entry) => entry.verdict === 'FAIL');
  const problems = [
    ...failed.filter((entry) => entry.level === 'MUST').map((entry) => `${entry.id} FAILed on the ${referenceLabels[profile]}: ${entry.reason ?? 'no reason given'}`),
    ...report.suiteErrors.map((error) => `suite error: ${error.split('\n', 1)[0] ?? ''}`),
    ...report.clauses
      .filter((entry) => (entry.verdict === 'SKIP' || entry.verdict === 'INCONCLUSIVE') && (entry.reason ?? '').trim() === '')
      .map((entry) => `${entry.id} is ${entry.verdict} without a reason`),
  ];
  if (report.profile !== profile) problems.unshift(`the control report is of profile ${report.profile}, not ${profile}`);
  return {
    ...base,
    green: problems.length === 0,
    problems,
    failedClauses: failed.map((entry) => ({ clauseId: entry.id, level: entry.level })),
    verdict: report.verdict,
  };
}
