import { appendStepSummary } from '../../reports/appendStepSummary.js';
import type { AcceptanceReport } from '../../reports/types.js';
import { SecretMask } from '../evidence/SecretMask.js';
import type { CliIo } from './runCommand.js';

/**
 * Appends the report's summary to the GitHub Actions step summary file when
 * one is set (`run` and `merge` both do). The report files are already
 * written, so a failure here only warns on stderr.
 * @param report - the report just written
 * @param io - where the warning goes
 * @param file - the step summary file; undefined or empty: nothing to do
 * @param mask - hides secret environment values
 * @public
 */
export async function appendStepSummaryIfSet(report: AcceptanceReport, io: CliIo, file: string | undefined, mask: SecretMask = SecretMask.fromProcess()): Promise<void> {
  if (file === undefined || file === '') return;
  await appendStepSummary(report, file, mask).catch((error: unknown) => {
    io.stderr.write(`adapter-qualify: warning: ${error instanceof Error ? error.message : String(error)}\n`);
  });
}
