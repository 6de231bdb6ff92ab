import type { ClauseId, ProfileId } from '../clauses.js';
import type { QualifyTestMeta } from '../evidence/types.js';
import type { FailedTest } from '../../reports/buildReport.js';

/**
 * One slice of a sharded run: shard `index` of `count`, 1-based as in vitest's `--shard 1/3`.
 * @public
 */
export interface ShardSpec {
  readonly index: number;
  readonly count: number;
}

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
  readonly deferred: Readonly<Partial<Record<ClauseId, string>>>;
  readonly notApplicable: Readonly<Partial<Record<ClauseId, string>>>;
  /** The replay command of every replay handle in `metas`, keyed by `replayKey`. */
  readonly replays: Readonly<Record<string, string>>;
}

/** The format tag of `shard-evidence.json`. */
export const SHARD_EVIDENCE_FORMAT = 'adapter-qualify.shard-evidence.v1';

/** The file a shard writes its evidence to, beside `acceptance.json`. */
export const SHARD_EVIDENCE_FILE = 'shard-evidence.json';
