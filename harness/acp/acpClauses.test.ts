import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { acpClause, acpClauses, isAcpClauseId } from './acpClauses.js';

// The normative catalog sits outside the package; where it is present, the registry must match it row for row.
const CATALOG = '/work/shared/spec/acp-agent-v1.md';

describe('acpClauses', () => {
  it('holds 57 distinct clauses, 30 of them judged without a prompt turn', () => {
    expect(new Set(acpClauses.map((definition) => definition.id)).size).toBe(57);
    expect(acpClauses.filter((definition) => definition.stage === 'foundation')).toHaveLength(30);
  });

  it.skipIf(!existsSync(CATALOG))('holds exactly the clauses of the catalog with their levels, in order', () => {
    const catalogText = readFileSync(CATALOG, 'utf8');
    const rows = [...catalogText.matchAll(/^\| (ACP-[A-Z0-9-]+) \| (MUST \(if advertised\)|MUST|SHOULD) \|/gm)].map((match) => [match[1], match[2]]);
    expect(rows).toHaveLength(57);
    expect(acpClauses.map((definition) => [definition.id, definition.level])).toEqual(rows);
  });

  it('looks clauses up by ID and rejects unknown IDs', () => {
    expect(acpClause('ACP-FRM-LINE').family).toBe('FRM');
    expect(isAcpClauseId('ACP-SESS-LOAD')).toBe(true);
    expect(isAcpClauseId('ACP-NOPE')).toBe(false);
  });
});
