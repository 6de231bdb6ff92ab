import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { profileNamed, profileOfConfig } from './Profile.js';
import { UsageError } from '../UsageError.js';
import { profileListCommand, profileRunCommand, splitMutantSelection, takeProfileOption } from './profileCommands.js';

const work = mkdtempSync(join(tmpdir(), 'profile-commands-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function capture(): { io: { stdout: { write(text: string): boolean }; stderr: { write(text: string): boolean } }; out: () => string } {
  let text = '';
  return { io: { stdout: { write: (chunk) => ((text += chunk), true) }, stderr: { write: () => true } }, out: () => text };
}

describe('the Profile seam', () => {
  it('picks the profile from the configuration: profile or protocol acp-agent.v1 is ACP, anything else the first profile', () => {
    expect(profileOfConfig({ profile: 'acp-agent.v1' }).id).toBe('acp-agent.v1');
    expect(profileOfConfig({ protocol: 'acp-agent.v1' }).id).toBe('acp-agent.v1');
    expect(profileOfConfig({ protocol: 'algal.coding-operation.v1' }).id).toBe('coding-operation.v1');
    expect(profileOfConfig({ profile: 'nope' }).id).toBe('coding-operation.v1');
    expect(profileNamed('acp-agent')?.id).toBe('acp-agent.v1');
    expect(profileNamed('nope')).toBeNull();
  });

  it('run CONFIG sends an ACP configuration to the ACP loader (a bad field exits 2 naming it)', async () => {
    const file = join(work, 'agent.json');
    writeFileSync(file, JSON.stringify({ profile: 'acp-agent.v1', executable: '/bin/sh', argv: [], colour: 'blue' }));
    const { io } = capture();
    await expect(profileRunCommand([file], io)).rejects.toThrow(UsageError);
    await expect(profileRunCommand([file], io)).rejects.toThrow(/colour/);
  });

  it('takes --profile out of a command line and refuses an unknown one', () => {
    expect(takeProfileOption(['--profile', 'acp-agent', '--seed', '1'], 'x')).toMatchObject({ profile: { id: 'acp-agent.v1' }, rest: ['--seed', '1'] });
    expect(takeProfileOption(['--profile=adapter-manifest'], 'x').profile?.id).toBe('adapter-manifest.v1');
    expect(() => takeProfileOption(['--profile', 'acp-client'], 'x')).toThrow(/--profile must be one of/);
  });

  it('list --profile acp-agent prints the 57 ACP clauses; --json gives one array', async () => {
    const text = capture();
    expect(await profileListCommand(['--profile', 'acp-agent'], text.io)).toBe(0);
    expect(text.out().trim().split('\n')).toHaveLength(57);
    expect(text.out()).toContain('MUST (if advertised)');
    const json = capture();
    await profileListCommand(['--profile', 'acp-agent', '--json'], json.io);
    expect((JSON.parse(json.out()) as unknown[]).length).toBe(57);
  });
});

describe('splitMutantSelection', () => {
  const isAcp = (name: string): boolean => name.startsWith('acp-');
  it('runs both self-checks when no mutant is named', () => {
    expect(splitMutantSelection(['--seed', '1'], isAcp)).toEqual({ first: ['--seed', '1'], acp: ['--seed', '1'] });
  });
  it('gives each self-check only its own mutants, and skips one with none named', () => {
    expect(splitMutantSelection(['--mutant', 'acp-x', '--mutant=ledger-y', '--runs', '2'], isAcp)).toEqual({
      first: ['--mutant=ledger-y', '--runs', '2'],
      acp: ['--mutant', 'acp-x', '--runs', '2'],
    });
    expect(splitMutantSelection(['--mutant', 'ledger-y'], isAcp)).toEqual({ first: ['--mutant', 'ledger-y'], acp: null });
    expect(splitMutantSelection(['--mutant', 'acp-x'], isAcp)).toEqual({ first: null, acp: ['--mutant', 'acp-x'] });
    // A comma-separated list is split, each name going to its own profile.
    expect(splitMutantSelection(['--mutant', 'acp-x,acp-z', '--runs', '2'], isAcp)).toEqual({ first: null, acp: ['--mutant', 'acp-x', '--mutant', 'acp-z', '--runs', '2'] });
    expect(splitMutantSelection(['--mutant=acp-x,ledger-y', '--mutant', 'acp-z'], isAcp)).toEqual({
      first: ['--mutant', 'ledger-y'],
      acp: ['--mutant', 'acp-x', '--mutant', 'acp-z'],
    });
  });
});
