import { appendFile, stat } from 'node:fs/promises';
import { SecretMask } from '../harness/evidence/SecretMask.js';
import { renderStepSummary } from './renderStepSummary.js';
import { ReportWriteError } from './ReportWriteError.js';
import type { AcceptanceReport } from './types.js';

/** GitHub Actions shows at most 1 MiB of one step's summary. */
export const STEP_SUMMARY_MAX_BYTES = 1_048_576;

/**
 * Appends the report's Markdown summary to a GitHub Actions step summary file
 * (`$GITHUB_STEP_SUMMARY`), within what is left of the step's 1 MiB, masked
 * for secrets (the summary leaves the process like the report files do).
 *
 * @param report - the run's report
 * @param file - the step summary file (created if missing)
 * @param mask - hides secret environment values. @defaultValue a mask over this process's environment
 * @returns the bytes appended (0 when the step's summary is already full)
 * @throws {@link ReportWriteError} when the file cannot be read or appended to
 */
export async function appendStepSummary(report: AcceptanceReport, file: string, mask: SecretMask = SecretMask.fromProcess()): Promise<number> {
  try {
    const used = await stat(file).then(
      (stats) => stats.size,
      (error: unknown) => {
        if ((error as { code?: unknown }).code === 'ENOENT') return 0;
        throw error;
      },
    );
    const text = renderStepSummary(mask.maskDeep(report), STEP_SUMMARY_MAX_BYTES - used);
    if (text !== '') await appendFile(file, text);
    return Buffer.byteLength(text);
  } catch (error) {
    throw new ReportWriteError(file, error);
  }
}
