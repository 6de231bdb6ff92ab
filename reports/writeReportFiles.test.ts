import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SecretMask } from '../harness/evidence/SecretMask.js';
import { ReportSchemaError } from './ReportSchemaError.js';
import { ReportWriteError } from './ReportWriteError.js';
import { writeFileAtomic } from './writeFileAtomic.js';
import { writeReportFiles } from './writeReportFiles.js';
import { smallReport } from './__test-helpers__/smallReport.js';

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
          : { ...entry, reason: `echoed ${secret}`, counterexample: { ...entry.counterexample, calls: entry.counterexample.calls.map((call) => ({ ...call, stdout: `{"t":"${secret}"}` })) } },
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

describe('writeFileAtomic', () => {
  it('removes its temporary file when the rename fails', async () => {
    const target = join(root, 'a-directory');
    await mkdir(target);
    await writeFile(join(target, 'keep'), '');
    await expect(writeFileAtomic(target, 'content')).rejects.toThrow();
    expect(await readdir(root)).toEqual(['a-directory']);
  });
});
