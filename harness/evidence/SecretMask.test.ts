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
    expect(mask.mask('a ghp_abcdefghij b ghp_abcdefghij-longer c sk-123456')).toBe('a [masked: GITHUB_TOKEN] b [masked: NPM_AUTH] c [masked: OPENAI_APIKEY]');
    expect(mask.mask(JSON.stringify({ password: 'pa"ss\\word' }))).toBe('{"password":"[masked: DB_PASSWORD]"}');
    expect(mask.found('x pa"ss\\word y sk-123456')).toEqual(['DB_PASSWORD', 'OPENAI_APIKEY']);
  });

  it('masks every string of plain data, keys included, keeping other values', () => {
    const value = { stdout: ['sk-123456'], n: 1, ok: true, none: null, 'sk-123456': 'k' };
    expect(mask.maskDeep(value)).toEqual({ stdout: ['[masked: OPENAI_APIKEY]'], n: 1, ok: true, none: null, '[masked: OPENAI_APIKEY]': 'k' });
    expect(value.stdout).toEqual(['sk-123456']);
  });
});

describe('SecretMask for passed variables and cut text', () => {
  const mask = new SecretMask({ DATABASE_URL: 'postgres://u:pw-1234@h/db', SHORT_PASSED: 'k-999', PLAIN: 'not-passed-value' }, ['DATABASE_URL', 'SHORT_PASSED']);

  it('hides a --pass-env value of 8+ characters whatever its name; shorter ones and unpassed plain ones are not secrets', () => {
    expect(mask.names).toEqual(['DATABASE_URL']);
    expect(mask.mask('url=postgres://u:pw-1234@h/db k-999 not-passed-value')).toBe('url=[masked: DATABASE_URL] k-999 not-passed-value');
  });

  it('masks a piece of a secret that a cut left at either end, and names it', () => {
    const end = 'answer postgres://u:pw';
    expect(mask.maskCut(end, { start: false, end: true })).toBe('answer [masked: DATABASE_URL]');
    expect(mask.maskCut(end, { start: false, end: false })).toBe(end);
    expect(mask.maskCut('-1234@h/db tail', { start: true, end: false })).toBe('[masked: DATABASE_URL] tail');
    expect(mask.maskedNames(end, mask.maskCut(end, { start: false, end: true }))).toEqual(['DATABASE_URL']);
    expect(mask.maskedNames('plain', 'plain')).toEqual([]);
  });
});
