import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { dir } from 'tmp-promise';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { validAdapterConfig } from '../__test-helpers__/validRunInputs.js';
import { helpText } from './help.js';

// The built bin, as users run it (`npm test` builds first).
const BIN = fileURLToPath(new URL('../../dist/harness/cli/main.js', import.meta.url));

let root: { path: string; cleanup: () => Promise<void> };
beforeAll(() => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first`);
});
beforeEach(async () => {
  root = await dir({ unsafeCleanup: true });
});
afterEach(async () => {
  await root.cleanup();
});

const cli = (...args: string[]) => execa('node', [BIN, ...args], { cwd: root.path, reject: false, env: { CI: 'true' } });

async function writeConfig(config: Record<string, unknown>): Promise<void> {
  await writeFile(path.join(root.path, 'adapter.json'), JSON.stringify(config));
}

describe('adapter-qualify (built bin)', () => {
  it.each([['--help'], ['-h']])('%s prints the top help and exits 0', async (flag) => {
    const result = await cli(flag);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(helpText.top.trimEnd());
  });

  it('run --help prints the run help and exits 0', async () => {
    const result = await cli('run', '--help');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(helpText.run.trimEnd());
    expect(result.stdout).toContain('--timeout-ms N');
  });

  it('--version prints the package version', async () => {
    const result = await cli('--version');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('an unknown option exits 2 naming it', async () => {
    await writeConfig(validAdapterConfig());
    const result = await cli('run', 'adapter.json', '--frobnicate');
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('unknown option --frobnicate');
  });

  it('an unknown command exits 2 listing the commands', async () => {
    const result = await cli('qualify');
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('unknown command "qualify" (commands: run');
  });

  it('--only matching no test exits 2 and writes no report, never a silent green', async () => {
    const reference = fileURLToPath(new URL('../../adapters/reference/adapter.json', import.meta.url));
    const result = await cli('run', reference, '--only', '^NO-SUCH-CLAUSE', '--out', 'report');
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr).toContain('--only "^NO-SUCH-CLAUSE" matches no test');
    expect(existsSync(path.join(root.path, 'report', 'acceptance.json'))).toBe(false);
  });

  it('list prints every clause, one aligned line each; --json the rows', async () => {
    const text = await cli('list');
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toMatch(/^CFG-CLOSED +MUST +CFG +suites\/host\.suite\.ts +configuration has exactly/m);
    const rows = JSON.parse((await cli('list', '--json', '--profile', 'adapter-manifest.v1')).stdout) as { profile: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.profile === 'adapter-manifest.v1')).toBe(true);
  });

  it('a missing configuration file exits 2 with one line naming the file', async () => {
    const result = await cli('run', 'missing.json');
    expect(result.exitCode).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('missing.json: adapter configuration: no such file');
  });

  it.each([
    [{ executable: 'adapter.sh' }, 'adapter.json: CFG-EXECUTABLE: executable must be an absolute path (got "adapter.sh", string)'],
    [{ argvPrefix: Array(32).fill('x') }, 'adapter.json: CFG-ARGV: argvPrefix must have at most 31 items (got 32 items, array)'],
    [{ timeoutMs: 5 }, 'adapter.json: CFG-CLOSED: unknown field "timeoutMs"'],
    [{ executable: path.join('/nonexistent', 'adapter') }, 'adapter.json: CFG-EXECUTABLE: executable "/nonexistent/adapter" does not exist'],
  ])('configuration %j exits 2: %s', async (overrides, line) => {
    await writeConfig(validAdapterConfig(overrides));
    const result = await cli('run', 'adapter.json');
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(line);
    expect(result.stdout).toBe('');
  });

  it('a bad option exits 2 naming the option, the value and its type', async () => {
    await writeConfig(validAdapterConfig({ executable: process.execPath }));
    const result = await cli('run', 'adapter.json', '--concurrency', 'many');
    expect(result.exitCode).toBe(2);
    expect(result.stderr.trim()).toBe('adapter-qualify: --concurrency must be an integer from 1 to 16 (got "many", string)');
  });

  it('a report directory that cannot be created is a usage error found before the run (exit 2), not an internal error', async () => {
    await writeFile(path.join(root.path, 'a-file'), '');
    await writeConfig(validAdapterConfig({ executable: process.execPath }));
    const result = await cli('run', 'adapter.json', '--only', '^no test has this name$', '--out', 'a-file/report');
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/--out ".*a-file\/report" cannot be (inspected|created) \(ENOTDIR\)/);
  });

  it('starts no process for a bad configuration', async () => {
    // Were the adapter ever run, `touch` would create the sentinel (argv: prefix, then the action).
    const sentinel = path.join(root.path, 'sentinel');
    const touch = ['/usr/bin/touch', '/bin/touch'].find((candidate) => existsSync(candidate));
    expect(touch).toBeDefined();
    await writeConfig(validAdapterConfig({ executable: touch, argvPrefix: [sentinel], authorityId: '-not-an-identity' }));
    const result = await cli('run', 'adapter.json', '--runs', '1');
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('CFG-AUTHORITY');
    expect(existsSync(sentinel)).toBe(false);
    expect(existsSync(path.join(root.path, 'qualify-report'))).toBe(false);
  });
});
