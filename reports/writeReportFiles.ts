import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { SecretMask } from '../harness/evidence/SecretMask.js';
import { renderHtml } from './renderHtml.js';
import { renderJunit } from './renderJunit.js';
import { renderMarkdown } from './renderMarkdown.js';
import { ReportWriteError } from './ReportWriteError.js';
import type { AcceptanceReport } from './types.js';
import { validateReport } from './validateReport.js';
import { writeFileAtomic } from './writeFileAtomic.js';

/** Where {@link writeReportFiles} put each file. */
export interface WrittenReportFiles {
  readonly json: string;
  readonly markdown: string;
  readonly html: string;
  readonly junit: string;
}

/**
 * Masks secrets in the report, validates it against its schema, then writes
 * `acceptance.json`, `acceptance.md`, `acceptance.html` and `junit.xml` into
 * `outDir` (created if missing), each atomically. Nothing is written when the
 * report is invalid.
 *
 * @param unmasked - a built report, as the suite saw it
 * @param outDir - the output directory
 * @param mask - hides secret environment values the adapter may have echoed. @defaultValue a mask over this process's environment
 * @throws {@link ReportSchemaError} when the report breaks the schema (a suite bug)
 * @throws {@link ReportWriteError} when a file cannot be written
 */
export async function writeReportFiles(
  unmasked: AcceptanceReport,
  outDir: string,
  mask: SecretMask = SecretMask.fromProcess(),
): Promise<WrittenReportFiles> {
  // The report files leave the process: adapter output in them (counterexamples, reasons) is masked here, once.
  const report = mask.maskDeep(unmasked);
  validateReport(report);
  const files: WrittenReportFiles = {
    json: join(outDir, 'acceptance.json'),
    markdown: join(outDir, 'acceptance.md'),
    html: join(outDir, 'acceptance.html'),
    junit: join(outDir, 'junit.xml'),
  };
  // Render everything first: a renderer bug must not leave a half-updated directory.
  const contents: ReadonlyArray<readonly [string, string]> = [
    [files.json, `${JSON.stringify(report, null, 2)}\n`],
    [files.markdown, renderMarkdown(report)],
    [files.html, renderHtml(report)],
    [files.junit, renderJunit(report)],
  ];
  try {
    await mkdir(outDir, { recursive: true });
  } catch (error) {
    throw new ReportWriteError(outDir, error);
  }
  for (const [path, content] of contents) {
    try {
      await writeFileAtomic(path, content);
    } catch (error) {
      throw new ReportWriteError(path, error);
    }
  }
  return files;
}
