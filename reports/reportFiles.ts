/*
 * Writing a report to disk: the output directory (checked before any adapter starts, filled file by file once complete),
 * and the four report files, each written atomically.
 */
import { mkdir, rename, rm, rmdir, access, lstat, mkdtemp, readdir, realpath, stat } from 'node:fs/promises';
import { join, basename, dirname, isAbsolute, relative, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { constants, existsSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { SecretMask } from '../harness/evidence/SecretMask.js';
import { writeFileAtomic } from '../harness/writeFileAtomic.js';
import { renderHtml } from './renderHtml.js';
import { renderJunit } from './renderJunit.js';
import { renderMarkdown } from './renderMarkdown.js';
import type { AcceptanceReport } from './types.js';
import { validateReport } from './validateReport.js';
import type { RunSubject } from '../harness/options/runOptions.js';
import { describeError, UsageError } from '../harness/UsageError.js';

/** Where {@link writeReportFiles} put each file. */
export interface WrittenReportFiles {
  readonly json: string;
  readonly markdown: string;
  readonly html: string;
  readonly junit: string;
}

/**
 * Masks secrets in the report, validates it against its schema, then writes
 * `acceptance.json`, `acceptance.md`, `acceptance.html` and `junit.xml` into
 * `outDir` (created if missing), each atomically. Nothing is written when the
 * report is invalid.
 *
 * @param unmasked - a built report, as the suite saw it
 * @param outDir - the output directory
 * @param mask - hides secret environment values the adapter may have echoed. @defaultValue a mask over this process's environment
 * @throws {@link ReportSchemaError} when the report breaks the schema (a suite bug)
 * @throws {@link ReportWriteError} when a file cannot be written
 */
export async function writeReportFiles(unmasked: AcceptanceReport, outDir: string, mask: SecretMask = SecretMask.fromProcess()): Promise<WrittenReportFiles> {
  const { files, contents } = renderReportFiles(unmasked, outDir, mask);
  try {
    await mkdir(outDir, { recursive: true });
  } catch (error) {
    throw new ReportWriteError(outDir, error);
  }
  for (const [path, content] of contents) {
    try {
      await writeFileAtomic(path, content);
    } catch (error) {
      throw new ReportWriteError(path, error);
    }
  }
  return files;
}

/**
 * {@link writeReportFiles}, synchronously: for an interrupted run's emergency report, which nothing
 * else of the run may interleave with.
 * @param unmasked - a built report, as the suite saw it
 * @param outDir - the output directory (it exists)
 * @param mask - hides secret environment values. @defaultValue a mask over this process's environment
 * @throws {@link ReportSchemaError} when the report breaks the schema (a suite bug)
 * @throws {@link ReportWriteError} when a file cannot be written
 * @internal
 */
export function writeReportFilesSync(unmasked: AcceptanceReport, outDir: string, mask: SecretMask = SecretMask.fromProcess()): WrittenReportFiles {
  const { files, contents } = renderReportFiles(unmasked, outDir, mask);
  for (const [path, content] of contents) {
    const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      writeFileSync(temporary, content, { flag: 'wx' });
      renameSync(temporary, path);
    } catch (error) {
      throw new ReportWriteError(path, error);
    }
  }
  return files;
}

// Masks, validates and renders every report file first: a renderer bug must not leave a half-updated directory.
function renderReportFiles(unmasked: AcceptanceReport, outDir: string, mask: SecretMask): { files: WrittenReportFiles; contents: ReadonlyArray<readonly [string, string]> } {
  // The report files leave the process: adapter output in them (counterexamples, reasons) is masked here, once.
  const report = mask.maskDeep(unmasked);
  validateReport(report);
  const files: WrittenReportFiles = {
    json: join(outDir, 'acceptance.json'),
    markdown: join(outDir, 'acceptance.md'),
    html: join(outDir, 'acceptance.html'),
    junit: join(outDir, 'junit.xml'),
  };
  return {
    files,
    contents: [
      [files.json, `${JSON.stringify(report, null, 2)}\n`],
      [files.markdown, renderMarkdown(report)],
      [files.html, renderHtml(report)],
      [files.junit, renderJunit(report)],
    ],
  };
}

/** A report file could not be written (exit code 3: the suite failed, not the adapter). */
export class ReportWriteError extends Error {
  override readonly name = 'ReportWriteError' as const;
  /** The file that could not be written. */
  readonly path: string;

  /**
   * @param path - the file that could not be written
   * @param cause - the file-system error
   */
  constructor(path: string, cause: unknown) {
    super(`Could not write the report file ${path}: ${describeError(cause)}`, { cause });
    this.path = path;
  }
}

/** What {@link OutputDirectory.prepare} refuses an `--out` for, besides what the file system refuses. */
export interface OutputPlacement {
  /** Directories of the adapter's own files (its executable, its argv files): a report never goes inside them. */
  readonly adapterDirs: readonly string[];
  /** `--allow-out-in-adapter-dir`: the user asked for the report inside the adapter's directory. */
  readonly allowInAdapterDir: boolean;
}

/** The file that marks a directory as an earlier report, which a new run may replace. */
const REPORT_MARK = 'acceptance.json';

/** Prefixes of the directories a run makes inside `--out`: its report while written, and the earlier report while replaced. */
const STAGING_PREFIX = '.adapter-qualify-staging-';
const REPLACED_PREFIX = '.adapter-qualify-replaced-';

/**
 * Entries a directory may hold besides an earlier report and still count as empty: what
 * an interrupted run of ours left, and the `lost+found` of a freshly made volume.
 */
function isIgnorableEntry(name: string): boolean {
  return name.startsWith(STAGING_PREFIX) || name.startsWith(REPLACED_PREFIX) || name === 'lost+found';
}

/**
 * The report directory of one run. Everything knowable about `--out` is checked
 * before any adapter process starts (`prepare`); the report is written into a fresh
 * directory inside `target` (`staging`) and moved into place by `commit` once complete,
 * file by file, so an older report never stays there looking like this run's, and a run
 * that ends early leaves the older report untouched. The target directory itself is never
 * renamed: it may be a mount point (a container volume), which cannot be.
 */
export class OutputDirectory {
  /** The directory the user named (absolute). */
  readonly target: string;
  /** Where this run writes its report files; a fresh, empty directory inside `target`. */
  readonly staging: string;
  /** Whether `prepare` created `target` (a run that writes no report removes it again). */
  readonly #created: boolean;

  private constructor(target: string, staging: string, created: boolean) {
    this.target = target;
    this.staging = staging;
    this.#created = created;
  }

  /**
   * Refuses an unsafe or unusable `--out`, then creates the staging directory:
   * - a symbolic link (it could lead anywhere, a protected directory included);
   * - an existing file, or a directory holding anything but an earlier report
   *   (`acceptance.json`): its files would silently mix with, or be lost to, the new report;
   * - a place inside the adapter's own directory, unless asked;
   * - a directory (or parent) that cannot be created or written.
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
      const entries = (await readdir(target).catch((error: NodeJS.ErrnoException) => refuse(`cannot be read (${error.code ?? error.message})`, error))).filter(
        (name) => !isIgnorableEntry(name),
      );
      if (entries.length > 0 && !entries.includes(REPORT_MARK)) {
        refuse(
          `is a directory holding files that are not an adapter-qualify report (${entries
            .slice(0, 3)
            .map((name) => JSON.stringify(name))
            .join(', ')}${entries.length > 3 ? ', …' : ''}); name an empty or new directory`,
        );
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
    const writable = existing === null ? parent : target;
    await access(writable, constants.W_OK).catch((error: NodeJS.ErrnoException) =>
      refuse(`cannot be written: ${writable === parent ? 'its parent ' : ''}${JSON.stringify(writable)} is not writable (${error.code ?? error.message})`, error),
    );
    if (existing === null) {
      await mkdir(target).catch((error: NodeJS.ErrnoException) => refuse(`cannot be created in ${JSON.stringify(parent)} (${error.code ?? error.message})`, error));
    }
    const staging = await mkdtemp(join(target, STAGING_PREFIX)).catch((error: NodeJS.ErrnoException) => refuse(`cannot be written (${error.code ?? error.message})`, error));
    return new OutputDirectory(target, staging, existing === null);
  }

  /**
   * Puts the complete staged report in place: every entry of `target` but the staging
   * directory and a volume's `lost+found` (the older report, anything left by an interrupted run) is moved into a fresh
   * directory inside `target`, each staged entry is renamed into `target` (`acceptance.json`
   * last, so it marks a complete report), and the moved-aside entries are removed. Every rename
   * stays inside `target`, on one file system, and never touches `target` itself.
   * @throws {@link ReportWriteError} naming `target` when a rename fails
   */
  async commit(): Promise<void> {
    await this.#moveIn().catch((error: unknown) => {
      throw new ReportWriteError(this.target, error);
    });
  }

  /**
   * {@link commit}, synchronously, for an interrupted run's emergency report: nothing of the run
   * interleaves with it. Does nothing once the staging directory is gone (committed or discarded).
   * @returns whether the staged report was put in place
   * @throws {@link ReportWriteError} naming `target` when a rename fails
   * @internal
   */
  commitSync(): boolean {
    if (!existsSync(this.staging)) return false;
    try {
      const replaced = mkdtempSync(join(this.target, REPLACED_PREFIX));
      const moveAside = (name: string): void => renameSync(join(this.target, name), join(replaced, `${randomBytes(4).toString('hex')}-${name}`));
      for (const name of readdirSync(this.target)) {
        if (name !== basename(this.staging) && name !== basename(replaced) && name !== 'lost+found') moveAside(name);
      }
      const staged = readdirSync(this.staging).sort((a, b) => Number(a === REPORT_MARK) - Number(b === REPORT_MARK));
      for (const name of staged) {
        if (existsSync(join(this.target, name))) moveAside(name);
        renameSync(join(this.staging, name), join(this.target, name));
      }
      rmSync(this.staging, { recursive: true, force: true });
      rmSync(replaced, { recursive: true, force: true });
      return true;
    } catch (error) {
      throw new ReportWriteError(this.target, error);
    }
  }

  async #moveIn(): Promise<void> {
    const replaced = await mkdtemp(join(this.target, REPLACED_PREFIX));
    // A fresh name each time: an entry that blocks a staged one may share its name with one moved before.
    const moveAside = async (name: string): Promise<void> => {
      await rename(join(this.target, name), join(replaced, `${randomBytes(4).toString('hex')}-${name}`));
    };
    for (const name of await readdir(this.target)) {
      if (name !== basename(this.staging) && name !== basename(replaced) && name !== 'lost+found') await moveAside(name);
    }
    const staged = (await readdir(this.staging)).sort((a, b) => Number(a === REPORT_MARK) - Number(b === REPORT_MARK));
    for (const name of staged) {
      const from = join(this.staging, name);
      const to = join(this.target, name);
      // An entry that appeared meanwhile (anything another process put there) cannot block the report.
      await rename(from, to).catch(async (error: NodeJS.ErrnoException) => {
        if (!['EEXIST', 'ENOTEMPTY', 'EISDIR', 'ENOTDIR'].includes(error.code ?? '')) throw error;
        await moveAside(name);
        await rename(from, to);
      });
    }
    await rm(this.staging, { recursive: true, force: true });
    await rm(replaced, { recursive: true, force: true });
  }

  /** Removes the staging directory, and `target` too when this run created it and it is empty (a run that wrote no report). */
  async discard(): Promise<void> {
    await rm(this.staging, { recursive: true, force: true });
    if (this.#created) await rmdir(this.target).catch(() => undefined);
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
    const isFile = await stat(file).then(
      (found) => found.isFile(),
      () => false,
    );
    if (isFile) dirs.add(dirname(file));
  }
  return [...dirs];
}
