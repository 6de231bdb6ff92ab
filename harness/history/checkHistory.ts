import type { Violation } from '../violation.js';
import { HistoryChecker } from './HistoryChecker.js';
import type { HistoryEntry } from './types.js';

/**
 * Checks one binding's whole history (see `HistoryChecker` for the clauses).
 * Entries may come in any order; they are judged in `endedAt` order.
 *
 * @param entries - valid outcomes of one binding with their call times
 * @throws HistoryInputError on bad times or mixed bindings
 */
export function checkHistory(entries: readonly HistoryEntry[]): Violation[] {
  const checker = new HistoryChecker();
  // Array.prototype.sort is stable, so ties keep the given order.
  return [...entries].sort((a, b) => a.endedAt - b.endedAt).flatMap((entry) => checker.add(entry));
}
