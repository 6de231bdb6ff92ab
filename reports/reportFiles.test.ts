import { mkdtemp, readdir, readFile, rm, writeFile, mkdir, chmod, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SecretMask } from '../harness/evidence/SecretMask.js';
import { ReportSchemaError } from './validateReport.js';
import { ReportWriteError, writeReportFiles, OutputDirectory, type OutputPlacement } from './reportFiles.js';
import { smallReport } from './__test-helpers__/reportFixtures.js';
import { temporaryRoot } from '../harness/__test-helpers__/temporaryRoot.js';
import { UsageError } from '../harness/UsageError.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'reports-test-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('writeReportFiles', () => {
  it('creates the directory and writes the four files, leaving no temporary files', async () => {
    const outDir = join(root, 'nested', 'out');
    const report = smallReport();
    const written = await writeReportFiles(report, outDir);
    expect(written).toEqual({
      json: join(outDir, 'acceptance.json'),
      markdown: join(outDir, 'acceptance.md'),
      html: join(outDir, 'acceptance.html'),
      junit: join(outDir, 'junit.xml'),
    });
    expect((await readdir(outDir)).sort()).toEqual(['acceptance.html', 'acceptance.json', 'acceptance.md', 'junit.xml']);
    expect(JSON.parse(await readFile(written.json, 'utf8'))).toEqual(report);
    expect(await readFile(written.markdown, 'utf8')).toMatch(/^# Acceptance report: NON-CONFORMANT/);
    expect(await readFile(written.junit, 'utf8')).toMatch(/^<\?xml version="1.0"/);
    expect(await readFile(written.html, 'utf8')).toMatch(/^<!DOCTYPE html>/);
  });

  it('masks secret environment values in every file it writes', async () => {
    const outDir = join(root, 'masked');
    const secret = 'hunter2-in-stdout';
    const report = smallReport();
    const leaky = {
      ...report,
      clauses: report.clauses.map((entry) =>
        entry.counterexample === undefined
          ? entry
          : {
              ...entry,
              reason: `echoed ${secret}`,
              counterexample: { ...entry.counterexample, calls: entry.counterexample.calls.map((call) => ({ ...call, stdout: `{"t":"${secret}"}` })) },
            },
      ),
    };
    await writeReportFiles(leaky, outDir, new SecretMask({ DEPLOY_TOKEN: secret }));
    for (const name of await readdir(outDir)) {
      const content = await readFile(join(outDir, name), 'utf8');
      expect(content, name).not.toContain(secret);
      expect(content, name).toContain('[masked: DEPLOY_TOKEN]');
    }
  });

  it('replaces earlier files whole', async () => {
    const outDir = join(root, 'out');
    await mkdir(outDir);
    await writeFile(join(outDir, 'acceptance.json'), 'x'.repeat(100_000));
    await writeReportFiles(smallReport(), outDir);
    expect((await readFile(join(outDir, 'acceptance.json'), 'utf8')).startsWith('{')).toBe(true);
    expect(await readdir(outDir)).toHaveLength(4);
  });

  it('validates first: an invalid report writes nothing', async () => {
    const outDir = join(root, 'out');
    const invalid = { ...smallReport(), verdict: 'fine' } as unknown as ReturnType<typeof smallReport>;
    await expect(writeReportFiles(invalid, outDir)).rejects.toBeInstanceOf(ReportSchemaError);
    await expect(readdir(outDir)).rejects.toThrow();
  });

  it('throws a ReportWriteError naming the path when the directory cannot be made', async () => {
    const blocker = join(root, 'file');
    await writeFile(blocker, '');
    const error: unknown = await writeReportFiles(smallReport(), join(blocker, 'out')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ReportWriteError);
    expect((error as ReportWriteError).name).toBe('ReportWriteError');
    expect((error as ReportWriteError).path).toBe(join(blocker, 'out'));
  });
});

const outputRoot = temporaryRoot('output-directory');
const anywhere: OutputPlacement = { adapterDirs: [], allowInAdapterDir: false };

async function refusal(target: string, placement = anywhere): Promise<UsageError> {
  const error = await OutputDirectory.prepare(target, placement).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UsageError);
  expect(error).toMatchObject({ option: '--out' });
  return error as UsageError;
}

describe('OutputDirectory', () => {
  it('stages a new report beside the target and swaps it in, replacing an older report entirely', async () => {
    const target = join(outputRoot(), 'report');
    await mkdir(target);
    await writeFile(join(target, 'acceptance.json'), 'old');
    await writeFile(join(target, 'stale-failure.json'), 'old');
    const output = await OutputDirectory.prepare(target, anywhere);
    // Until the commit, the older report is untouched.
    expect((await readdir(target)).sort()).toEqual(['acceptance.json', 'stale-failure.json']);
    await writeFile(join(output.staging, 'acceptance.json'), 'new');
    await output.commit();
    expect(await readdir(target)).toEqual(['acceptance.json']);
    expect(await readFile(join(target, 'acceptance.json'), 'utf8')).toBe('new');
    expect((await readdir(outputRoot())).filter((name) => name.includes('.report.'))).toEqual([]);
  });

  it('discards its staging directory when the run writes no report', async () => {
    const target = join(outputRoot(), 'never-written');
    const output = await OutputDirectory.prepare(target, anywhere);
    await output.discard();
    expect((await readdir(outputRoot())).filter((name) => name.includes('never-written'))).toEqual([]);
  });

  it('refuses an existing file', async () => {
    const file = join(outputRoot(), 'a-file');
    await writeFile(file, 'x');
    expect((await refusal(file)).message).toContain('exists and is not a directory');
  });

  it('refuses a symbolic link, wherever it points', async () => {
    const link = join(outputRoot(), 'link-to-etc');
    await symlink('/etc', link);
    expect((await refusal(link)).message).toContain('is a symbolic link');
  });

  it('refuses a directory holding anything but an earlier report', async () => {
    const dir = join(outputRoot(), 'my-project');
    await mkdir(dir);
    await writeFile(join(dir, 'notes.txt'), 'mine');
    expect((await refusal(dir)).message).toContain('not an adapter-qualify report');
  });

  it('refuses a directory it cannot write (even as root: /proc takes no new entries)', async () => {
    expect((await refusal('/proc/adapter-qualify-report')).message).toMatch(/cannot be (written|created)/);
    if (process.getuid?.() === 0) return; // root passes permission bits: only the case above applies
    const locked = join(outputRoot(), 'locked');
    await mkdir(locked);
    await chmod(locked, 0o555);
    expect((await refusal(join(locked, 'report'))).message).toContain('not writable');
  });

  it("refuses a place inside the adapter's own directory unless asked", async () => {
    const adapterDir = join(outputRoot(), 'adapter');
    await mkdir(adapterDir);
    expect((await refusal(join(adapterDir, 'report'), { adapterDirs: [adapterDir], allowInAdapterDir: false })).message).toContain("inside the adapter's own directory");
    const allowed = await OutputDirectory.prepare(join(adapterDir, 'report'), { adapterDirs: [adapterDir], allowInAdapterDir: true });
    await allowed.discard();
  });
});
