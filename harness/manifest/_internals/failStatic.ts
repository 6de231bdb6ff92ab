import type { EvidenceRecorder } from '../../suite/EvidenceRecorder.js';
import type { Violation } from '../../violation.js';

/**
 * Records a violation found by reading a file (no process ran): the
 * counterexample names the document and the place, and the replay handle re-runs
 * the check with the run's seed.
 * @internal
 */
export function failStatic(recorder: EvidenceRecorder, found: Violation, document: string, seed: number): void {
  const where = found.instancePath === undefined || found.instancePath === '' ? '' : ` at ${found.instancePath}`;
  recorder.fail(found, { description: `${document}${where}: ${found.message}`, calls: [] }, { testName: recorder.testName, seed });
}
