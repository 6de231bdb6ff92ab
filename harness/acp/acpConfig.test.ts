import { describe, expect, it } from 'vitest';
import { agentEnvironment, validateAcpConfig } from './acpConfig.js';

const valid = { profile: 'acp-agent.v1', executable: '/usr/bin/env', argv: ['node', '../../dist/main.js', '--flag', './x'], env: { KEY: 'v' }, passEnv: ['PATH'] };

describe('validateAcpConfig', () => {
  it('resolves ./ and ../ argv items against the configuration directory, nothing else', () => {
    const result = validateAcpConfig(valid, '/repo/adapters/acp-reference');
    expect('config' in result && result.config.argv).toEqual(['node', '/repo/dist/main.js', '--flag', '/repo/adapters/acp-reference/x']);
  });

  it('names the broken field', () => {
    const cases: [unknown, string][] = [
      [{ ...valid, extra: 1 }, 'extra'],
      [{ ...valid, profile: 'acp' }, 'profile'],
      [{ ...valid, executable: 'node' }, 'executable'],
      [{ ...valid, argv: [1] }, 'argv'],
      [{ ...valid, env: { HOME: '/x' } }, 'env.HOME'],
      [{ ...valid, env: { A: 1 } }, 'env.A'],
      [{ ...valid, passEnv: ['TERM'] }, 'passEnv'],
      [{ ...valid, model: { stub: 'gemini' } }, 'model.baseUrlEnv'],
      [[], '(root)'],
    ];
    for (const [value, field] of cases) expect(validateAcpConfig(value, '/'), JSON.stringify(value)).toMatchObject({ field });
  });
});

describe('agentEnvironment', () => {
  it('is exactly env, the passed names the suite has, a fresh HOME and TERM=dumb', () => {
    const result = validateAcpConfig({ ...valid, passEnv: ['PATH', 'MISSING'] }, '/');
    if (!('config' in result)) throw new Error('invalid');
    expect(agentEnvironment(result.config, '/tmp/home', { PATH: '/bin', SECRET: 's', TERM: 'xterm' })).toEqual({ PATH: '/bin', KEY: 'v', HOME: '/tmp/home', TERM: 'dumb' });
  });
});
