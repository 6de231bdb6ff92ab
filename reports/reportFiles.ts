/*
 * Writing a report to disk: the output directory (checked before any adapter starts, swapped in whole),
 * and the four report files, each written atomically.
 */
import { mkdir, rename, rm, access, lstat, mkdtemp, readdir, realpath, stat } from 'node:fs/promises';
import { join, basename, dirname, isAbsolute, relative, resolve } from 'node:path';
import { constants } from 'node:fs';
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
  // The report files leave the process: adapter output in them (counterexamples, reasons) is masked here, once.
  const report = mask.maskDeep(unmasked);
  validateReport(report);
  const files: WrittenReportFiles = {
    json: join(outDir, 'acceptance.json'),
    markdown: join(outDir, 'acceptance.md'),
    html: join(outDir, 'acceptance.html'),
    junit: join(outDir, 'junit.xml'),
  };
  // Render everything first: a renderer bug must not leave a half-updated directory.
  const contents: ReadonlyArray<readonly [string, string]> = [
    [files.json, `${JSON.stringify(report, null, 2)}\n`],
    [files.markdown, renderMarkdown(report)],
    [files.html, renderHtml(report)],
    [files.junit, renderJunit(report)],
  ];
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
    await access(parent, constants.W_OK).catch((error: NodeJS.ErrnoException) =>
      refuse(`cannot be written: its parent ${JSON.stringify(parent)} is not writable (${error.code ?? error.message})`, error),
    );
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
    const isFile = await stat(file).then(
      (found) => found.isFile(),
      () => false,
    );
    if (isFile) dirs.add(dirname(file));
  }
  return [...dirs];
}
