import { join } from 'node:path';
import { dir } from 'tmp-promise';
import { describe, expect, it } from 'vitest';
import { codingOperationClauses, isClauseId } from '../../harness/clauses.js';
import { builtReference } from '../reference/__test-helpers__/builtAdapter.js';
import { mutants } from './catalog.js';
import { locateTracer } from '../../harness/faults/strace.js';
import { mutantConfig } from './mutantConfig.js';
import { runSmokeScenario } from './__test-helpers__/runSmokeScenario.js';
import { smokeScenarios } from './__test-helpers__/smokeScenarios.js';

// Spawns dist/adapters/{reference,mutants}/main.js: run `npm run build` first (`npm test` does).

describe('mutant catalog', () => {
  it('has unique kebab-case names and registered clause IDs', () => {
    const names = mutants.map((mutant) => mutant.name);
    expect(new Set(names).size).toBe(names.length);
    for (const mutant of mutants) {
      expect(mutant.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      for (const id of [...mutant.claims, ...mutant.incidental]) expect(isClauseId(id), `${mutant.name}: ${id}`).toBe(true);
      expect(mutant.claims.filter((id) => mutant.incidental.includes(id))).toEqual([]);
      expect(mutant.expect === 'inconclusive' ? mutant.claims.length === 0 : mutant.claims.length > 0).toBe(true);
    }
  });

  it('claims every adapter-side REQ and OUT clause', () => {
    const claimed = new Set(mutants.flatMap((mutant) => mutant.claims));
    const required = codingOperationClauses.filter((entry) => entry.family === 'REQ' || entry.family === 'OUT').map((entry) => entry.id);
    expect(required.filter((id) => !claimed.has(id))).toEqual([]);
  });

  it('builds a configuration with absolute paths only', () => {
    const config = mutantConfig('depth-17-admitted', '/tmp/ledger');
    expect(config.executable).toBe(process.execPath);
    expect(config.argvPrefix.slice(1)).toEqual(['depth-17-admitted', '--authority', 'reference-ledger', '--ledger', '/tmp/ledger']);
    expect(() => mutantConfig('no-such-mutant')).toThrow(/unknown mutant/);
  });
});

// Crash windows too narrow for a timed kill are smoke-tested with strace only (`.ci/run` installs it).
const noTracer = (await locateTracer()).method !== 'syscall';

describe('each mutant answers differently from the reference on its scenario', () => {
  for (const mutant of mutants) {
    it.skipIf(noTracer && (smokeScenarios[mutant.name] ?? []).some((step) => step.kind === 'kill-at-durable'))(mutant.name, async () => {
      const steps = smokeScenarios[mutant.name];
      expect(steps, `no smoke scenario for ${mutant.name}`).toBeDefined();
      const scratch = await dir({ unsafeCleanup: true });
      try {
        const referenceLedger = join(scratch.path, 'reference');
        const mutantLedger = join(scratch.path, 'mutant');
        const config = mutantConfig(mutant.name, mutantLedger);
        // On a loaded machine racing processes may start too far apart to overlap: those get three tries. Every other
        // scenario is deterministic and gets one; a kill too, since the step tracer counts durable steps themselves.
        const tries = (steps ?? []).some((step) => step.kind === 'parallel' || step.kind === 'race') ? 3 : 1;
        let reference: unknown;
        let mutated: unknown;
        for (let attempt = 1; attempt <= tries; attempt += 1) {
          // Fresh ledgers each try: a used one would differ for the wrong reason.
          const suffix = attempt === 1 ? '' : `-${attempt}`;
          const fresh = attempt === 1 ? config : mutantConfig(mutant.name, `${mutantLedger}${suffix}`);
          reference = await runSmokeScenario(builtReference(`${referenceLedger}${suffix}`, mutant.args), `${referenceLedger}${suffix}`, steps ?? []);
          mutated = await runSmokeScenario({ file: fresh.executable, args: fresh.argvPrefix }, `${mutantLedger}${suffix}`, steps ?? []);
          if (JSON.stringify(mutated) !== JSON.stringify(reference)) break;
        }
        expect(mutated).not.toEqual(reference);
      } finally {
        await scratch.cleanup();
      }
    });
  }
});
