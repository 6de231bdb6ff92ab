import { readdirSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fsyncDirectory } from './fsyncDirectory.js';
import { readRecord } from './readRecord.js';

/** What a ledger check found and did. */
export interface FsckReport {
  /** Operation directories examined. */
  readonly operations: number;
  /** Records read and recognised as JSON objects. */
  readonly records: number;
  /** Temp files of killed writers that were removed. */
  readonly droppedTemps: number;
  /** Records that cannot be read or parsed: the ledger is damaged (never repaired by guessing). */
  readonly problems: readonly string[];
}

const TEMP = /^\..+\.tmp$/;
const RECORDS = new Set(['admission.json', 'terminal.json']);

/**
 * Checks the ledger after a restart, as a storage engine's recovery would:
 * every published record must read back as a JSON object, and the temp files
 * that killed writers left behind (`publishRecord` writes a temp, then links
 * it) are removed. A temp file younger than `staleAfterMs` may belong to a
 * live writer and is kept. Nothing else is changed: a damaged record is
 * reported, never rewritten.
 *
 * @param root - the ledger root (a missing root is an empty ledger)
 * @param options - the current time and how old a temp file must be to be dropped
 */
export function fsckLedger(root: string, options: { readonly now: number; readonly staleAfterMs: number }): FsckReport {
  const operationsDir = join(root, 'operations');
  let operations: string[];
  try {
    operations = readdirSync(operationsDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { operations: 0, records: 0, droppedTemps: 0, problems: [] };
    throw error;
  }
  let records = 0;
  let droppedTemps = 0;
  const problems: string[] = [];
  for (const operation of operations) {
    const dir = join(operationsDir, operation);
    let dropped = 0;
    for (const name of readdirSync(dir)) {
      const file = join(dir, name);
      if (TEMP.test(name)) {
        if (options.now - statSync(file).mtimeMs >= options.staleAfterMs) {
          unlinkSync(file);
          dropped += 1;
        }
      } else if (RECORDS.has(name)) {
        try {
          readRecord(file, (value) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined));
          records += 1;
        } catch (error) {
          problems.push(`${file}: ${(error as Error).message}`);
        }
      }
    }
    if (dropped > 0) fsyncDirectory(dir);
    droppedTemps += dropped;
  }
  return { operations: operations.length, records, droppedTemps, problems };
}
