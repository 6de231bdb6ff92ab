import { parse as parseYaml } from 'yaml';
import type { ClauseId } from '../clauses.js';
import { describeReceived } from '../config/_internals/describeReceived.js';
import { UsageError } from '../UsageError.js';

const OPTION = '--expected-failures';

/**
 * Parses the text of an expected-failures file into its clause IDs. The file is
 * YAML or JSON (JSON is YAML): either a plain list of clause IDs
 * (`- OUT-CLOSED`, `["OUT-CLOSED"]`) or an object with one key
 * `expectedFailures` holding that list. Pure.
 * @param text - the file's text.
 * @param source - the file name, as messages should quote it.
 * @param profileClauseIds - the clause IDs of the profile being run; any other entry is refused.
 * @returns the entries in file order.
 * @throws UsageError naming the file and the offending entry (unknown, duplicate, not a string).
 * @public
 */
export function parseExpectedFailures(text: string, source: string, profileClauseIds: readonly ClauseId[]): ClauseId[] {
  const refuse = (reason: string, cause?: unknown): never => {
    throw new UsageError(`${OPTION} ${source}: ${reason}`, cause === undefined ? { option: OPTION } : { option: OPTION, cause });
  };
  let document: unknown;
  try {
    document = parseYaml(text);
  } catch (cause) {
    refuse(`not valid YAML or JSON (${firstLine((cause as Error).message)})`, cause);
  }
  const list = listOf(document) ?? refuse(`must be a list of clause IDs or {"expectedFailures": [...]} (got ${describeReceived(document)})`);
  const known = new Set<string>(profileClauseIds);
  const seen = new Set<string>();
  return list.map((entry, index) => {
    const where = `entry ${index + 1}`;
    if (typeof entry !== 'string') return refuse(`${where} must be a clause ID string (got ${describeReceived(entry)})`);
    if (!known.has(entry)) return refuse(`${where} ${JSON.stringify(entry)} is not a clause ID of this profile`);
    if (seen.has(entry)) return refuse(`${where} ${JSON.stringify(entry)} is listed twice`);
    seen.add(entry);
    return entry as ClauseId;
  });
}

function listOf(document: unknown): readonly unknown[] | undefined {
  if (Array.isArray(document)) return document;
  if (document === null || typeof document !== 'object') return undefined;
  const keys = Object.keys(document);
  const list = (document as Record<string, unknown>)['expectedFailures'];
  return keys.length === 1 && Array.isArray(list) ? list : undefined;
}

function firstLine(message: string): string {
  return message.split('\n', 1)[0] ?? message;
}
