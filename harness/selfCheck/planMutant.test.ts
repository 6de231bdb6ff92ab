import { describe, expect, it } from 'vitest';
import type { MutantDefinition } from '../../adapters/mutants/MutantDefinition.js';
import { planMutant, suiteFilesFor } from './planMutant.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mutants } from '../../adapters/mutants/catalog.js';
import { packageRoot } from '../packageRoot.js';

const base: MutantDefinition = {
  name: 'some-mutant',
  claims: ['SEM-SUBMIT-IDEMPOTENT', 'SEM-CONCURRENT-SUBMIT'],
  incidental: ['SEM-ACCEPTANCE-STABLE', 'SEM-CRASH-CONSISTENT'],
  description: 'a defect',
  expect: 'fail',
  args: [],
};
describe('planMutant', () => {
  it('limits the run to the claimed clauses and judges the declaration as given', () => {
    const plan = planMutant(base);
    expect(plan.judged).toEqual(base);
    expect(plan.only).toBe('(SEM-SUBMIT-IDEMPOTENT|SEM-CONCURRENT-SUBMIT)');
    expect(plan.needles).toEqual(['SEM-SUBMIT-IDEMPOTENT', 'SEM-CONCURRENT-SUBMIT']);
  });

  it('a control mutant claims nothing and runs the SEM suite', () => {
    const plan = planMutant({ ...base, claims: [], incidental: ['REQ-BOUNDARY-ACCEPT'], expect: 'inconclusive' });
    expect(plan.only).toBe('(SEM-)');
    expect(plan.needles).toEqual(['SEM-']);
  });
});

const suites = readdirSync(join(packageRoot, 'suites'))
  .filter((name) => name.endsWith('.suite.ts'))
  .map((name) => ({ name, text: readFileSync(join(packageRoot, 'suites', name), 'utf8') }));

describe('suiteFilesFor', () => {
  it('keeps the files that mention any needle, in order; with none, every file', () => {
    const files = [
      { name: 'a.suite.ts', text: "qualifyTest('REQ-CLOSED: x'" },
      { name: 'b.suite.ts', text: "qualifyTest('SEM-CRASH-CONSISTENT, SEM-X: y'" },
      { name: 'c.suite.ts', text: 'nothing' },
    ];
    expect(suiteFilesFor(['SEM-CRASH-CONSISTENT', 'REQ-CLOSED'], files)).toEqual(['a.suite.ts', 'b.suite.ts']);
    expect(suiteFilesFor(['SEM-'], files)).toEqual(['b.suite.ts']);
    expect(suiteFilesFor(['OUT-EXIT'], files)).toEqual(['a.suite.ts', 'b.suite.ts', 'c.suite.ts']);
  });

  it('every claimed clause of every mutant has a test named after it in a selected file', () => {
    for (const mutant of mutants) {
      const plan = planMutant(mutant);
      const selected = new Set(suiteFilesFor(plan.needles, suites));
      expect(selected.size, mutant.name).toBeLessThan(suites.length);
      for (const id of plan.judged.claims) {
        // A test is named for the clauses it declares: `qualifyTest({ clauses: ['ID'] …` or `qualifyTest({ clauses: ['OTHER', 'ID'] …`.
        // Whitespace-tolerant, so that a reformat that wraps the declaration keeps matching it.
        const named = new RegExp(`qualifyTest\\(\\s*\\{\\s*clauses:\\s*\\[\\s*(?:'[A-Z0-9-]+',\\s*)*'${id}'\\s*[,\\]]`);
        expect(suites.filter((suite) => named.test(suite.text) && selected.has(suite.name)).length, `${mutant.name}: ${id}`).toBeGreaterThan(0);
      }
    }
  });
});
