import { describe, expect, it } from 'vitest';
import { SecretMask } from './SecretMask.js';

describe('SecretMask', () => {
  const mask = new SecretMask({
    GITHUB_TOKEN: 'ghp_abcdefghij',
    DB_PASSWORD: 'pa"ss\\word',
    NPM_AUTH: 'ghp_abcdefghij-longer',
    OPENAI_APIKEY: 'sk-123456',
    SHORT_SECRET: '12345',
    HOME: '/home/user-with-long-name',
    UNSET_TOKEN: undefined,
  });

  it('treats only secret-looking names with values of at least 6 characters as secrets', () => {
    expect(mask.names).toEqual(['DB_PASSWORD', 'GITHUB_TOKEN', 'NPM_AUTH', 'OPENAI_APIKEY']);
    expect(mask.mask('12345 /home/user-with-long-name')).toBe('12345 /home/user-with-long-name');
  });

  it('replaces every occurrence, the longest secret first, and the JSON-escaped form too', () => {
    expect(mask.mask('a ghp_abcdefghij b ghp_abcdefghij-longer c sk-123456')).toBe(
      'a [masked: GITHUB_TOKEN] b [masked: NPM_AUTH] c [masked: OPENAI_APIKEY]',
    );
    expect(mask.mask(JSON.stringify({ password: 'pa"ss\\word' }))).toBe('{"password":"[masked: DB_PASSWORD]"}');
    expect(mask.found('x pa"ss\\word y sk-123456')).toEqual(['DB_PASSWORD', 'OPENAI_APIKEY']);
  });

  it('masks every string of plain data, keys included, keeping other values', () => {
    const value = { stdout: ['sk-123456'], n: 1, ok: true, none: null, 'sk-123456': 'k' };
    expect(mask.maskDeep(value)).toEqual({ stdout: ['[masked: OPENAI_APIKEY]'], n: 1, ok: true, none: null, '[masked: OPENAI_APIKEY]': 'k' });
    expect(value.stdout).toEqual(['sk-123456']);
  });
});
