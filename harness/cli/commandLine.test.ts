import { describe, expect, it } from 'vitest';
import { UsageError } from '../UsageError.js';
import { parseRunArgs } from './commandLine.js';

function usageError(args: string[]): UsageError {
  try {
    parseRunArgs(args);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return error as UsageError;
  }
  throw new Error(`expected a usage error for ${args.join(' ')}`);
}

describe('parseRunArgs', () => {
  it('maps every option to its input field, leaving absent options undefined', () => {
    const parsed = parseRunArgs([
      'adapter.json',
      '--out=o',
      '--seed',
      '1',
      '--runs',
      '2',
      '--timeout-ms',
      '3',
      '--max-output-bytes',
      '4',
      '--only',
      'x',
      '--replay-path',
      '0:1',
      '--payload',
      'any-json',
      '--payload-file',
      'f',
      '--max-submits',
      '5',
      '--concurrency',
      '6',
      '--poll-budget',
      '7',
      '--strict',
      '--strict-should',
      '--keep-stderr',
    ]);
    expect(parsed).toEqual({
      kind: 'run',
      subject: { kind: 'command', configFile: 'adapter.json' },
      input: {
        out: 'o',
        seed: '1',
        runs: '2',
        timeoutMs: '3',
        maxOutputBytes: '4',
        only: 'x',
        replayPath: '0:1',
        payload: 'any-json',
        payloadFile: 'f',
        maxSubmits: '5',
        concurrency: '6',
        pollBudget: '7',
        strict: true,
        strictShould: true,
        keepStderr: true,
      },
      json: false,
    });
    expect(parseRunArgs(['a.json'])).toMatchObject({ kind: 'run', input: { runs: undefined, strict: undefined } });
  });

  it('takes --json as output only, not a run option', () => {
    expect(parseRunArgs(['a.json', '--json'])).toMatchObject({ kind: 'run', json: true });
  });

  it.each([['--help'], ['-h'], ['adapter.json', '--bogus', '--help']])('recognises help in %j', (...args) => {
    expect(parseRunArgs(args)).toEqual({ kind: 'help' });
  });

  it('collects a repeated --subject-file in order', () => {
    const parsed = parseRunArgs(['a.json', '--subject-file', 'lib/*.py', '--subject-file', 'x.py']);
    expect(parsed.kind === 'run' ? parsed.input.subjectFiles : null).toEqual(['lib/*.py', 'x.py']);
  });

  it('treats --help after -- as a positional', () => {
    expect(usageError(['a.json', '--', '--help']).message).toContain('extra arguments "--help"');
  });

  it('refuses an unknown option, naming it', () => {
    expect(usageError(['adapter.json', '--bogus'])).toMatchObject({ option: '--bogus', message: 'run: unknown option --bogus (see adapter-qualify run --help)' });
  });

  it('refuses an option missing its value, naming it', () => {
    expect(usageError(['adapter.json', '--runs']).option).toBe('--runs');
  });

  it('answers --seed -1 with how to write a dash value, not "argument is ambiguous"', () => {
    const error = usageError(['adapter.json', '--seed', '-1']);
    expect(error.message).toBe('run: --seed got "-1", which looks like an option; a value starting with "-" is written --seed=-1 (see adapter-qualify run --help for its range)');
    expect(error.option).toBe('--seed');
  });

  it('refuses a value on a flag', () => {
    expect(usageError(['adapter.json', '--strict=yes']).option).toBe('--strict');
  });

  it('takes an SDK subject: --sdk with --authority, and no configuration', () => {
    expect(parseRunArgs(['--sdk', 'dist/sdk.js', '--authority', 'ledger-a1', '--runs', '2'])).toMatchObject({
      kind: 'run',
      subject: { kind: 'sdk', moduleFile: 'dist/sdk.js', authorityId: 'ledger-a1' },
      input: { runs: '2' },
    });
    expect(usageError(['a.json', '--sdk', 'dist/sdk.js', '--authority', 'x'])).toMatchObject({ option: '--sdk', message: expect.stringContaining('mutually exclusive') });
    expect(usageError(['--sdk', 'dist/sdk.js']).option).toBe('--authority');
    expect(usageError(['--sdk=', '--authority', 'x']).option).toBe('--sdk');
    expect(usageError(['a.json', '--authority', 'x'])).toMatchObject({ option: '--authority', message: expect.stringContaining('only with --sdk') });
  });

  it('requires exactly one configuration path', () => {
    expect(usageError([]).message).toContain('missing <adapter.json>');
    expect(usageError(['a.json', 'b.json']).message).toContain('extra arguments "b.json"');
  });
});
