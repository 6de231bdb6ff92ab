import { describe, expect, test } from 'vitest';
import type { ClauseId } from '../clauses.js';
import type { ClauseVerdict } from '../../reports/types.js';
import { evaluateBaseline } from './evaluateBaseline.js';

const clauses: { id: ClauseId; verdict: ClauseVerdict }[] = [
  { id: 'OUT-CLOSED', verdict: 'FAIL' },
  { id: 'REQ-CLOSED', verdict: 'PASS' },
  { id: 'SEM-DURABLE-RESTART', verdict: 'SKIP' },
  { id: 'SEM-OBSERVE-FRESH', verdict: 'INCONCLUSIVE' },
  { id: 'OUT-JSON', verdict: 'FAIL' },
];

describe('evaluateBaseline', () => {
  test('a whole run: listed FAIL expected, listed PASS stale, listed SKIP/INCONCLUSIVE unconfirmed, unlisted untouched', () => {
    const result = evaluateBaseline(clauses, ['OUT-CLOSED', 'REQ-CLOSED', 'SEM-DURABLE-RESTART', 'SEM-OBSERVE-FRESH'], 'full');
    expect(Object.fromEntries(result.statuses)).toEqual({
      'OUT-CLOSED': 'expected-failure',
      'REQ-CLOSED': 'stale-baseline',
      'SEM-DURABLE-RESTART': 'unconfirmed',
      'SEM-OBSERVE-FRESH': 'unconfirmed',
    });
    expect(result.stale).toEqual(['REQ-CLOSED']);
  });

  test('a shard never calls an entry stale: another shard may hold the failure', () => {
    const result = evaluateBaseline(clauses, ['OUT-CLOSED', 'REQ-CLOSED'], 'shard');
    expect(Object.fromEntries(result.statuses)).toEqual({ 'OUT-CLOSED': 'expected-failure', 'REQ-CLOSED': 'unconfirmed' });
    expect(result.stale).toEqual([]);
  });
});
