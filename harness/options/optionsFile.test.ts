import { describe, expect, it } from 'vitest';
import { UsageError } from '../UsageError.js';
import { loadRunOptionsFile } from './optionsFile.js';

const files = (content: Record<string, string>) => (file: string) => {
  const text = content[file];
  if (text === undefined) throw Object.assign(new Error(`ENOENT: ${file}`), { code: 'ENOENT' });
  return text;
};

function refused(text: string): UsageError {
  try {
    loadRunOptionsFile('qualify.json', '/ci', files({ '/ci/qualify.json': text }));
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).option).toBe('--config');
    return error as UsageError;
  }
  throw new Error(`expected ${text} to be refused`);
}

describe('loadRunOptionsFile', () => {
  it('maps option names onto run options, keeps JSON types, and resolves paths from the file’s directory', () => {
    const text = JSON.stringify({ $schema: './s.json', runs: 3, 'timeout-ms': 5000, strict: true, exclude: 'SEM-', 'expected-failures': 'baseline.yaml', out: '/abs/out' });
    expect(loadRunOptionsFile('conf/qualify.json', '/ci', files({ '/ci/conf/qualify.json': text }))).toEqual({
      runs: 3,
      timeoutMs: 5000,
      strict: true,
      exclude: 'SEM-',
      expectedFailures: '/ci/conf/baseline.yaml',
      out: '/abs/out',
    });
  });

  it('names the field at fault: an unknown or per-job field, or a value of the wrong type', () => {
    expect(refused('{"shard": "1/2"}').message).toContain('unknown field "shard"');
    expect(refused('{"runz": 3}').message).toContain('unknown field "runz"');
    expect(refused('{"runs": "3"}').message).toContain('field "runs" must be integer');
    expect(refused('{"payload": "xml"}').message).toContain('field "payload" must be equal to one of the allowed values');
    expect(refused('[]').message).toContain('must be object');
  });

  it('says "no such file", and where a file stops being JSON', () => {
    expect(() => loadRunOptionsFile('missing.json', '/ci', files({}))).toThrow('--config missing.json: no such file');
    expect(refused('{\n  "runs": 3,\n}').message).toMatch(/not JSON at line 3, column 1/);
  });
});
