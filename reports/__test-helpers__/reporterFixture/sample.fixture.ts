// Run only by QualifyReporter.test.ts through startVitest: one test of each kind the reporter must tell apart.
import { test } from 'vitest';

// Untyped on purpose: the reporter must not depend on any TaskMeta augmentation.
function store(meta: object, value: unknown): void {
  Object.assign(meta, { qualify: value });
}

test('REQ-CLOSED: passes', ({ task }) => {
  store(task.meta, { testName: 'REQ-CLOSED: passes', clauses: ['REQ-CLOSED'], evidence: [{ clauseId: 'REQ-CLOSED', cases: 3, violations: [] }] });
});

test('OUT-JSON: adapter fails', ({ task }) => {
  store(task.meta, { testName: 'OUT-JSON: adapter fails', clauses: ['OUT-JSON'], evidence: [{ clauseId: 'OUT-JSON', cases: 1, violations: [{ message: 'two objects' }] }] });
  throw new Error('adapter broke OUT-JSON');
});

test('SEM-OBSERVE-FRESH: suite bug', ({ task }) => {
  store(task.meta, { testName: 'SEM-OBSERVE-FRESH: suite bug', clauses: ['SEM-OBSERVE-FRESH'], evidence: [{ clauseId: 'SEM-OBSERVE-FRESH', cases: 0, violations: [] }] });
  throw new TypeError('cannot read x of undefined');
});
