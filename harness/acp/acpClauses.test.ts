import { describe, expect, it } from 'vitest';
import { acpClause, acpClauses, isAcpClauseId } from './acpClauses.js';

describe('acpClauses', () => {
  it('holds 57 distinct clauses, 30 of them judged without a prompt turn', () => {
    expect(new Set(acpClauses.map((definition) => definition.id)).size).toBe(57);
    expect(acpClauses.filter((definition) => definition.stage === 'foundation')).toHaveLength(30);
  });

  it('looks clauses up by ID and rejects unknown IDs', () => {
    expect(acpClause('ACP-FRM-LINE').family).toBe('FRM');
    expect(isAcpClauseId('ACP-SESS-LOAD')).toBe(true);
    expect(isAcpClauseId('ACP-NOPE')).toBe(false);
  });
});
