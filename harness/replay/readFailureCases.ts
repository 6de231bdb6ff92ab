import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isClauseId } from '../clauses.js';
import { UsageError } from '../UsageError.js';
import { FAILURES_DIR } from './failureCaseFile.js';
import { FAILURE_CASE_VERSION, type StoredFailureCase } from './types.js';

/**
 * Reads the stored cases of a report directory (`failures/*.json`), in clause-ID order.
 * A report without FAILs has no such folder: the list is empty.
 * @param reportDir - the report directory
 * @throws UsageError when the directory is not a report directory, or a case file is unreadable
 * @public
 */
export async function readFailureCases(reportDir: string): Promise<StoredFailureCase[]> {
  const hasReport = await readFile(join(reportDir, 'acceptance.json'), 'utf8').then(() => true, () => false);
  if (!hasReport) throw new UsageError(`replay: ${reportDir} is not a report directory (no acceptance.json)`);
  const dir = join(reportDir, FAILURES_DIR);
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort();
  const cases: StoredFailureCase[] = [];
  for (const name of names) {
    const file = join(dir, name);
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'));
    } catch (cause) {
      throw new UsageError(`replay: cannot read the stored case ${file}: ${(cause as Error).message}`, { cause });
    }
    if (!isStoredFailureCase(parsed)) throw new UsageError(`replay: ${file} is not a stored case of version ${FAILURE_CASE_VERSION}`);
    cases.push(parsed);
  }
  return cases;
}

/** The fields replay relies on (the rest is for readers). */
function isStoredFailureCase(value: unknown): value is StoredFailureCase {
  if (typeof value !== 'object' || value === null) return false;
  const stored = value as Record<string, unknown>;
  const strings = (list: unknown): boolean => Array.isArray(list) && list.every((item) => typeof item === 'string');
  return (
    stored.version === FAILURE_CASE_VERSION &&
    typeof stored.clauseId === 'string' &&
    isClauseId(stored.clauseId) &&
    typeof stored.testName === 'string' &&
    strings(stored.subjectArgs) &&
    strings(stored.runArgs)
  );
}
