import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { codingOperationClauses } from '../clauses.js';
import { UsageError } from '../UsageError.js';
import { loadExpectedFailures, parseExpectedFailures } from './expectedFailures.js';

const PROFILE = codingOperationClauses.map(({ id }) => id);
const parse = (text: string): string[] => parseExpectedFailures(text, 'baseline.yaml', PROFILE);

function refusal(text: string): UsageError {
  try {
    parse(text);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error('expected a UsageError');
}

describe('parseExpectedFailures', () => {
  test('reads a YAML list, with comments, in file order', () => {
    expect(parse('# known\n- SEM-TERMINAL-IMMUTABLE\n- OUT-CLOSED  # tracked in #12\n')).toEqual(['SEM-TERMINAL-IMMUTABLE', 'OUT-CLOSED']);
  });

  test('reads a JSON list and the {"expectedFailures": [...]} form, in JSON and YAML', () => {
    expect(parse('["OUT-CLOSED", "REQ-CLOSED"]')).toEqual(['OUT-CLOSED', 'REQ-CLOSED']);
    expect(parse('{ "expectedFailures": ["OUT-CLOSED"] }')).toEqual(['OUT-CLOSED']);
    expect(parse('expectedFailures:\n  - REQ-CLOSED\n')).toEqual(['REQ-CLOSED']);
    expect(parse('[]')).toEqual([]);
  });

  test('an unknown clause ID is a usage error naming the entry and the option', () => {
    const error = refusal('- OUT-CLOSED\n- OUT-CLOSD\n');
    expect(error.message).toBe('--expected-failures baseline.yaml: entry 2 "OUT-CLOSD" is not a clause ID of this profile');
    expect(error.option).toBe('--expected-failures');
  });

  test('a clause of another profile is refused like an unknown one', () => {
    expect(() => parseExpectedFailures('- OUT-CLOSED', 'b.yaml', ['REQ-CLOSED'])).toThrow('entry 1 "OUT-CLOSED" is not a clause ID of this profile');
  });

  test('duplicates, non-strings, wrong shapes and broken YAML are refused with the reason', () => {
    expect(refusal('- OUT-CLOSED\n- OUT-CLOSED\n').message).toContain('entry 2 "OUT-CLOSED" is listed twice');
    expect(refusal('- 12\n').message).toContain('entry 1 must be a clause ID string (got 12, number)');
    expect(refusal('OUT-CLOSED\n').message).toContain('must be a list of clause IDs');
    expect(refusal('{ "expectedFailures": ["OUT-CLOSED"], "extra": 1 }').message).toContain('must be a list of clause IDs');
    expect(refusal('- [unclosed\n').message).toMatch(/^--expected-failures baseline\.yaml: not valid YAML or JSON \(/);
  });
});

const TEXT = '- OUT-CLOSED\n- REQ-CLOSED\n';
const io = (files: Record<string, string>) => ({
  cwd: '/ci',
  readTextFile: (file: string): string => {
    const text = files[file];
    if (text === undefined) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
    return text;
  },
});

describe('loadExpectedFailures', () => {
  test('absent option: no baseline', () => {
    expect(loadExpectedFailures(undefined, io({}), ['OUT-CLOSED'])).toBeNull();
  });

  test('binds the entries to the resolved file and the sha256 of its text', () => {
    expect(loadExpectedFailures('base/expected.yaml', io({ '/ci/base/expected.yaml': TEXT }), ['OUT-CLOSED', 'REQ-CLOSED'])).toEqual({
      file: '/ci/base/expected.yaml',
      sha256: createHash('sha256').update(TEXT).digest('hex'),
      entries: ['OUT-CLOSED', 'REQ-CLOSED'],
    });
  });

  test('an unreadable file or an empty path is a usage error naming the option', () => {
    expect(() => loadExpectedFailures('missing.yaml', io({}), [])).toThrow(
      expect.objectContaining({ name: 'UsageError', option: '--expected-failures', message: '--expected-failures: missing.yaml cannot be read (ENOENT)' }),
    );
    expect(() => loadExpectedFailures('', io({}), [])).toThrow(UsageError);
  });
});
