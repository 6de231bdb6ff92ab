import { execa } from 'execa';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runOptionsOf } from '../__test-helpers__/validRunInputs.js';
import { replayCommand } from './replayCommand.js';
import { cliWords } from '../replay/failureCases.js';
import type { CommandSubject } from '../options/runOptions.js';
import { namedPath } from '../options/bytePath.js';

const TRICKY_NAME = `REQ-CLOSED: refuses "x" (a.b+c) [it's] $HOME \`id\` ^*?{1}|\\ end`;

// Regular-expression and shell metacharacters, often; any other printable text otherwise (argv cannot carry NUL).
const nameUnit = fc.oneof(fc.constantFrom(...'().+*?^$|[]{}\\\'"`!&;<>~#\n\t '), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }));

/** The words `sh` sees in the command, NUL-separated so any other character survives. */
async function shellWords(command: string): Promise<string[]> {
  const { stdout } = await execa('sh', ['-c', `printf '%s\\0' ${command}`], { stripFinalNewline: false });
  return stdout.split('\0').slice(0, -1);
}

function commandSubject(): CommandSubject {
  const { subject } = runOptionsOf();
  if (subject.kind !== 'command') throw new Error('runOptionsOf() has a command subject');
  return subject;
}

function argumentOf(words: readonly string[], flag: string): string | undefined {
  const index = words.indexOf(flag);
  return index === -1 ? undefined : words[index + 1];
}

describe('replayCommand', () => {
  it('gives the shell exactly the words of the replay, in order', async () => {
    const subject = { ...commandSubject(), configPath: "/home/me/my adapter/it's.json", configNamed: namedPath(Buffer.from("/home/me/my adapter/it's.json")) };
    const options = runOptionsOf({ subject, runs: 25, timeoutMs: 500, maxOutputBytes: 4096, pollBudget: 3 });
    const words = await shellWords(replayCommand({ testName: TRICKY_NAME, seed: 99, path: '1/4:0:2' }, options));
    expect(words).toEqual([
      ...cliWords(),
      'run',
      "/home/me/my adapter/it's.json",
      '--only',
      expect.any(String),
      '--seed',
      '99',
      '--replay-path',
      '1/4:0:2',
      '--runs',
      '25',
      '--payload',
      'any-json',
      '--timeout-ms',
      '500',
      '--max-output-bytes',
      '4096',
      '--poll-budget',
      '3',
      '--out',
      'qualify-replay-req-closed',
    ]);
  });

  it('starts the CLI as this copy is installed: its built bin in a clone, npx in a project that installed it', () => {
    expect(cliWords('/home/me/adapter-qualify')).toEqual(['node', '/home/me/adapter-qualify/dist/harness/cli/main.js']);
    expect(cliWords('/home/me/project/node_modules/adapter-qualify')).toEqual(['npx', 'adapter-qualify']);
  });

  it('anchors and escapes --only so it matches exactly the test name', async () => {
    const only = argumentOf(await shellWords(replayCommand({ testName: TRICKY_NAME, seed: 1 }, runOptionsOf())), '--only');
    const pattern = new RegExp(only ?? '(?!)');
    expect(pattern.test(TRICKY_NAME)).toBe(true);
    expect(pattern.test(`${TRICKY_NAME} (again)`)).toBe(false);
    expect(pattern.test(`x ${TRICKY_NAME}`)).toBe(false);
    expect(pattern.test(TRICKY_NAME.replace('a.b', 'aXb'))).toBe(false);
  });

  it('round-trips any test name through the shell and the regular expression', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: nameUnit, minLength: 1 }), async (name) => {
        const only = argumentOf(await shellWords(replayCommand({ testName: name, seed: 1 }, runOptionsOf())), '--only');
        expect(only).toBeDefined();
        const pattern = new RegExp(only ?? '(?!)');
        expect(pattern.test(name)).toBe(true);
        expect(pattern.test(`${name}!`)).toBe(false);
      }),
      { numRuns: 40 },
    );
  });

  it('replays an SDK run with --sdk and --authority instead of a configuration', async () => {
    const options = runOptionsOf({ subject: { kind: 'sdk', modulePath: '/opt/my sdk/index.js', authorityId: 'ledger-b2' } });
    const words = await shellWords(replayCommand({ testName: 'SDK-CANCEL: t', seed: 5 }, options));
    expect(words.slice(0, 8)).toEqual([...cliWords(), 'run', '--sdk', '/opt/my sdk/index.js', '--authority', 'ledger-b2', '--only']);
  });

  it('adds --replay-path only when there is a path', () => {
    const options = runOptionsOf();
    expect(replayCommand({ testName: 'REQ-CLOSED: t', seed: 1 }, options)).not.toContain('--replay-path');
    expect(replayCommand({ testName: 'REQ-CLOSED: t', seed: 1, path: '' }, options)).not.toContain('--replay-path');
    expect(replayCommand({ testName: 'REQ-CLOSED: t', seed: 1, path: '0/2' }, options)).toContain('--replay-path 0/2');
  });

  it('names the payload family, or the sample file for sample payloads', async () => {
    const handle = { testName: 'REQ-CLOSED: t', seed: 1 };
    const coding = await shellWords(replayCommand(handle, runOptionsOf({ payload: { kind: 'coding-job-v2' } })));
    expect(argumentOf(coding, '--payload')).toBe('coding-job-v2');
    expect(coding).not.toContain('--payload-file');

    const file = "/data/my samples/it's $1.json";
    const samples = await shellWords(replayCommand(handle, runOptionsOf({ payload: { kind: 'samples', file, samples: [1, 'two'] } })));
    expect(argumentOf(samples, '--payload-file')).toBe(file);
    expect(samples).not.toContain('--payload');
  });
});
