import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { UsageError } from '../UsageError.js';
import { loadExpectedFailures } from './loadExpectedFailures.js';

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
