import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { dir, type DirectoryResult } from 'tmp-promise';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { packageRoot } from '../packageRoot.js';
import { validAdapterConfig } from '../__test-helpers__/validRunInputs.js';
import { mutantConfig } from '../../adapters/mutants/mutantConfig.js';
import type { AcceptanceReport } from '../../reports/types.js';
import type { AcpAcceptanceReport } from '../../reports/acp/buildAcpReport.js';
import { shellQuote } from '../quoting.js';
import { argumentBytesIn, escapeBytes, namedPath, shellWordOfBytes } from './bytePath.js';

const BIN = fileURLToPath(new URL('../../dist/harness/cli/main.js', import.meta.url));
const BUNDLE = path.join(packageRoot, 'dist', 'adapters', 'reference', 'bundle', 'main.js');
const ACP_MUTANTS = path.join(packageRoot, 'dist', 'adapters', 'acp-mutants', 'main.js');

describe('argumentBytesIn', () => {
  const cmdline = Buffer.concat([Buffer.from('node\0main.js\0run\0'), Buffer.from([0x61, 0xff, 0x2f, 0x62, 0]), Buffer.from('x\0')]);

  it('finds the bytes of the argument Node decoded to U+FFFD', () => {
    expect(argumentBytesIn(cmdline, 'a\uFFFD/b')).toEqual(Buffer.from([0x61, 0xff, 0x2f, 0x62]));
    expect(argumentBytesIn(cmdline, 'nothing')).toBeNull();
  });

  it('says when two arguments with different bytes decode alike', () => {
    expect(argumentBytesIn(Buffer.concat([cmdline, Buffer.from([0x61, 0xfe, 0x2f, 0x62, 0])]), 'a\uFFFD/b')).toBe('ambiguous');
  });
});

describe('escapeBytes', () => {
  it('keeps UTF-8 text and writes every other byte as \\xNN (a backslash doubled)', () => {
    expect(escapeBytes(Buffer.from([0x2f, 0x61, 0xff, 0xfe, 0xc3, 0xa9, 0x5c, 0xed, 0xa0, 0x80, 0xf0, 0x9f, 0x98, 0x80]))).toBe('/a\\xff\\xfeé\\\\\\xed\\xa0\\x80😀');
  });
});

describe('shellWordOfBytes', () => {
  // What bash makes of the word: the one argument it passes on, as bytes.
  const bashArgument = async (word: string): Promise<Buffer> => Buffer.from((await execa('bash', ['-c', `printf %s ${word}`], { encoding: 'buffer' })).stdout);

  it('gives bash back the very bytes: ones that are not UTF-8, a quote, a backslash, control characters, a hex digit after an escape', async () => {
    const bytes = Buffer.concat([Buffer.from("/tmp/a'b\\c \n\t$x"), Buffer.from([0xff, 0x61, 0xfe, 0x30, 0xc3, 0xa9, 0x7f, 0xed, 0xa0, 0x80]), Buffer.from('😀/adapter.json')]);
    const word = shellWordOfBytes(bytes);
    expect(word).toBe("$'/tmp/a\\'b\\\\c \\x0a\\x09$x\\xffa\\xfe0é\\x7f\\xed\\xa0\\x80😀/adapter.json'");
    expect(await bashArgument(word)).toEqual(bytes);
  });

  it('is shellQuote for UTF-8 bytes', async () => {
    for (const text of ['/work/adapter.json', "/tmp/it's here/adapter.json"]) {
      expect(shellWordOfBytes(Buffer.from(text))).toBe(shellQuote(text));
      expect(await bashArgument(shellWordOfBytes(Buffer.from(text)))).toEqual(Buffer.from(text));
    }
  });

  it('namedPath shows UTF-8 as it is and other bytes as \\xNN, keeping those in hex', () => {
    expect(namedPath(Buffer.from('/a\\b'))).toEqual({ shown: '/a\\b', shellWord: "'/a\\b'", bytes: null });
    expect(namedPath(Buffer.from([0x2f, 0xff]))).toEqual({ shown: '/\\xff', shellWord: "$'/\\xff'", bytes: '2fff' });
  });
});

/**
 * `adapter-qualify COMMAND aq-\xff\xfe/FILE ARGS…` run in `cwd`: Node cannot pass such bytes to a child as an
 * argument, so a shell writes them (printf octal escapes).
 */
function cliOnBadPath(cwd: string, file: string, command: string, ...args: string[]) {
  return execa('/bin/sh', ['-c', `command=$1; file=$2; shift 2; exec node "$0" "$command" "$(printf 'aq-\\377\\376/')$file" "$@"`, BIN, command, file, ...args], {
    cwd,
    reject: false,
    env: { CI: 'true' },
  });
}

/**
 * A replay command pasted into bash in another directory, after the run (and its symlink) is gone: it exits 1
 * and writes its report into `replayDir` there.
 */
async function replayedElsewhere(root: string, replay: string, replayDir: string): Promise<{ readonly elsewhere: string; readonly replayed: AcceptanceReport | AcpAcceptanceReport }> {
  const elsewhere = path.join(root, 'elsewhere');
  mkdirSync(elsewhere);
  const run = await execa('bash', ['-c', replay], { cwd: elsewhere, reject: false, env: { CI: 'true' } });
  expect(run.exitCode, run.stderr).toBe(1);
  const report = path.join(elsewhere, replayDir, 'acceptance.json');
  expect(existsSync(report), run.stdout).toBe(true);
  return { elsewhere, replayed: JSON.parse(readFileSync(report, 'utf8')) as AcceptanceReport | AcpAcceptanceReport };
}

describe('an adapter or ACP agent in a directory whose name is not UTF-8, end to end', () => {
  let root: DirectoryResult;
  beforeEach(async () => {
    root = await dir({ unsafeCleanup: true });
  });
  afterEach(async () => {
    await root.cleanup();
  });

  // The directory `aq-\xff\xfe` holds the reference adapter's bundle, named by a relative argument,
  // so the run works only if the adapter runs in that very directory. Node cannot pass such bytes
  // to a child as an argument, so a shell writes them (printf octal escapes).
  function adapterInBadDirectory(): void {
    const bad = Buffer.concat([Buffer.from(`${root.path}/aq-`), Buffer.from([0xff, 0xfe])]);
    mkdirSync(bad);
    copyFileSync(BUNDLE, Buffer.concat([bad, Buffer.from('/main.js')]));
    const config = validAdapterConfig({ authorityId: 'reference-ledger', executable: process.execPath, argvPrefix: ['main.js', '--authority', 'reference-ledger'] });
    writeFileSync(Buffer.concat([bad, Buffer.from('/adapter.json')]), JSON.stringify(config));
  }
  const cli = (command: string, ...args: string[]) => cliOnBadPath(root.path, 'adapter.json', command, ...args);

  it('runs it: the configuration is found and the adapter runs in its directory; messages show the bytes escaped', async () => {
    adapterInBadDirectory();
    const run = await cli('run', '--only', 'SEM-SUBMIT-ADMITS', '--runs', '2', '--seed', '1', '--out', path.join(root.path, 'report'));
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toContain('"aq-\\xff\\xfe/adapter.json": the directory\'s name is not UTF-8');
    expect(run.stdout).toMatch(/pass [1-9]/);
  }, 300_000);

  it('its report and replay commands name the directory itself, escaped, never the temporary symlink; the replay command pasted into bash replays, and so does `replay <report-dir>`', async () => {
    const bad = Buffer.concat([Buffer.from(`${root.path}/aq-`), Buffer.from([0xff, 0xfe])]);
    mkdirSync(bad);
    writeFileSync(Buffer.concat([bad, Buffer.from('/adapter.json')]), JSON.stringify(mutantConfig('terminal-debug-field')));
    const report = path.join(root.path, 'report');
    const run = await cli('run', '--only', 'OUT-CLOSED', '--runs', '2', '--seed', '1', '--out', report);
    expect(run.exitCode, run.stderr).toBe(1);
    const replay = (JSON.parse(readFileSync(path.join(report, 'acceptance.json'), 'utf8')) as AcceptanceReport).clauses.find((entry) => entry.id === 'OUT-CLOSED')?.replay;
    const named = `$'${root.path}/aq-\\xff\\xfe/adapter.json'`;
    expect(replay).toContain(` run ${named} --only `);
    for (const file of ['acceptance.json', 'acceptance.md', 'acceptance.html', 'junit.xml', 'failures/OUT-CLOSED.json']) {
      const text = readFileSync(path.join(report, file), 'utf8');
      expect(text, file).not.toContain('adapter-qualify-path-');
      if (!file.endsWith('.json')) expect(text, file).toContain(`${root.path}/aq-\\xff\\xfe/adapter.json`);
    }
    const stored = JSON.parse(readFileSync(path.join(report, 'failures', 'OUT-CLOSED.json'), 'utf8')) as { subjectArgs: string[]; replayCommand: string };
    expect(stored).toMatchObject({
      subjectArgs: [`${root.path}/aq-\\xff\\xfe/adapter.json`],
      subjectPathBytes: Buffer.concat([bad, Buffer.from('/adapter.json')]).toString('hex'),
      replayCommand: replay,
    });

    const { elsewhere, replayed } = await replayedElsewhere(root.path, replay!, 'qualify-replay-out-json');
    expect(replayed.clauses.find((entry) => entry.id === 'OUT-CLOSED')).toMatchObject({ verdict: 'FAIL', replay });

    // `replay <report-dir>` reaches the stored path again, without --adapter.
    const replayedStored = await execa(process.execPath, [BIN, 'replay', report], { cwd: elsewhere, reject: false, env: { CI: 'true' } });
    expect(replayedStored.exitCode, replayedStored.stderr).toBe(1);
    expect(replayedStored.stdout).toMatch(/^FAILED +OUT-CLOSED \(FAIL, FAIL, FAIL\)/);
  }, 600_000);

  it('config refuses it with the reason (a JSON string cannot name such a directory for the host), not "no such file"', async () => {
    adapterInBadDirectory();
    const config = await cli('config');
    expect(config.exitCode).toBe(2);
    expect(config.stderr).toContain('JSON strings are Unicode text');
    expect(config.stderr).not.toContain('no such file');
  });

  it('an ACP agent: runs it; its report and replay commands name the directory itself, escaped; the replay command pasted into bash replays, and so does `replay <report-dir>`', async () => {
    const bad = Buffer.concat([Buffer.from(`${root.path}/aq-`), Buffer.from([0xff, 0xfe])]);
    mkdirSync(bad);
    const agent = { profile: 'acp-agent.v1', executable: process.execPath, argv: [ACP_MUTANTS, '--mutant', 'extra-root-field'], env: {}, passEnv: [] };
    writeFileSync(Buffer.concat([bad, Buffer.from('/agent.json')]), JSON.stringify(agent));
    const report = path.join(root.path, 'report');
    const run = await cliOnBadPath(root.path, 'agent.json', 'run', '--only', '^ACP-SESS-NEW ', '--runs', '1', '--seed', '1', '--out', report);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.stderr).toContain('"aq-\\xff\\xfe/agent.json": the directory\'s name is not UTF-8');
    const replay = (JSON.parse(readFileSync(path.join(report, 'acceptance.json'), 'utf8')) as AcpAcceptanceReport).clauses.find((entry) => entry.id === 'ACP-NO-ROOT-EXTRAS')?.replay;
    expect(replay).toContain(` run $'${root.path}/aq-\\xff\\xfe/agent.json' --only `);
    for (const file of ['acceptance.json', 'acceptance.md', 'failures/ACP-NO-ROOT-EXTRAS.json']) {
      expect(readFileSync(path.join(report, file), 'utf8'), file).not.toContain('adapter-qualify-path-');
    }
    expect(JSON.parse(readFileSync(path.join(report, 'failures', 'ACP-NO-ROOT-EXTRAS.json'), 'utf8'))).toMatchObject({
      config: `${root.path}/aq-\\xff\\xfe/agent.json`,
      configBytes: Buffer.concat([bad, Buffer.from('/agent.json')]).toString('hex'),
      replayCommand: replay,
    });

    const { elsewhere, replayed } = await replayedElsewhere(root.path, replay!, 'qualify-replay-acp-no-root-extras');
    expect(replayed.clauses.find((entry) => entry.id === 'ACP-NO-ROOT-EXTRAS')).toMatchObject({ verdict: 'FAIL' });

    // `replay <report-dir>` reaches the stored path again, without --adapter.
    const replayedStored = await execa(process.execPath, [BIN, 'replay', report, '--clause', 'ACP-NO-ROOT-EXTRAS'], { cwd: elsewhere, reject: false, env: { CI: 'true' } });
    expect(replayedStored.exitCode, replayedStored.stderr).toBe(1);
    expect(replayedStored.stdout).toMatch(/^FAILED +ACP-NO-ROOT-EXTRAS \(FAIL, FAIL, FAIL\)/);
  }, 600_000);
});
