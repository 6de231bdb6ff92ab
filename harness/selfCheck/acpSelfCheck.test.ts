import { describe, expect, it } from 'vitest';
import { acpMutants } from '../../adapters/acp-mutants/catalog.js';
import { parseAcpSelfCheckArgs } from './acpSelfCheck.js';

const [a, b, c] = acpMutants.map((mutant) => mutant.name);

describe('parseAcpSelfCheckArgs --mutant', () => {
  it('takes comma-separated names, repeated options, and both together', () => {
    expect(parseAcpSelfCheckArgs(['--mutant', `${a},${b},${c}`], '/tmp').mutants).toEqual([a, b, c]);
    expect(parseAcpSelfCheckArgs(['--mutant', a!, '--mutant', b!, '--mutant', c!], '/tmp').mutants).toEqual([a, b, c]);
    expect(parseAcpSelfCheckArgs([`--mutant=${a}, ${b}`, '--mutant', c!], '/tmp').mutants).toEqual([a, b, c]);
  });

  it('selects every mutant without --mutant', () => {
    expect(parseAcpSelfCheckArgs(['--seed', '3'], '/tmp').mutants).toBeNull();
  });

  it('rejects a name that is no ACP mutant (exit 2 naming --mutant) instead of running none', () => {
    expect(() => parseAcpSelfCheckArgs(['--mutant', `${a},no-such-mutant`], '/tmp')).toThrow(
      expect.objectContaining({ name: 'UsageError', option: '--mutant', message: expect.stringContaining('"no-such-mutant"') }),
    );
  });
});
