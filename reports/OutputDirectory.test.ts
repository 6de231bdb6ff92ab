import { chmod, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../harness/__test-helpers__/temporaryRoot.js';
import { UsageError } from '../harness/UsageError.js';
import { OutputDirectory, type OutputPlacement } from './OutputDirectory.js';

const root = temporaryRoot('output-directory');
const anywhere: OutputPlacement = { adapterDirs: [], allowInAdapterDir: false };

async function refusal(target: string, placement = anywhere): Promise<UsageError> {
  const error = await OutputDirectory.prepare(target, placement).then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(UsageError);
  expect(error).toMatchObject({ option: '--out' });
  return error as UsageError;
}

describe('OutputDirectory', () => {
  it('stages a new report beside the target and swaps it in, replacing an older report entirely', async () => {
    const target = join(root(), 'report');
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
    expect((await readdir(root())).filter((name) => name.includes('.report.'))).toEqual([]);
  });

  it('discards its staging directory when the run writes no report', async () => {
    const target = join(root(), 'never-written');
    const output = await OutputDirectory.prepare(target, anywhere);
    await output.discard();
    expect((await readdir(root())).filter((name) => name.includes('never-written'))).toEqual([]);
  });

  it('refuses an existing file', async () => {
    const file = join(root(), 'a-file');
    await writeFile(file, 'x');
    expect((await refusal(file)).message).toContain('exists and is not a directory');
  });

  it('refuses a symbolic link, wherever it points', async () => {
    const link = join(root(), 'link-to-etc');
    await symlink('/etc', link);
    expect((await refusal(link)).message).toContain('is a symbolic link');
  });

  it('refuses a directory holding anything but an earlier report', async () => {
    const dir = join(root(), 'my-project');
    await mkdir(dir);
    await writeFile(join(dir, 'notes.txt'), 'mine');
    expect((await refusal(dir)).message).toContain('not an adapter-qualify report');
  });

  it('refuses a directory it cannot write (even as root: /proc takes no new entries)', async () => {
    expect((await refusal('/proc/adapter-qualify-report')).message).toMatch(/cannot be (written|created)/);
    if (process.getuid?.() === 0) return; // root passes permission bits: only the case above applies
    const locked = join(root(), 'locked');
    await mkdir(locked);
    await chmod(locked, 0o555);
    expect((await refusal(join(locked, 'report'))).message).toContain('not writable');
  });

  it('refuses a place inside the adapter\'s own directory unless asked', async () => {
    const adapterDir = join(root(), 'adapter');
    await mkdir(adapterDir);
    expect((await refusal(join(adapterDir, 'report'), { adapterDirs: [adapterDir], allowInAdapterDir: false })).message).toContain("inside the adapter's own directory");
    const allowed = await OutputDirectory.prepare(join(adapterDir, 'report'), { adapterDirs: [adapterDir], allowInAdapterDir: true });
    await allowed.discard();
  });
});
