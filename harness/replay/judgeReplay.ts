import type { ClauseVerdict } from '../../reports/types.js';

/** The answer for one stored failure after its attempts. */
export type ReplayAnswer = 'FIXED' | 'FAILED' | 'FLAKY' | 'INCONCLUSIVE';

/** Attempts a stored failure gets: FIXED means it passed this many times in a row. */
export const REPLAY_ATTEMPTS = 3;

/**
 * Judges the clause verdicts of a stored failure's replays (pure):
 * FIXED when it PASSed {@link REPLAY_ATTEMPTS} times in a row; FAILED when it
 * FAILed and never PASSed; FLAKY when it did both; INCONCLUSIVE otherwise (an
 * attempt gave no evidence either way, e.g. the adapter stopped answering).
 * @param verdicts - the clause's verdict in each attempt, in order
 * @public
 */
export function judgeReplay(verdicts: readonly ClauseVerdict[]): ReplayAnswer {
  const passes = verdicts.filter((verdict) => verdict === 'PASS').length;
  const fails = verdicts.filter((verdict) => verdict === 'FAIL').length;
  if (fails > 0) return passes > 0 ? 'FLAKY' : 'FAILED';
  return passes >= REPLAY_ATTEMPTS && verdicts.slice(-REPLAY_ATTEMPTS).every((verdict) => verdict === 'PASS') ? 'FIXED' : 'INCONCLUSIVE';
}
