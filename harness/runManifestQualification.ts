import { accessSync, constants, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { buildReport, type FailedTest } from '../reports/buildReport.js';
import { interruptedRunError, interruptRunOnSignal, writeInterruptedReport } from './interruptedReport.js';
import type { InterruptSignal } from './runInterruption.js';
import { fingerprintSubject } from '../reports/fingerprintSubject.js';
import type { AcceptanceReport, ReportExitCode, ReportSubject } from '../reports/types.js';
import type { ClauseId } from './clauses.js';
import type { JsonValue } from './protocol/canonicalJson.js';
import { OUTCOME_CONTRACT } from './protocol/types.js';
import { reportHead, withRunWorkspace, writeAcceptance } from './run/qualificationRun.js';
import { runWithLimit } from './runWithLimit.js';
import { EvidenceRecorder } from './suite/EvidenceRecorder.js';
import { mergeTranscriptParts, TranscriptWriter } from './transcript/TranscriptWriter.js';
import { readJsonFile } from './manifest/adapterFiles.js';
import { ACC_CLAUSES, checkCoverage } from './manifest/checkCoverage.js';
import { CAT_CLAUSES, checkCatalog, checkManifest, MAN_CLAUSES, type CheckedCatalog, type CheckedManifest } from './manifest/checkDeclarations.js';
import { checkRuntimeHook, HOOK_CLAUSES } from './manifest/checkRuntimeHook.js';
import { checkToolTransport, ToolSession, TRN_CLAUSES } from './manifest/checkToolTransport.js';
import { manifestReplayCommand, type ManifestRunOptions } from './options/manifestOptions.js';

/** What a finished manifest run produced. */
export interface ManifestQualificationResult {
  readonly report: AcceptanceReport;
  readonly exitCode: ReportExitCode;
  readonly reportDir: string;
  /** The one-screen terminal summary. */
  readonly summary: string;
}

/** Tools called at once: each call is one Python process. */
const TOOL_CONCURRENCY = 2;

/** The checks of the profile, by the name their evidence carries (names start with the clause IDs they decide). */
const CHECK_NAMES = {
  manifest: `${MAN_CLAUSES.join(', ')}: the manifest`,
  catalog: `${CAT_CLAUSES.join(', ')}: the tool catalog`,
  tools: `${TRN_CLAUSES.join(', ')}: the tools`,
  hook: `${HOOK_CLAUSES.join(', ')}: the runtime hook`,
  coverage: `${ACC_CLAUSES.join(', ')}: the coverage file`,
} as const;

/** The name of the TRN check of one tool. */
const toolCheckName = (tool: string): string => `${TRN_CLAUSES.join(', ')}: tool ${JSON.stringify(tool)}`;

/**
 * Qualifies one manifest-registered adapter directory against
 * `adapter-manifest.v1` and writes the report set (the same files as `run`).
 * The checks run in this process, in order MAN → CAT → TRN → HOOK → ACC, each
 * feeding an `EvidenceRecorder`; the TRN properties go through `checkProperty`,
 * so shrinking, seeds and counterexamples work as in the coding-operation
 * profile. A check that throws is a suite error (exit 3), never a verdict.
 * The run's workspace is the other profiles' (`run/qualificationRun.ts`): `--out` is
 * checked before any process starts and the report set replaces an older one only once complete.
 * @param options - normalized options
 * @throws UsageError for an unusable `--out`
 * @public
 */
export async function runManifestQualification(options: ManifestRunOptions): Promise<ManifestQualificationResult> {
  const setup = { outDir: options.outDir, adapterDirs: [], allowInAdapterDir: true, passEnv: [], prefix: 'adapter-qualify-manifest-' };
  return withRunWorkspace(setup, async (workspace) => {
    const scratchDir = join(workspace.workDir, 'scratch');
    await mkdir(scratchDir, { recursive: true });
    const transcript = new TranscriptWriter(workspace.workDir);
    const recorders: EvidenceRecorder[] = [];
    const failedTests: FailedTest[] = [];
    // Checks under way: a signal ends their calls, which then prove nothing, so an interrupted report leaves them out.
    const inFlight = new Set<string>();
    const recorder = (name: string, clauses: readonly ClauseId[]): EvidenceRecorder => {
      const created = new EvidenceRecorder(name, clauses);
      recorders.push(created);
      return created;
    };
    const guarded = async <T>(name: string, fallback: T, body: () => Promise<T>): Promise<T> => {
      inFlight.add(name);
      try {
        return await body();
      } catch (error) {
        failedTests.push({ testName: name, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
        return fallback;
      } finally {
        inFlight.delete(name);
      }
    };
    const seed = options.seed;
    const reportOf = (subject: ReportSubject, finishedAt: Date, interrupted: InterruptSignal | null): AcceptanceReport => {
      const head = reportHead({ seed, runs: options.runs, strict: options.strict, strictShould: options.strictShould, only: null }, workspace.startedAt, finishedAt);
      const judged = interrupted === null ? recorders : recorders.filter((each) => !inFlight.has(each.testName));
      return buildReport({
        profile: 'adapter-manifest.v1',
        metas: judged.map((each) => each.meta()),
        failedTests,
        unhandledErrors: interrupted === null ? [] : [interruptedRunError(interrupted, true)],
        filteredOut: false,
        subject,
        suite: head.suite,
        environment: head.environment,
        run: { ...head.run, options: { timeoutMs: options.timeoutMs, maxOutputBytes: options.maxOutputBytes }, ...(interrupted === null ? {} : { interrupted }) },
        replayCommand: (handle) => manifestReplayCommand(handle.seed, options),
      });
    };
    const manifestRead = await readJsonFile(options.manifestPath);
    interruptRunOnSignal({
      output: workspace.output,
      tag: workspace.tag,
      writeInterrupted: (signal) => {
        // The files are not read again: the report is due at once.
        const manifest = (manifestRead.kind === 'json' ? manifestRead.value : null) as JsonValue;
        const subject = { config: { manifestPath: options.manifestPath, manifest }, executableSha256: null, argvFileSha256s: [], authorityId: null };
        return writeInterruptedReport(reportOf(subject, new Date(), signal), workspace.output, options.outDir);
      },
    });

    const manifestRecorder = recorder(CHECK_NAMES.manifest, MAN_CLAUSES);
    const manifest = await guarded<CheckedManifest | null>(CHECK_NAMES.manifest, null, () => checkManifest(options.manifestPath, manifestRead, manifestRecorder, seed));
    const catalogRecorder = recorder(CHECK_NAMES.catalog, CAT_CLAUSES);
    const catalog = await guarded<CheckedCatalog | null>(CHECK_NAMES.catalog, null, () =>
      manifest === null ? Promise.resolve(null) : checkCatalog(manifest.files.toolSchema, manifest.root, manifest.id, catalogRecorder, seed),
    );

    await checkTransport(manifest, catalog, { options, scratchDir, transcript, recorder, guarded });

    const hookRecorder = recorder(CHECK_NAMES.hook, HOOK_CLAUSES);
    if (manifest !== null) {
      await guarded(CHECK_NAMES.hook, undefined, () =>
        checkRuntimeHook({
          runtime: manifest.files.runtime,
          root: manifest.root,
          savedCatalog: catalog?.saved ?? null,
          timeoutMs: options.timeoutMs,
          maxOutputBytes: options.maxOutputBytes,
          transcript,
          recorder: hookRecorder,
          seed,
        }),
      );
    }

    const coverageRecorder = recorder(CHECK_NAMES.coverage, ACC_CLAUSES);
    if (manifest !== null) {
      const file = manifest.files.acceptance;
      await guarded(CHECK_NAMES.coverage, undefined, async () =>
        checkCoverage({
          read: file.kind === 'usable' ? await readJsonFile(file.path) : { kind: 'unusable-path', reason: file.kind === 'unusable' ? file.reason : 'not declared' },
          document: file.kind === 'usable' ? file.path : 'acceptance',
          manifestId: manifest.id,
          testedBuilds: manifest.testedBuilds,
          toolNames: catalog?.toolNames ?? null,
          recorder: coverageRecorder,
          seed,
        }),
      );
    }

    await mergeTranscriptParts(workspace.workDir, join(workspace.output.staging, 'transcript.jsonl'));
    const subject = await manifestSubject(options.manifestPath, manifestRead.kind === 'json' ? manifestRead.value : null, manifest);
    const report = reportOf(subject, new Date(), null);
    const summary = await writeAcceptance(report, workspace, options.outDir);
    return { report, exitCode: report.exitCode, reportDir: options.outDir, summary };
  });
}

interface TransportContext {
  readonly options: ManifestRunOptions;
  readonly scratchDir: string;
  readonly transcript: TranscriptWriter;
  readonly recorder: (name: string, clauses: readonly ClauseId[]) => EvidenceRecorder;
  readonly guarded: <T>(name: string, fallback: T, body: () => Promise<T>) => Promise<T>;
}

/** TRN: one check per callable tool, a few at once. */
async function checkTransport(manifest: CheckedManifest | null, catalog: CheckedCatalog | null, context: TransportContext): Promise<void> {
  const entrypoint = manifest?.files.entrypoint;
  const unusable =
    manifest === null || manifest.root === null || entrypoint === undefined || entrypoint.kind !== 'usable'
      ? `the entrypoint is unusable${entrypoint?.kind === 'unusable' ? `: ${entrypoint.reason}` : ''}`
      : catalog === null || catalog.unusable !== null
        ? `the catalog is unusable${catalog?.unusable == null ? '' : `: ${catalog.unusable}`}`
        : catalog.tools.length === 0
          ? 'no tool is soundly declared with compiling schemas (CAT-TOOL, CAT-SCHEMAS-VALID)'
          : null;
  if (unusable !== null || manifest === null || manifest.root === null || entrypoint?.kind !== 'usable' || catalog === null) {
    const recorder = context.recorder(CHECK_NAMES.tools, TRN_CLAUSES);
    for (const id of TRN_CLAUSES) recorder.inconclusive(id, unusable ?? 'no tool can be called');
    return;
  }
  const root = manifest.root;
  await runWithLimit(
    catalog.tools.map((tool) => async () => {
      const name = toolCheckName(tool.name);
      const recorder = context.recorder(name, TRN_CLAUSES);
      const session = new ToolSession({
        entrypoint: entrypoint.path,
        root,
        scratchDir: context.scratchDir,
        timeoutMs: context.options.timeoutMs,
        maxOutputBytes: context.options.maxOutputBytes,
        transcript: context.transcript,
        testName: name,
      });
      await context.guarded(name, undefined, () => checkToolTransport({ tool, session, recorder, options: context.options }));
    }),
    TOOL_CONCURRENCY,
  );
}

/**
 * The subject, bound to exact bytes: the manifest as parsed, the `python3` the
 * transport runs (as the executable) and the entrypoint (argv item 0).
 */
async function manifestSubject(manifestPath: string, parsed: unknown, manifest: CheckedManifest | null): Promise<AcceptanceReport['subject']> {
  const entrypoint = manifest?.files.entrypoint;
  const python = findOnPath('python3');
  const fingerprint = await fingerprintSubject(
    {
      protocol: OUTCOME_CONTRACT,
      authorityId: '',
      executable: python ?? 'python3',
      argvPrefix: entrypoint?.kind === 'usable' ? [entrypoint.path] : [],
    },
    manifest?.root ?? '/',
  );
  return { ...fingerprint, config: { manifestPath, manifest: (parsed ?? null) as JsonValue }, authorityId: null };
}

/**
 * The absolute path `PATH` resolves a program name to (as the transport's
 * spawn does), or null.
 */
function findOnPath(program: string, path: string = process.env.PATH ?? ''): string | null {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, program);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}
