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
      [{ ...valid, model: { stub: 'openai', baseUrlEnv: 'OPENAI_BASE_URL' } }, 'model.stub'],
      [{ ...valid, model: { stub: 'gemini', baseUrlEnv: 'HOME' } }, 'model.baseUrlEnv'],
      [{ ...valid, model: { stub: 'gemini', baseUrlEnv: 'KEY' } }, 'model.baseUrlEnv'],
      [{ ...valid, model: { stub: 'gemini', baseUrlEnv: 'PATH' } }, 'model.baseUrlEnv'],
      [{ ...valid, model: { stub: 'gemini', baseUrlEnv: 'B', port: 1 } }, 'model.port'],
      [[], '(root)'],
    ];
    for (const [value, field] of cases) expect(validateAcpConfig(value, '/'), JSON.stringify(value)).toMatchObject({ field });
  });
});

describe('validateAcpConfig model', () => {
  it('keeps a stub the suite speaks and the variable that points the agent at it', () => {
    expect(validateAcpConfig({ ...valid, model: { stub: 'gemini', baseUrlEnv: 'GOOGLE_GEMINI_BASE_URL' } }, '/')).toMatchObject({
      config: { model: { stub: 'gemini', baseUrlEnv: 'GOOGLE_GEMINI_BASE_URL' } },
    });
    expect(validateAcpConfig(valid, '/')).toMatchObject({ config: { model: null } });
  });
});

describe('agentEnvironment', () => {
  it('is exactly env, the passed names the suite has, a fresh HOME and TERM=dumb', () => {
    const result = validateAcpConfig({ ...valid, passEnv: ['PATH', 'MISSING'] }, '/');
    if (!('config' in result)) throw new Error('invalid');
    expect(agentEnvironment(result.config, '/tmp/home', { PATH: '/bin', SECRET: 's', TERM: 'xterm' })).toEqual({ PATH: '/bin', KEY: 'v', HOME: '/tmp/home', TERM: 'dumb' });
  });

  it("names the model stub's variable, empty until the agent's stub starts (never the suite's own value)", () => {
    const result = validateAcpConfig({ ...valid, model: { stub: 'gemini', baseUrlEnv: 'GOOGLE_GEMINI_BASE_URL' } }, '/');
    if (!('config' in result)) throw new Error('invalid');
    expect(agentEnvironment(result.config, '/h', { PATH: '/bin', GOOGLE_GEMINI_BASE_URL: 'https://real.example' })).toEqual({
      PATH: '/bin',
      KEY: 'v',
      GOOGLE_GEMINI_BASE_URL: '',
      HOME: '/h',
      TERM: 'dumb',
    });
  });
});
