import { describe, expect, it } from 'vitest';
import { UsageError } from '../UsageError.js';
import { validateLifecycleOption } from './lifecycleOption.js';

function environment(files: Record<string, string>) {
  return {
    cwd: '/work/here',
    readTextFile: (file: string): string => {
      const text = files[file];
      if (text === undefined) throw Object.assign(new Error(`ENOENT: ${file}`), { code: 'ENOENT' });
      return text;
    },
  };
}

function refusal(file: string, text: string | undefined): UsageError {
  try {
    validateLifecycleOption(file, environment(text === undefined ? {} : { [`/work/here/${file}`]: text }));
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error('expected a UsageError');
}

describe('validateLifecycleOption', () => {
  it('is null without the option', () => {
    expect(validateLifecycleOption(undefined, environment({}))).toBeNull();
  });

  it('resolves a relative restart executable against the file directory; other items stay literal', () => {
    const files = { '/work/here/sub/lifecycle.json': '{"restart": ["./restart.sh", "--ledger", "../x"]}' };
    expect(validateLifecycleOption('sub/lifecycle.json', environment(files))).toEqual({
      path: '/work/here/sub/lifecycle.json',
      restart: ['/work/here/sub/restart.sh', '--ledger', '../x'],
    });
    expect(validateLifecycleOption('/abs.json', environment({ '/abs.json': '{"restart": ["/usr/bin/env", "node"]}' }))?.restart).toEqual(['/usr/bin/env', 'node']);
  });

  it('accepts a file without a restart step (restart: null)', () => {
    expect(validateLifecycleOption('l.json', environment({ '/work/here/l.json': '{}' }))).toEqual({ path: '/work/here/l.json', restart: null });
  });

  it.each([
    ['missing file', undefined, /--lifecycle l\.json: cannot be read \(ENOENT\)/, undefined],
    ['not JSON', '{', /is not JSON/, undefined],
    ['not an object', '[]', /the lifecycle file must be a JSON object/, undefined],
    ['unknown field', '{"restart": ["/x"], "stop": []}', /unknown field "stop"/, 'stop'],
    ['restart not an array', '{"restart": "/x"}', /restart: restart must be an array of strings/, 'restart'],
    ['empty restart', '{"restart": []}', /restart: restart must name at least the executable/, 'restart'],
    ['non-string item', '{"restart": ["/x", 3]}', /restart\[1\]: restart items must be strings/, 'restart[1]'],
    ['NUL in an item', '{"restart": ["/x", "a\\u0000b"]}', /restart\[1\]: restart items must not contain NUL/, 'restart[1]'],
  ])('refuses a bad file naming the field: %s', (_name, text, message, field) => {
    const error = refusal('l.json', text);
    expect(error.message).toMatch(message);
    expect(error.option).toBe('--lifecycle');
    expect(error.field).toBe(field);
  });
});
