import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
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
  readonly junit: string;
}

/**
 * Validates the report against its schema, then writes `acceptance.json`,
 * `acceptance.md` and `junit.xml` into `outDir` (created if missing), each atomically.
 * Nothing is written when the report is invalid.
 *
 * @param report - a built report
 * @param outDir - the output directory
 * @throws {@link ReportSchemaError} when the report breaks the schema (a suite bug)
 * @throws {@link ReportWriteError} when a file cannot be written
 */
export async function writeReportFiles(report: AcceptanceReport, outDir: string): Promise<WrittenReportFiles> {
  validateReport(report);
  const files: WrittenReportFiles = {
    json: join(outDir, 'acceptance.json'),
    markdown: join(outDir, 'acceptance.md'),
    junit: join(outDir, 'junit.xml'),
  };
  // Render everything first: a renderer bug must not leave a half-updated directory.
  const contents: ReadonlyArray<readonly [string, string]> = [
    [files.json, `${JSON.stringify(report, null, 2)}\n`],
    [files.markdown, renderMarkdown(report)],
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
