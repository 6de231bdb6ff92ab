import { readFileSync } from 'node:fs';
import { LedgerError } from '../LedgerError.js';

/**
 * Reads a JSON record, or `undefined` when there is none. A record that exists
 * but cannot be read, parsed or recognised is a `LedgerError`: the adapter
 * must not act as if it were absent (that would re-admit).
 *
 * @param path - the record file
 * @param recognise - returns the typed record, or undefined when the shape is wrong
 */
export function readRecord<T>(path: string, recognise: (value: unknown) => T | undefined): T | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new LedgerError('cannot read ledger record', path, { cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new LedgerError('ledger record is not JSON', path, { cause: error });
  }
  const record = recognise(value);
  if (record === undefined) throw new LedgerError('ledger record has an unexpected shape', path);
  return record;
}
