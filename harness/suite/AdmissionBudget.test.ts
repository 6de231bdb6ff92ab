import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdmissionBudget } from './AdmissionBudget.js';

let workDir: string;
beforeEach(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'budget-'));
});
afterEach(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('AdmissionBudget', () => {
  it('never grants more than the cap, however many workers share the run directory', () => {
    const workers = [new AdmissionBudget(workDir, 5), new AdmissionBudget(workDir, 5), new AdmissionBudget(workDir, 5)];
    const granted = Array.from({ length: 12 }, (_, index) => workers[index % 3]!.claim()).filter(Boolean).length;
    expect(granted).toBe(5);
  });

  it('grants everything without a cap', () => {
    const budget = new AdmissionBudget(workDir, null);
    expect(Array.from({ length: 50 }, () => budget.claim()).every(Boolean)).toBe(true);
  });
});
