import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { parse } from 'yaml';
import type { ClauseId } from '../clauses.js';
import { describeError, describeReceived, UsageError } from '../UsageError.js';

/**
 * A loaded `--expected-failures` file: the clauses known to fail for this
 * adapter, bound to the file's exact text so the report says which baseline gated the run.
 * @public
 */
export interface ExpectedFailures {
  /** The file as given on the command line, resolved to an absolute path. */
  readonly file: string;
  /** Lowercase hex sha256 of the file's text (its bytes, for a UTF-8 file). */
  readonly sha256: string;
  /** The listed clause IDs, in file order, each once. */
  readonly entries: readonly ClauseId[];
}

/** Every status a listed clause can have against a run (see {@link BaselineStatus}). */
export const BASELINE_STATUSES = ['expected-failure', 'stale-baseline', 'unconfirmed'] as const;

/**
 * How a listed clause stands against the run:
 * - `expected-failure`: it FAILed, as listed; it does not fail the run.
 * - `stale-baseline`: it PASSed, so the entry is out of date; it fails the run.
 * - `unconfirmed`: no verdict either way (SKIP or INCONCLUSIVE; or any non-FAIL
 *   verdict in a shard, where only the merge can tell); reported, never failing.
 * @public
 */
export type BaselineStatus = (typeof BASELINE_STATUSES)[number];

const OPTION = '--expected-failures';

// yaml (a CommonJS package on Node either way) is required only when a baseline file is read: most runs
// have none, and `run` starts its first adapter process sooner when it does not load the parser first.
function parseYaml(text: string): unknown {
  const yaml = createRequire(import.meta.url)('yaml') as { parse: typeof parse };
  return yaml.parse(text);
}

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
    refuse(`not valid YAML or JSON (${firstLine(describeError(cause))})`, cause);
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
  const option = OPTION;
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
