import type { Violation } from '../violation.js';
import { HistoryChecker, type HistoryEntry } from './HistoryChecker.js';

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

/**
 * Checks the histories of many bindings: entries are grouped by their outcome's
 * binding (`operationId`, `authorityId`, `requestDigest`) and each group is
 * checked by `checkHistory`, groups in order of first appearance.
 *
 * @param entries - valid outcomes of any bindings with their call times
 * @throws HistoryInputError on bad times
 */
export function checkHistories(entries: readonly HistoryEntry[]): Violation[] {
  const groups = new Map<string, HistoryEntry[]>();
  for (const entry of entries) {
    const { operationId, authorityId, requestDigest } = entry.outcome;
    const key = JSON.stringify([operationId, authorityId, requestDigest]);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [entry]);
    else group.push(entry);
  }
  return [...groups.values()].flatMap((group) => checkHistory(group));
}
