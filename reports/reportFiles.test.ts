import { mkdtemp, readdir, readFile, rm, writeFile, mkdir, chmod, symlink, stat } from 'node:fs/promises';
import { execa } from 'execa';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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
  it('stages a new report inside the target and moves it in, replacing an older report entirely', async () => {
    const target = join(outputRoot(), 'report');
    await mkdir(join(target, 'failures'), { recursive: true });
    await writeFile(join(target, 'acceptance.json'), 'old');
    await writeFile(join(target, 'stale-failure.json'), 'old');
    await writeFile(join(target, 'failures', 'OUT-JSON.json'), 'old');
    const output = await OutputDirectory.prepare(target, anywhere);
    expect(dirname(output.staging)).toBe(target);
    // Until the commit, the older report is untouched.
    expect((await readdir(target)).filter((name) => !name.startsWith('.')).sort()).toEqual(['acceptance.json', 'failures', 'stale-failure.json']);
    await writeFile(join(output.staging, 'acceptance.json'), 'new');
    await mkdir(join(output.staging, 'failures'));
    await writeFile(join(output.staging, 'failures', 'REQ-CLOSED.json'), 'new');
    await output.commit();
    expect((await readdir(target)).sort()).toEqual(['acceptance.json', 'failures']);
    expect(await readdir(join(target, 'failures'))).toEqual(['REQ-CLOSED.json']);
    expect(await readFile(join(target, 'acceptance.json'), 'utf8')).toBe('new');
    expect(await readdir(outputRoot())).toEqual(['report']);
  });

  it('discards its staging directory, and the target it created, when the run writes no report', async () => {
    const target = join(outputRoot(), 'never-written');
    const output = await OutputDirectory.prepare(target, anywhere);
    await output.discard();
    expect((await readdir(outputRoot())).filter((name) => name.includes('never-written'))).toEqual([]);
    const earlier = join(outputRoot(), 'earlier');
    await mkdir(earlier);
    await writeFile(join(earlier, 'acceptance.json'), 'old');
    await (await OutputDirectory.prepare(earlier, anywhere)).discard();
    expect(await readdir(earlier)).toEqual(['acceptance.json']);
  });

  it('publishes the report into a mount point without renaming it (a container volume)', async (context) => {
    const mountPoint = join(outputRoot(), 'volume');
    await mkdir(mountPoint);
    const mounted = await execa('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mountPoint], { reject: false });
    if (mounted.exitCode !== 0) context.skip(`mount -t tmpfs needs root: ${mounted.stderr}`);
    try {
      const device = (await stat(mountPoint)).dev;
      expect(device).not.toBe((await stat(outputRoot())).dev);
      for (const round of ['first', 'second']) {
        const output = await OutputDirectory.prepare(mountPoint, anywhere);
        await writeReportFiles(smallReport(), output.staging);
        await writeFile(join(output.staging, 'round'), round);
        await output.commit();
        expect((await readdir(mountPoint)).sort()).toEqual(['acceptance.html', 'acceptance.json', 'acceptance.md', 'junit.xml', 'round']);
        expect(await readFile(join(mountPoint, 'round'), 'utf8')).toBe(round);
        expect((await stat(mountPoint)).dev).toBe(device);
      }
    } finally {
      await execa('umount', [mountPoint], { reject: false });
    }
  });

  it('loses no report to entries planted beside or inside the staging directory while the run wrote it', async () => {
    const target = join(outputRoot(), 'planted');
    await mkdir(target);
    await writeFile(join(target, 'acceptance.json'), 'old');
    const output = await OutputDirectory.prepare(target, anywhere);
    await writeFile(join(output.staging, 'acceptance.json'), 'new');
    // What another process could put there, knowing the staging directory's name: a sibling of the same
    // name with any suffix, a directory named as a staged file, files named as a run's own staging.
    for (const dir of [outputRoot(), target]) {
      for (const name of await readdir(dir)) {
        if (!name.startsWith('.')) continue;
        for (const suffix of ['.old', '.new', '.tmp']) {
          await mkdir(join(dir, `${name}${suffix}`, 'planted'), { recursive: true });
        }
      }
    }
    await writeFile(join(target, '.adapter-qualify-staging-planted'), 'planted');
    await writeFile(join(outputRoot(), '.planted.new-abcdef'), 'planted');
    await output.commit();
    expect(await readFile(join(target, 'acceptance.json'), 'utf8')).toBe('new');
    expect(await readdir(target)).toEqual(['acceptance.json']);
  });

  it('takes a directory left by an interrupted run (a staging directory, lost+found) as empty', async () => {
    const target = join(outputRoot(), 'left-over');
    await mkdir(join(target, '.adapter-qualify-staging-abc123'), { recursive: true });
    await mkdir(join(target, 'lost+found'));
    const output = await OutputDirectory.prepare(target, anywhere);
    await writeFile(join(output.staging, 'acceptance.json'), 'new');
    await output.commit();
    expect((await readdir(target)).sort()).toEqual(['acceptance.json', 'lost+found']);
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
