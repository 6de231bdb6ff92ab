import type { ClauseVerdict } from '../../reports/types.js';
import { judgeReplay, REPLAY_ATTEMPTS, type ReplayAnswer } from './judgeReplay.js';
import type { StoredFailureCase } from './types.js';

/** Runs `adapter-qualify run` with these arguments and returns the verdict of `clauseId` in its report. */
export type RunForVerdict = (runArgs: readonly string[], clauseId: StoredFailureCase['clauseId']) => Promise<ClauseVerdict>;

/** What replaying one stored failure showed. */
export interface ReplayResult {
  readonly stored: StoredFailureCase;
  readonly answer: ReplayAnswer;
  /** The clause's verdict in each attempt. */
  readonly verdicts: readonly ClauseVerdict[];
}

/**
 * Replays one stored failure up to {@link REPLAY_ATTEMPTS} times (stopping early
 * once it has both passed and failed: FLAKY cannot change) and judges it.
 * @param stored - the stored case
 * @param subjectArgs - the subject to run it against (the recorded one, or `--adapter`'s)
 * @param run - runs one attempt
 * @public
 */
export async function replayFailure(stored: StoredFailureCase, subjectArgs: readonly string[], run: RunForVerdict): Promise<ReplayResult> {
  const verdicts: ClauseVerdict[] = [];
  while (verdicts.length < REPLAY_ATTEMPTS && judgeReplay(verdicts) !== 'FLAKY') {
    verdicts.push(await run([...subjectArgs, ...stored.runArgs], stored.clauseId));
  }
  return { stored, answer: judgeReplay(verdicts), verdicts };
}
