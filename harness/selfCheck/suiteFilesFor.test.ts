import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mutants } from '../../adapters/mutants/catalog.js';
import { deferredClauses } from '../deferredClauses.js';
import { packageRoot } from '../packageRoot.js';
import { planMutant } from './planMutant.js';
import { suiteFilesFor } from './suiteFilesFor.js';

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
      const plan = planMutant(mutant, deferredClauses);
      const selected = new Set(suiteFilesFor(plan.needles, suites));
      expect(selected.size, mutant.name).toBeLessThan(suites.length);
      for (const id of plan.judged.claims) {
        // A test name starts with its clause IDs: `qualifyTest('ID: …'` or `qualifyTest('ID, OTHER: …'`.
        const named = new RegExp(`qualifyTest\\(\\s*['\`](?:[A-Z0-9-]+, )*${id}[,:]`);
        expect(suites.filter((suite) => named.test(suite.text) && selected.has(suite.name)).length, `${mutant.name}: ${id}`).toBeGreaterThan(0);
      }
    }
  });
});
