import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runQualifyCli } from '../__test-helpers__/runQualifyCli.js';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';

// An adapter that echoes its whole environment to stdout and stderr, run
// through the built CLI with --keep-stderr (the most that leaves the process;
// without it stderr is dropped, see TranscriptWriter.test.ts) and --inherit-env
// (by default the adapter never receives either variable): no file of the
// report directory may contain the secret-looking variable's value. The plain
// variable is the control that the fixture really leaked what it was given. The
// GitHub Actions step summary is written and checked too.

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), '__test-helpers__', 'env-echo.mjs');
const SECRET = 'qualify-test-secret-7f3a91c2';
const PLAIN = 'qualify-test-plain-0b4e';

const root = temporaryRoot('secret-mask-e2e');

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Every file under `dir`, by relative path (the report directory may hold stored failure cases too). */
async function filesOf(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => relative(dir, join(entry.parentPath, entry.name)));
  return new Map(await Promise.all(files.map(async (name) => [name, await readFile(join(dir, name), 'utf8')] as const)));
}

describe('secrets never reach a report', () => {
  it('an adapter echoing its environment to stdout and stderr leaks no secret into any report file', async () => {
    vi.stubEnv('QUALIFY_TEST_API_TOKEN', SECRET);
    vi.stubEnv('QUALIFY_TEST_PLAIN', PLAIN);
    const configPath = join(root(), 'adapter.json');
    await writeFile(configPath, JSON.stringify({ protocol: 'algal.coding-operation.v1', authorityId: 'leaky', executable: process.execPath, argvPrefix: [FIXTURE] }));
    const outDir = join(root(), 'report');
    const stepSummary = join(root(), 'step-summary.md');
    const args = ['--only', '^OUT-JSON', '--runs', '1', '--seed', '3', '--keep-stderr', '--inherit-env'];
    const run = await runQualifyCli(configPath, outDir, args, 240_000, { GITHUB_STEP_SUMMARY: stepSummary });
    expect(run.report, `${run.stdout}\n${run.stderr}`).not.toBeNull();
    expect(run.exitCode).toBe(1);
    expect(run.report!.run.containment).toMatchObject({ environment: 'inherited', passedEnv: [] });

    const files = await filesOf(outDir);
    expect([...files.keys()]).toEqual(expect.arrayContaining(['acceptance.html', 'acceptance.json', 'acceptance.md', 'junit.xml', 'transcript.jsonl']));
    for (const [file, content] of files) expect(content.includes(SECRET), `${file} contains the secret`).toBe(false);
    expect(run.stdout).not.toContain(SECRET);
    const summary = await readFile(stepSummary, 'utf8');
    expect(summary).toMatch(/^## adapter-qualify: NON-CONFORMANT\n/);
    expect(summary).not.toContain(SECRET);

    // The fixture did leak: the plain value is there, the secret is masked by name.
    const transcript = files.get('transcript.jsonl') ?? '';
    expect(transcript).toContain(PLAIN);
    expect(transcript).toContain('[masked: QUALIFY_TEST_API_TOKEN]');
    expect(files.get('acceptance.json')).toContain('[masked: QUALIFY_TEST_API_TOKEN]');
    const lines = transcript
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { stderrTail: string; stderrKept: boolean; masked?: string[] });
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line.masked).toContain('QUALIFY_TEST_API_TOKEN');
      expect(line.stderrKept).toBe(true);
      expect(line.stderrTail).toContain('token=[masked: QUALIFY_TEST_API_TOKEN]');
    }
  }, 300_000);
});
