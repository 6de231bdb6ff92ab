import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../reports/writeFileAtomic.js';
import { renderSelfCheckBadge } from './renderSelfCheckBadge.js';
import { renderSelfCheckHtml } from './renderSelfCheckHtml.js';
import { renderSelfCheckMarkdown } from './renderSelfCheckMarkdown.js';
import type { SelfCheckReport } from './types.js';
import { validateSelfCheckReport } from './validateSelfCheckReport.js';

/**
 * Validates the report against `reports/self-check.schema.json`, then writes
 * `self-check.json`, `self-check.md`, `self-check.html` and `badge.json` (a shields.io endpoint
 * badge of the score) into `outDir`, each atomically.
 * Nothing is written when the report is invalid.
 *
 * @param report - a built self-check report
 * @param outDir - the self-check directory (created if missing)
 * @returns the paths written
 * @throws {@link SelfCheckSchemaError} when the report breaks its schema
 */
export async function writeSelfCheckFiles(report: SelfCheckReport, outDir: string): Promise<{ readonly json: string; readonly markdown: string; readonly html: string; readonly badge: string }> {
  validateSelfCheckReport(report);
  const markdown = renderSelfCheckMarkdown(report);
  const html = renderSelfCheckHtml(report);
  await mkdir(outDir, { recursive: true });
  const files = { json: join(outDir, 'self-check.json'), markdown: join(outDir, 'self-check.md'), html: join(outDir, 'self-check.html'), badge: join(outDir, 'badge.json') };
  await writeFileAtomic(files.json, `${JSON.stringify(report, null, 2)}\n`);
  await writeFileAtomic(files.markdown, markdown);
  await writeFileAtomic(files.html, html);
  await writeFileAtomic(files.badge, `${JSON.stringify(renderSelfCheckBadge(report))}\n`);
  return files;
}
