import type { Violation } from '../violation.js';
import { checkHistory } from './checkHistory.js';
import type { HistoryEntry } from './types.js';

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
