import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuildReportInput, FailedTest } from '../../reports/buildReport.js';
import { isQualifyTestMeta } from '../../reports/QualifyReporter.js';
import { writeFileAtomic } from '../writeFileAtomic.js';
import { profileClauses, type ClauseId, type ProfileId } from '../clauses.js';
import { SecretMask } from '../evidence/SecretMask.js';
import type { QualifyTestMeta, ReplayHandle } from '../evidence/types.js';
import { describeError, UsageError } from '../UsageError.js';
import { isJsonObject } from '../protocol/jsonValues.js';

/**
 * What a shard keeps besides its report (`shard-evidence.json`): the evidence
 * its tests recorded, before any verdict, so `merge` rebuilds the whole run's
 * verdicts with the same rules as an unsharded run rather than combining verdicts.
 * @public
 */
export interface ShardEvidence {
  readonly format: typeof SHARD_EVIDENCE_FORMAT;
  readonly profile: ProfileId;
  readonly metas: readonly QualifyTestMeta[];
  readonly failedTests: readonly FailedTest[];
  readonly unhandledErrors: readonly string[];
  readonly filteredOut: boolean;
  readonly notApplicable: Readonly<Partial<Record<ClauseId, string>>>;
  /** The replay command of every replay handle in `metas`, keyed by `replayKey`. */
  readonly replays: Readonly<Record<string, string>>;
}

/** The format tag of `shard-evidence.json`. */
export const SHARD_EVIDENCE_FORMAT = 'adapter-qualify.shard-evidence.v1';

/** The file a shard writes its evidence to, beside `acceptance.json`. */
export const SHARD_EVIDENCE_FILE = 'shard-evidence.json';

/**
 * The key of a replay handle in a shard's rendered replay commands.
 * @param handle - a handle recorded by a test.
 * @public
 */
export function replayKey(handle: ReplayHandle): string {
  return JSON.stringify([handle.testName, handle.seed, handle.path ?? null]);
}

/**
 * Writes a shard's evidence (`shard-evidence.json`, atomically) beside its report:
 * everything `buildReport` took, with each replay command rendered, since the
 * merge has no run options to render them from.
 * @param input - what the shard's report was built from.
 * @param outDir - the shard's report directory (it exists).
 * @param mask - hides secret environment values, as in the report files. @defaultValue a mask over this process's environment
 * @returns the file written.
 * @public
 */
export async function writeShardEvidence(input: BuildReportInput, outDir: string, mask: SecretMask = SecretMask.fromProcess()): Promise<string> {
  const replays: Record<string, string> = {};
  for (const meta of input.metas) {
    for (const evidence of meta.evidence) {
      if (evidence.replay !== undefined) replays[replayKey(evidence.replay)] = input.replayCommand(evidence.replay);
    }
  }
  const evidence: ShardEvidence = {
    format: SHARD_EVIDENCE_FORMAT,
    profile: input.profile,
    metas: input.metas,
    failedTests: input.failedTests,
    unhandledErrors: input.unhandledErrors,
    filteredOut: input.filteredOut,
    notApplicable: input.notApplicable ?? {},
    replays,
  };
  const file = join(outDir, SHARD_EVIDENCE_FILE);
  // The file leaves the process like the report does: adapter output in it is masked the same way.
  await writeFileAtomic(file, `${JSON.stringify(mask.maskDeep(evidence))}\n`);
  return file;
}

/**
 * Reads and checks the `shard-evidence.json` of one shard report directory.
 * @param dir - the shard's report directory.
 * @throws UsageError when the file is missing, unreadable or not shard evidence.
 * @public
 */
export async function readShardEvidence(dir: string): Promise<ShardEvidence> {
  const file = join(dir, SHARD_EVIDENCE_FILE);
  const refuse = (reason: string, cause?: unknown): never => {
    throw new UsageError(`merge: ${file}: ${reason}`, cause === undefined ? {} : { cause });
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    refuse(code === 'ENOENT' ? 'missing (was the run made with --shard?)' : `unreadable (${code ?? describeError(cause)})`, cause);
  }
  if (!isShardEvidence(parsed)) return refuse(`not ${SHARD_EVIDENCE_FORMAT} evidence`);
  return parsed;
}

function isShardEvidence(value: unknown): value is ShardEvidence {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const strings = (list: unknown): boolean => Array.isArray(list) && list.every((item) => typeof item === 'string');
  return (
    record['format'] === SHARD_EVIDENCE_FORMAT &&
    typeof record['profile'] === 'string' &&
    Object.hasOwn(profileClauses, record['profile']) &&
    Array.isArray(record['metas']) &&
    record['metas'].every(isQualifyTestMeta) &&
    Array.isArray(record['failedTests']) &&
    record['failedTests'].every((failed) => isJsonObject(failed) && typeof failed.testName === 'string' && typeof failed.error === 'string') &&
    strings(record['unhandledErrors']) &&
    typeof record['filteredOut'] === 'boolean' &&
    isJsonObject(record['notApplicable']) &&
    isJsonObject(record['replays']) &&
    Object.values(record['replays'] as object).every((command) => typeof command === 'string')
  );
}
