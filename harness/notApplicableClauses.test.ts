import { describe, expect, it } from 'vitest';
import { codingOperationClauses } from './clauses.js';
import { notApplicableClauses } from './notApplicableClauses.js';

const idsOf = (family: string) => codingOperationClauses.filter((entry) => entry.family === family).map((entry) => entry.id);

describe('notApplicableClauses', () => {
  it('for an SDK run: every REQ, CFG and WIRE clause and the process-fault clauses, each with its reason', () => {
    const map = notApplicableClauses('sdk');
    expect(Object.keys(map).sort()).toEqual([...idsOf('REQ'), ...idsOf('CFG'), ...idsOf('WIRE'), 'SEM-CRASH-CONSISTENT', 'SEM-UNCERTAIN-RECOVERY', 'SEM-LOCAL-SETTLEMENT'].sort());
    expect(map['REQ-CLOSED']).toBe('the SDK seam takes structured requests; REQ clauses apply to command adapters');
    expect(map['SEM-CRASH-CONSISTENT']).toContain('in-process SDK');
  });

  it('for a command run: exactly the SDK clauses', () => {
    expect(notApplicableClauses('command')).toEqual(Object.fromEntries(idsOf('SDK').map((id) => [id, 'applies to SDK transports (run --sdk)'])));
  });
});
