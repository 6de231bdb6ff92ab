import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ClauseId } from '../clauses.js';
import { describeReceived } from '../config/_internals/describeReceived.js';
import { UsageError } from '../UsageError.js';
import { parseExpectedFailures } from './parseExpectedFailures.js';
import type { ExpectedFailures } from './types.js';

/**
 * Validates `--expected-failures FILE`: reads the file, parses it and binds it
 * to its sha256. The thin I/O shell around {@link parseExpectedFailures}.
 * @param value - the option as received, or undefined when absent.
 * @param io - resolves and reads the file (the run's environment).
 * @param profileClauseIds - the clause IDs of the profile being run.
 * @returns the loaded baseline, or null when the option is absent.
 * @throws UsageError naming the option and the file or entry at fault.
 * @public
 */
export function loadExpectedFailures(
  value: unknown,
  io: { readonly cwd: string; readonly readTextFile: (file: string) => string },
  profileClauseIds: readonly ClauseId[],
): ExpectedFailures | null {
  const option = '--expected-failures';
  if (value === undefined) return null;
  if (typeof value !== 'string' || value === '') {
    throw new UsageError(`${option} must be a file path (got ${describeReceived(value)})`, { option });
  }
  const file = path.resolve(io.cwd, value);
  let text: string;
  try {
    text = io.readTextFile(file);
  } catch (cause) {
    throw new UsageError(`${option}: ${value} cannot be read (${(cause as NodeJS.ErrnoException).code ?? String(cause)})`, { option, cause });
  }
  return {
    file,
    sha256: createHash('sha256').update(text, 'utf8').digest('hex'),
    entries: parseExpectedFailures(text, value, profileClauseIds),
  };
}
