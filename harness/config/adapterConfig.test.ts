import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validAdapterConfig, validAdapterConfigArbitrary } from '../__test-helpers__/validRunInputs.js';
import { validateAdapterConfig, type ConfigError } from './adapterConfig.js';

function errorOf(value: unknown): ConfigError {
  const result = validateAdapterConfig(value);
  if (!('error' in result)) throw new Error(`expected an error, got ${JSON.stringify(result.config).slice(0, 200)}`);
  return result.error;
}

const FOUR_BYTES = '\u{1F600}'; // 2 code units, 4 UTF-8 bytes
const THREE_BYTES = '\u20AC'; // 1 code unit, 3 UTF-8 bytes

describe('validateAdapterConfig', () => {
  it('returns a copy of a valid configuration with exactly the four fields', () => {
    const input = validAdapterConfig();
    const result = validateAdapterConfig(input);
    expect(result).toEqual({ config: input });
    if ('config' in result) {
      expect(Object.keys(result.config)).toEqual(['protocol', 'authorityId', 'executable', 'argvPrefix']);
      expect(result.config.argvPrefix).not.toBe(input['argvPrefix']);
    }
  });

  it('pins the key set of an error', () => {
    expect(Object.keys(errorOf(validAdapterConfig({ protocol: 'x' })))).toEqual(['clauseId', 'field', 'message']);
  });

  describe('CFG-CLOSED', () => {
    it.each([null, [], 'text', 3, true])('refuses a non-object %j', (value) => {
      expect(errorOf(value)).toMatchObject({ clauseId: 'CFG-CLOSED', field: '' });
    });
    it('refuses an unknown field, naming it', () => {
      expect(errorOf(validAdapterConfig({ retry: true }))).toEqual({
        clauseId: 'CFG-CLOSED',
        field: 'retry',
        message: 'unknown field "retry" (fields: protocol, authorityId, executable, argvPrefix)',
      });
    });
    it.each(['protocol', 'authorityId', 'executable', 'argvPrefix'])('refuses a missing %s', (field) => {
      const config = validAdapterConfig();
      delete config[field];
      expect(errorOf(config)).toMatchObject({ clauseId: 'CFG-CLOSED', field, message: expect.stringContaining(`missing field "${field}"`) });
    });
    it('reports closedness before any field problem', () => {
      expect(errorOf(validAdapterConfig({ executable: 'rel', extra: 1 })).clauseId).toBe('CFG-CLOSED');
    });
  });

  describe('CFG-PROTOCOL', () => {
    it.each(['algal.coding-operation.v2', 'algal.coding-operation-request.v1', '', 1, null])('refuses %j', (protocol) => {
      expect(errorOf(validAdapterConfig({ protocol }))).toMatchObject({ clauseId: 'CFG-PROTOCOL', field: 'protocol' });
    });
  });

  describe('CFG-AUTHORITY', () => {
    it.each(['', '-leading-dash', 'has space', 'a'.repeat(161), 'é', 7])('refuses %j', (authorityId) => {
      expect(errorOf(validAdapterConfig({ authorityId }))).toMatchObject({ clauseId: 'CFG-AUTHORITY', field: 'authorityId' });
    });
    it.each(['a', 'A.b_c:d-9', 'a'.repeat(160)])('admits %s', (authorityId) => {
      expect(validateAdapterConfig(validAdapterConfig({ authorityId }))).toHaveProperty('config');
    });
  });

  describe('CFG-EXECUTABLE', () => {
    it('refuses a relative path, quoting the value and its type', () => {
      expect(errorOf(validAdapterConfig({ executable: 'adapter.sh' }))).toEqual({
        clauseId: 'CFG-EXECUTABLE',
        field: 'executable',
        message: 'executable must be an absolute path (got "adapter.sh", string)',
      });
    });
    it.each(['', './a', '/a\u0000b', '/a\rb', '/a\nb', 5, null, ['/bin/sh']])('refuses %j', (executable) => {
      expect(errorOf(validAdapterConfig({ executable }))).toMatchObject({ clauseId: 'CFG-EXECUTABLE', field: 'executable' });
    });
    it('admits 4,096 bytes and refuses 4,097', () => {
      expect(validateAdapterConfig(validAdapterConfig({ executable: '/' + 'a'.repeat(4095), argvPrefix: [] }))).toHaveProperty('config');
      expect(errorOf(validAdapterConfig({ executable: '/' + 'a'.repeat(4096), argvPrefix: [] }))).toMatchObject({
        clauseId: 'CFG-EXECUTABLE',
        message: expect.stringContaining('4097 bytes'),
      });
    });
    it('counts UTF-8 bytes, not code units', () => {
      // 1 + 1365 * 3 = 4,096 bytes in 1,366 code units; one more character is 4,099 bytes.
      expect(validateAdapterConfig(validAdapterConfig({ executable: '/' + THREE_BYTES.repeat(1365), argvPrefix: [] }))).toHaveProperty('config');
      expect(errorOf(validAdapterConfig({ executable: '/' + THREE_BYTES.repeat(1366), argvPrefix: [] })).clauseId).toBe('CFG-EXECUTABLE');
      expect(errorOf(validAdapterConfig({ executable: '/' + FOUR_BYTES.repeat(1024), argvPrefix: [] })).clauseId).toBe('CFG-EXECUTABLE');
    });
  });

  describe('CFG-ARGV', () => {
    it('admits 31 items and refuses 32', () => {
      expect(validateAdapterConfig(validAdapterConfig({ argvPrefix: Array(31).fill('x') }))).toHaveProperty('config');
      expect(errorOf(validAdapterConfig({ argvPrefix: Array(32).fill('x') }))).toEqual({
        clauseId: 'CFG-ARGV',
        field: 'argvPrefix',
        message: 'argvPrefix must have at most 31 items (got 32 items, array)',
      });
    });
    it('admits empty items', () => {
      expect(validateAdapterConfig(validAdapterConfig({ argvPrefix: ['', '', ''] }))).toHaveProperty('config');
    });
    it('refuses a NUL inside an item, naming its index', () => {
      expect(errorOf(validAdapterConfig({ argvPrefix: ['ok', 'a\u0000b'] }))).toMatchObject({ clauseId: 'CFG-ARGV', field: 'argvPrefix[1]' });
    });
    it('admits CR and LF inside an item (only the executable forbids them)', () => {
      expect(validateAdapterConfig(validAdapterConfig({ argvPrefix: ['a\rb\nc'] }))).toHaveProperty('config');
    });
    it.each([[[1]], [[null]], ['--flag'], [{}]])('refuses %j', (argvPrefix) => {
      expect(errorOf(validAdapterConfig({ argvPrefix })).clauseId).toBe('CFG-ARGV');
    });
    it('admits a 4,096-byte item and refuses 4,097 bytes, counting UTF-8', () => {
      expect(validateAdapterConfig(validAdapterConfig({ argvPrefix: ['a'.repeat(4096)] }))).toHaveProperty('config');
      expect(errorOf(validAdapterConfig({ argvPrefix: ['a'.repeat(4097)] }))).toMatchObject({ clauseId: 'CFG-ARGV', field: 'argvPrefix[0]' });
      expect(validateAdapterConfig(validAdapterConfig({ argvPrefix: [FOUR_BYTES.repeat(1024)] }))).toHaveProperty('config');
      expect(errorOf(validAdapterConfig({ argvPrefix: ['a' + FOUR_BYTES.repeat(1024)] })).clauseId).toBe('CFG-ARGV');
      expect(validateAdapterConfig(validAdapterConfig({ argvPrefix: ['a' + THREE_BYTES.repeat(1365)] }))).toHaveProperty('config');
      expect(errorOf(validAdapterConfig({ argvPrefix: ['ab' + THREE_BYTES.repeat(1365)] })).clauseId).toBe('CFG-ARGV');
    });
  });

  describe('CFG-ARGV-TOTAL', () => {
    // executable '/x' is 2 bytes; four items of 4,096 bytes then reach 16,386.
    const items = (lastBytes: number): string[] => ['a'.repeat(4096), 'a'.repeat(4096), 'a'.repeat(4096), 'a'.repeat(lastBytes)];
    it('admits exactly 16,384 bytes and refuses 16,385', () => {
      expect(validateAdapterConfig(validAdapterConfig({ executable: '/x', argvPrefix: items(4094) }))).toHaveProperty('config');
      expect(errorOf(validAdapterConfig({ executable: '/x', argvPrefix: items(4095) }))).toEqual({
        clauseId: 'CFG-ARGV-TOTAL',
        field: 'argvPrefix',
        message: 'executable plus argvPrefix must be at most 16384 UTF-8 bytes in total (got 16385 bytes)',
      });
    });
    it('counts the total in UTF-8 bytes', () => {
      // 2 + 4 * 4,096 bytes, in far fewer code units.
      expect(errorOf(validAdapterConfig({ executable: '/x', argvPrefix: Array(4).fill(FOUR_BYTES.repeat(1024)) })).clauseId).toBe('CFG-ARGV-TOTAL');
    });
  });

  it('reports fields in order: protocol before authorityId before executable before argvPrefix', () => {
    const bad = { protocol: 'x', authorityId: '-', executable: 'rel', argvPrefix: Array(32).fill('') };
    expect(errorOf(bad).clauseId).toBe('CFG-PROTOCOL');
    expect(errorOf({ ...bad, protocol: validAdapterConfig()['protocol'] }).clauseId).toBe('CFG-AUTHORITY');
    expect(errorOf({ ...bad, protocol: validAdapterConfig()['protocol'], authorityId: 'a' }).clauseId).toBe('CFG-EXECUTABLE');
  });

  it('property: a valid configuration stays valid, and equal, under a JSON round trip', () => {
    fc.assert(
      fc.property(validAdapterConfigArbitrary, (config) => {
        expect(validateAdapterConfig(config)).toEqual({ config });
        expect(validateAdapterConfig(JSON.parse(JSON.stringify(config)))).toEqual({ config });
      }),
    );
  });

  it('property: adding any unknown key breaks CFG-CLOSED, naming the key', () => {
    const known = new Set(['protocol', 'authorityId', 'executable', 'argvPrefix']);
    fc.assert(
      fc.property(
        validAdapterConfigArbitrary,
        fc.string().filter((key) => !known.has(key)),
        fc.jsonValue(),
        (config, key, extra) => {
          const withKey = JSON.parse(JSON.stringify({ ...config, [key]: extra })) as unknown;
          expect(validateAdapterConfig(withKey)).toEqual({ error: { clauseId: 'CFG-CLOSED', field: key, message: expect.any(String) } });
        },
      ),
    );
  });
});
