import { constants } from 'node:fs';
import { access, lstat, mkdir, mkdtemp, readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { RunSubject } from '../harness/runOptions.js';
import { UsageError } from '../harness/UsageError.js';

/** What {@link OutputDirectory.prepare} refuses an `--out` for, besides what the file system refuses. */
export interface OutputPlacement {
  /** Directories of the adapter's own files (its executable, its argv files): a report never goes inside them. */
  readonly adapterDirs: readonly string[];
  /** `--allow-out-in-adapter-dir`: the user asked for the report inside the adapter's directory. */
  readonly allowInAdapterDir: boolean;
}

/** The file that marks a directory as an earlier report, which a new run may replace. */
const REPORT_MARK = 'acceptance.json';

/**
 * The report directory of one run. Everything knowable about `--out` is checked
 * before any adapter process starts (`prepare`); the report is written into a fresh
 * sibling directory (`staging`) and swapped in by `commit` once complete, so an
 * older report never stays there looking like this run's, and a run that ends
 * early leaves the older report untouched rather than half-replaced.
 */
export class OutputDirectory {
  /** The directory the user named (absolute). */
  readonly target: string;
  /** Where this run writes its report files; a fresh, empty sibling of `target`. */
  readonly staging: string;

  private constructor(target: string, staging: string) {
    this.target = target;
    this.staging = staging;
  }

  /**
   * Refuses an unsafe or unusable `--out`, then creates the staging directory:
   * - a symbolic link (it could lead anywhere, a protected directory included);
   * - an existing file, or a directory holding anything but an earlier report
   *   (`acceptance.json`): its files would silently mix with, or be lost to, the new report;
   * - a place inside the adapter's own directory, unless asked;
   * - a parent that cannot be created or written.
   * @param target - the absolute `--out` directory
   * @param placement - the adapter's directories and whether the report may go inside them
   * @throws UsageError naming `--out` and the reason
   */
  static async prepare(target: string, placement: OutputPlacement): Promise<OutputDirectory> {
    const refuse = (reason: string, cause?: unknown): never => {
      throw new UsageError(`--out ${JSON.stringify(target)} ${reason}`, { option: '--out', cause });
    };
    const existing = await lstat(target).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : refuse(`cannot be inspected (${error.code ?? error.message})`, error)));
    if (existing !== null) {
      if (existing.isSymbolicLink()) refuse('is a symbolic link; name the directory itself');
      if (!existing.isDirectory()) refuse('exists and is not a directory');
      const entries = await readdir(target).catch((error: NodeJS.ErrnoException) => refuse(`cannot be read (${error.code ?? error.message})`, error));
      if (entries.length > 0 && !entries.includes(REPORT_MARK)) {
        refuse(`is a directory holding files that are not an adapter-qualify report (${entries.slice(0, 3).map((name) => JSON.stringify(name)).join(', ')}${entries.length > 3 ? ', …' : ''}); name an empty or new directory`);
      }
    }
    const parent = dirname(target);
    await mkdir(parent, { recursive: true }).catch((error: NodeJS.ErrnoException) => refuse(`cannot be created (${error.code ?? error.message})`, error));
    const realTarget = join(await realpath(parent), basename(target));
    if (!placement.allowInAdapterDir) {
      for (const dir of placement.adapterDirs) {
        const realDir = await realpath(dir).catch(() => dir);
        if (isWithin(realTarget, realDir)) {
          refuse(`is inside the adapter's own directory ${JSON.stringify(realDir)}, which the adapter can write; name another directory (or pass --allow-out-in-adapter-dir)`);
        }
      }
    }
    await access(parent, constants.W_OK).catch((error: NodeJS.ErrnoException) => refuse(`cannot be written: its parent ${JSON.stringify(parent)} is not writable (${error.code ?? error.message})`, error));
    const staging = await mkdtemp(join(parent, `.${basename(target)}.new-`)).catch((error: NodeJS.ErrnoException) =>
      refuse(`cannot be written in ${JSON.stringify(parent)} (${error.code ?? error.message})`, error),
    );
    return new OutputDirectory(target, staging);
  }

  /**
   * Puts the complete staged report in place of `target`: the older report is moved
   * aside, the new one renamed in (each rename is atomic), the older one removed.
   */
  async commit(): Promise<void> {
    const old = `${this.staging}.old`;
    const hadOld = await rename(this.target, old).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return false;
        throw error;
      },
    );
    await rename(this.staging, this.target);
    if (hadOld) await rm(old, { recursive: true, force: true });
  }

  /** Removes the staging directory (a run that wrote no report). */
  async discard(): Promise<void> {
    await rm(this.staging, { recursive: true, force: true });
  }
}

function isWithin(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The directories of an adapter's own files: its executable's, and that of each
 * `argvPrefix` item naming an existing regular file (resolved from the directory it
 * runs in); an SDK module's. A report inside them could be read or rewritten by the adapter.
 * @param subject - the run's subject
 */
export async function adapterDirectories(subject: RunSubject): Promise<string[]> {
  if (subject.kind === 'sdk') return [dirname(subject.modulePath)];
  const candidates = [subject.config.executable, ...subject.config.argvPrefix].map((item) => resolve(subject.adapterCwd, item));
  const dirs = new Set<string>();
  for (const file of candidates) {
    const isFile = await stat(file).then((found) => found.isFile(), () => false);
    if (isFile) dirs.add(dirname(file));
  }
  return [...dirs];
}
