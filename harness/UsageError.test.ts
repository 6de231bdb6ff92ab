import { describe, expect, it } from 'vitest';
import { UsageError } from './UsageError.js';

describe('UsageError', () => {
  it('has a literal name and carries only the details given', () => {
    const error = new UsageError('adapter.json: CFG-ARGV: too many', { clauseId: 'CFG-ARGV', field: 'argvPrefix' });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('UsageError');
    expect(Object.keys(error).sort()).toEqual(['clauseId', 'field', 'name']);
    expect(error.option).toBeUndefined();
  });
  it('keeps the cause when given', () => {
    const cause = new Error('ENOENT');
    const error = new UsageError('--payload-file: cannot be read', { option: '--payload-file', cause });
    expect(error.cause).toBe(cause);
    expect(Object.keys(error).sort()).toEqual(['name', 'option']);
  });
});
