import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from './__test-helpers__/temporaryRoot.js';
import type { ManifestRunOptions } from './options/manifestOptions.js';
import { packageRoot } from './packageRoot.js';
import { runManifestQualification } from './runManifestQualification.js';
import { UsageError } from './UsageError.js';

const root = temporaryRoot('aq-manifest-run');

const options = (outDir: string): ManifestRunOptions => ({
  manifestPath: join(packageRoot, 'adapters', 'manifest-reference', 'manifest.json'),
  manifestArgument: 'adapters/manifest-reference',
  outDir,
  seed: 7,
  runs: 1,
  timeoutMs: 10_000,
  maxOutputBytes: 1_048_576,
  allowMutating: false,
  strict: false,
  strictShould: false,
});

describe('runManifestQualification', () => {
  it('refuses an --out holding files that are not a report, before any check runs, and leaves them as they were', async () => {
    const outDir = join(root(), 'foreign');
    await mkdir(outDir);
    await writeFile(join(outDir, 'notes.txt'), 'mine\n');
    const run = runManifestQualification(options(outDir));
    await expect(run).rejects.toBeInstanceOf(UsageError);
    await expect(run).rejects.toThrow(/--out .* is a directory holding files that are not an adapter-qualify report/);
    expect(await readdir(outDir)).toEqual(['notes.txt']);
    expect(await readFile(join(outDir, 'notes.txt'), 'utf8')).toBe('mine\n');
  });

  it('replaces an earlier report with the complete new set and leaves no staging directory', async () => {
    const outDir = join(root(), 'report');
    await mkdir(outDir);
    await writeFile(join(outDir, 'acceptance.json'), '{}\n');
    await writeFile(join(outDir, 'left-by-the-earlier-run.txt'), 'old\n');
    const result = await runManifestQualification(options(outDir));
    expect(result.reportDir).toBe(outDir);
    const entries = await readdir(outDir);
    expect(entries).toEqual(expect.arrayContaining(['acceptance.json', 'acceptance.md', 'junit.xml', 'transcript.jsonl']));
    expect(entries).not.toContain('left-by-the-earlier-run.txt');
    expect(entries.filter((name) => name.startsWith('.'))).toEqual([]);
    const written = JSON.parse(await readFile(join(outDir, 'acceptance.json'), 'utf8')) as { readonly profile: string; readonly run: { readonly seed: number; readonly options: unknown } };
    expect(written.profile).toBe('adapter-manifest.v1');
    expect(written.run.seed).toBe(7);
    expect(written.run.options).toEqual({ timeoutMs: 10_000, maxOutputBytes: 1_048_576 });
    expect(result.summary).toContain(outDir);
  }, 120_000);
});
