import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validAdapterConfig } from '../__test-helpers__/validRunInputs.js';
import type { CommandSubject, RunEnvironment, RunOptionsInput } from './runOptions.js';
import { fileURLToPath } from 'node:url';
import { normalizeManifestOptions, normalizeRunOptions } from './normalizeOptions.js';
import { runOptionDefaults } from './runOptionDefaults.js';
import { UsageError } from '../UsageError.js';

const subject = {
  kind: 'command',
  config: validAdapterConfig(),
  configPath: '/work/adapter/adapter.json',
  adapterCwd: '/work/adapter',
} as unknown as CommandSubject;

function environment(overrides: Partial<RunEnvironment> = {}): RunEnvironment {
  return {
    cwd: '/home/user/project',
    stderrIsTTY: false,
    ci: undefined,
    randomSeed: () => 424242,
    readTextFile: () => {
      throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    },
    ...overrides,
  };
}

const normalize = (raw: RunOptionsInput, env: Partial<RunEnvironment> = {}) => normalizeRunOptions(raw, subject, environment(env));

function usageError(raw: RunOptionsInput, env: Partial<RunEnvironment> = {}): UsageError {
  try {
    normalize(raw, env);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return error as UsageError;
  }
  throw new Error(`expected a usage error for ${JSON.stringify(raw)}`);
}

describe('normalizeRunOptions', () => {
  it('applies every default, leaving no field undefined', () => {
    expect(normalize({})).toEqual({
      subject: { kind: 'command', configPath: '/work/adapter/adapter.json', config: validAdapterConfig(), adapterCwd: '/work/adapter' },
      outDir: '/home/user/project/qualify-report',
      seed: 424242,
      runs: 10,
      timeoutMs: 10_000,
      maxOutputBytes: 1_048_576,
      only: null,
      exclude: null,
      replayPath: null,
      payload: { kind: 'any-json' },
      maxSubmits: null,
      maxFailures: null,
      concurrency: 4,
      pollBudget: 8,
      settleMs: 5000,
      allowOutInAdapterDir: false,
      sandbox: 'auto',
      allowNetwork: false,
      strict: false,
      strictShould: false,
      expectedFailures: null,
      shard: null,
      keepStderr: false,
      hideNotApplicable: false,
      lifecycle: null,
      writeBaseline: null,
      adapterEnvironment: { inherit: false, passNames: [] },
      progress: false,
      subjectFiles: [],
    });
  });

  it('reads --pass-env (repeatable, repeats dropped) and --inherit-env, and refuses a name that is no variable name', () => {
    expect(normalize({ passEnv: ['DATABASE_URL', 'MY_KEY', 'DATABASE_URL'], inheritEnv: true }).adapterEnvironment).toEqual({
      inherit: true,
      passNames: ['DATABASE_URL', 'MY_KEY'],
    });
    expect(normalize({ passEnv: 'ONE' }).adapterEnvironment).toEqual({ inherit: false, passNames: ['ONE'] });
    expect(() => normalize({ passEnv: ['A=B'] })).toThrow(/--pass-env must name an environment variable .*"A=B"/);
  });

  it('reads command-line text and numbers alike', () => {
    const options = normalize({
      out: 'reports/a',
      seed: '0',
      runs: 10_000,
      timeoutMs: '600000',
      maxOutputBytes: '1024',
      only: '^REQ-',
      replayPath: '0/3:0:1',
      payload: 'coding-job-v2',
      maxSubmits: '1',
      concurrency: '16',
      pollBudget: '1000',
      strict: true,
      strictShould: true,
      keepStderr: true,
    });
    expect(options).toMatchObject({
      outDir: path.resolve('/home/user/project', 'reports/a'),
      seed: 0,
      runs: 10_000,
      timeoutMs: 600_000,
      maxOutputBytes: 1024,
      only: '^REQ-',
      replayPath: { property: 0, path: '3:0:1' },
      payload: { kind: 'coding-job-v2' },
      maxSubmits: 1,
      concurrency: 16,
      pollBudget: 1000,
      strict: true,
      strictShould: true,
      keepStderr: true,
    });
  });

  it.each([
    ['seed', '-1', '--seed'],
    ['seed', '2147483648', '--seed'],
    ['runs', '0', '--runs'],
    ['runs', '10001', '--runs'],
    ['runs', '1e3', '--runs'],
    ['runs', ' 5', '--runs'],
    ['runs', '5.0', '--runs'],
    ['runs', 2.5, '--runs'],
    ['timeoutMs', '0', '--timeout-ms'],
    ['timeoutMs', '600001', '--timeout-ms'],
    ['maxOutputBytes', '1023', '--max-output-bytes'],
    ['maxOutputBytes', '1048577', '--max-output-bytes'],
    ['maxSubmits', '0', '--max-submits'],
    ['concurrency', '17', '--concurrency'],
    ['concurrency', '0', '--concurrency'],
    ['pollBudget', '1001', '--poll-budget'],
  ] as const)('refuses %s = %j, naming %s, the value and its type', (key, value, option) => {
    const error = usageError({ [key]: value });
    expect(error.option).toBe(option);
    expect(error.message).toContain(option);
    expect(error.message).toContain(`got ${typeof value === 'string' ? JSON.stringify(value) : String(value)}, ${typeof value}`);
  });

  it('quotes the range in integer errors', () => {
    expect(usageError({ runs: 'abc' }).message).toBe('--runs must be an integer from 1 to 10000 (got "abc", string)');
  });

  it('refuses an --only that does not compile', () => {
    expect(usageError({ only: '(' })).toMatchObject({ option: '--only', message: expect.stringContaining('valid regular expression') });
  });

  it('refuses --replay-path without --only or without --seed, and a malformed path', () => {
    expect(usageError({ replayPath: '0/1:2', seed: '1' }).option).toBe('--replay-path');
    expect(usageError({ replayPath: '0/1:2', only: 'x' }).option).toBe('--replay-path');
    expect(usageError({ replayPath: 'a:b', only: 'x', seed: '1' }).option).toBe('--replay-path');
    expect(usageError({ replayPath: '3:0:1', only: 'x', seed: '1' }).option).toBe('--replay-path');
  });

  it('reads --shard and --expected-failures; a replay cannot be sharded', () => {
    const options = normalize({ shard: '2/3', expectedFailures: 'ci/expected.yaml' }, { readTextFile: () => '- OUT-CLOSED\n' });
    expect(options.shard).toEqual({ index: 2, count: 3 });
    expect(options.expectedFailures?.file).toBe('/home/user/project/ci/expected.yaml');
    expect(options.expectedFailures?.entries).toEqual(['OUT-CLOSED']);
    expect(usageError({ shard: '1/2', only: '^X$', seed: '1', replayPath: '0/1' }).option).toBe('--shard');
  });

  it('refuses an unknown --payload', () => {
    expect(usageError({ payload: 'xml' }).message).toBe('--payload must be one of any-json, coding-job-v2 (got "xml", string)');
  });

  describe('--payload-file', () => {
    const reading = (text: string) => ({ readTextFile: (file: string) => (file === '/home/user/project/samples.json' ? text : '') });

    it('loads a non-empty array of samples, resolving the path', () => {
      expect(normalize({ payloadFile: 'samples.json' }, reading('[{"a":1}, "x", null]')).payload).toEqual({
        kind: 'samples',
        file: '/home/user/project/samples.json',
        samples: [{ a: 1 }, 'x', null],
      });
    });
    it('is exclusive with --payload', () => {
      expect(usageError({ payloadFile: 'samples.json', payload: 'any-json' }, reading('[1]')).message).toContain('cannot be given together');
    });
    it.each([
      ['not JSON', '[1,', 'is not JSON'],
      ['an object', '{}', 'non-empty JSON array'],
      ['an empty array', '[]', 'non-empty JSON array'],
      ['too deep a sample', `[${'['.repeat(17)}0${']'.repeat(17)}]`, 'sample [0] is not a valid payload: it nests deeper than 16'],
      ['a non-finite number', '[1, 1e400]', 'sample [1] is not a valid payload: it holds a non-finite number'],
      ['an array of 257 entries', `[${JSON.stringify(Array(257).fill(0))}]`, 'array of 257 entries'],
      ['an object of 65 entries', `[${JSON.stringify(Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, i])))}]`, 'object of 65 entries'],
      ['a 257-byte key', `[{"${'k'.repeat(257)}":1}]`, 'key of 257 UTF-8 bytes'],
    ])('refuses %s', (_name, text, message) => {
      expect(usageError({ payloadFile: 'samples.json' }, reading(text))).toMatchObject({ option: '--payload-file', message: expect.stringContaining(message) });
    });
    it('admits a sample exactly at depth 16', () => {
      const text = `[${'['.repeat(16)}0${']'.repeat(16)}]`;
      expect(normalize({ payloadFile: 'samples.json' }, reading(text)).payload.kind).toBe('samples');
    });
    it('names an unreadable file', () => {
      expect(usageError({ payloadFile: 'samples.json' }).message).toBe('--payload-file: samples.json cannot be read (ENOENT)');
    });
  });

  it('keeps --subject-file globs in order, and refuses a blank one or one on an SDK subject', () => {
    expect(normalize({ subjectFiles: ['lib/**/*.py', 'vendor/x.js'] }).subjectFiles).toEqual(['lib/**/*.py', 'vendor/x.js']);
    expect(usageError({ subjectFiles: [' '] }).option).toBe('--subject-file');
    const sdk = { kind: 'sdk', modulePath: '/m/index.js', authorityId: 'a' } as unknown as CommandSubject;
    expect(() => normalizeRunOptions({ subjectFiles: ['*.js'] }, sdk, environment({}))).toThrow(/--subject-file applies only to an adapter.json subject/);
  });

  it('refuses a boolean option given a value (library callers)', () => {
    expect(usageError({ strict: 'yes' as unknown as boolean }).option).toBe('--strict');
  });

  it.each([
    [true, undefined, true],
    [true, 'true', false],
    [true, '1', false],
    [true, 'false', true],
    [false, undefined, false],
  ])('progress: stderr TTY %s and CI=%s gives %s', (stderrIsTTY, ci, progress) => {
    expect(normalize({}, { stderrIsTTY, ci }).progress).toBe(progress);
  });
});

describe('normalizeRunOptions --exclude', () => {
  it('keeps a valid pattern as written and refuses one that does not compile, naming --exclude', () => {
    expect(normalize({ exclude: 'SEM-CRASH|SEM-DURABLE' }).exclude).toBe('SEM-CRASH|SEM-DURABLE');
    const error = usageError({ exclude: '(' });
    expect(error.option).toBe('--exclude');
    expect(error.message).toContain('--exclude must be a valid regular expression');
  });
});

describe('normalizeRunOptions --hide-not-applicable', () => {
  it('is a flag: on when given, and refuses a value, naming the option', () => {
    expect(normalize({ hideNotApplicable: true }).hideNotApplicable).toBe(true);
    expect(usageError({ hideNotApplicable: 'yes' as unknown as boolean }).option).toBe('--hide-not-applicable');
  });
});

describe('normalizeRunOptions --config', () => {
  const readTextFile = (file: string) => {
    if (file === '/home/user/project/qualify.json') return JSON.stringify({ runs: 3, 'poll-budget': 2, strict: true, exclude: 'SEM-DURABLE' });
    if (file === '/home/user/project/bad.json') return JSON.stringify({ runs: 0 });
    throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
  };

  it('takes every option the flags leave out from the file, and lets a flag override it', () => {
    const options = normalize({ config: 'qualify.json', runs: '7' }, { readTextFile });
    expect(options).toEqual(expect.objectContaining({ runs: 7, pollBudget: 2, strict: true, exclude: 'SEM-DURABLE' }));
  });

  it('validates a value from the file as it validates the flag', () => {
    expect(usageError({ config: 'bad.json' }, { readTextFile }).option).toBe('--runs');
    expect(usageError({ config: 'none.json' }, { readTextFile }).message).toContain('no such file');
  });
});

describe('normalizeRunOptions --max-failures', () => {
  it('is absent by default and a positive integer otherwise, naming the option when refused', () => {
    expect(normalize({}).maxFailures).toBeNull();
    expect(normalize({ maxFailures: '3' }).maxFailures).toBe(3);
    expect(usageError({ maxFailures: '0' }).option).toBe('--max-failures');
  });
});

describe('normalizeManifestOptions', () => {
  const reference = fileURLToPath(new URL('../../adapters/manifest-reference', import.meta.url));

  it("applies run's defaults, and a directory means its manifest.json", () => {
    const options = normalizeManifestOptions({ manifest: reference }, '/work');
    expect(options).toMatchObject({
      manifestPath: path.join(reference, 'manifest.json'),
      manifestArgument: reference,
      outDir: path.resolve('/work', runOptionDefaults.out),
      runs: runOptionDefaults.runs,
      timeoutMs: runOptionDefaults.timeoutMs,
      maxOutputBytes: runOptionDefaults.maxOutputBytes,
      allowMutating: false,
      strict: false,
      strictShould: false,
    });
    expect(Number.isSafeInteger(options.seed)).toBe(true);
  });

  it('validates the options it shares with run in the same words', () => {
    expect(() => normalizeManifestOptions({ manifest: reference, runs: '0' }, '/work')).toThrow(
      expect.objectContaining({ name: 'UsageError', option: '--runs', message: '--runs must be an integer from 1 to 10000 (got "0", string)' }),
    );
    expect(normalizeManifestOptions({ manifest: reference, seed: '7', strict: true }, '/work')).toMatchObject({ seed: 7, strict: true });
  });

  it('refuses a path that is neither a manifest nor a directory holding one', () => {
    expect(() => normalizeManifestOptions({ manifest: 'nowhere' }, '/nonexistent')).toThrow(
      expect.objectContaining({ name: 'UsageError', field: 'manifest', message: 'manifest: "nowhere" is neither a manifest file nor a directory holding manifest.json' }),
    );
  });
});

describe('the sandbox options', () => {
  it('are auto by default, off with --no-sandbox, required with --require-sandbox, and refuse both', () => {
    const run = (input: RunOptionsInput): ReturnType<typeof normalizeRunOptions> => normalize(input);
    expect(run({}).sandbox).toBe('auto');
    expect(run({ noSandbox: true }).sandbox).toBe('off');
    expect(run({ requireSandbox: true }).sandbox).toBe('required');
    expect(run({ allowNetwork: true }).allowNetwork).toBe(true);
    expect(() => run({ noSandbox: true, requireSandbox: true })).toThrow(/--no-sandbox and --require-sandbox/);
  });
});
