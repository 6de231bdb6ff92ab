import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { packageRoot } from '../packageRoot.js';
import { callExcerpt } from '../suite/callExcerpt.js';
import type { EvidenceRecorder } from '../suite/EvidenceRecorder.js';
import type { TranscriptWriter } from '../transcript/TranscriptWriter.js';
import type { ReferencedFile } from './checkManifest.js';
import { judgeHookProbe } from './judgeHookProbe.js';
import { runBoundedArgv } from './runBoundedArgv.js';

/** The probe script: ours, shipped with the suite (not compiled, so found from the package root). */
export const HOOK_PROBE_SCRIPT = join(packageRoot, 'harness', 'manifest', 'hookProbe.py');

/** What {@link checkRuntimeHook} needs. */
export interface RuntimeHookCheck {
  readonly runtime: ReferencedFile;
  readonly root: string | null;
  readonly savedCatalog: unknown;
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
  readonly transcript: TranscriptWriter;
  readonly recorder: EvidenceRecorder;
  readonly seed: number;
}

/**
 * Imports the runtime module in a separate `python3 -I -B` process with a
 * PEP 578 audit hook installed first (`hookProbe.py`), through the bounded
 * transport, and records the HOOK evidence. No runtime module: every HOOK clause is SKIP.
 * @param check - the module, the root, the saved catalog and the bounds
 * @public
 */
export async function checkRuntimeHook(check: RuntimeHookCheck): Promise<void> {
  const { recorder, runtime } = check;
  const clauses = ['HOOK-IMPORT-PURE', 'HOOK-NAMES', 'HOOK-TOOLS-MATCH'] as const;
  if (runtime.kind === 'absent') {
    for (const id of clauses) recorder.skip(id, 'the manifest declares no runtime hook');
    return;
  }
  if (runtime.kind === 'unusable' || check.root === null) {
    for (const id of clauses) recorder.inconclusive(id, `the runtime module is unusable: ${runtime.kind === 'unusable' ? runtime.reason : 'no root'}`);
    return;
  }
  const marker = `ADAPTER-QUALIFY-HOOK-${randomBytes(8).toString('hex')} `;
  const record = await runBoundedArgv({
    argv: ['python3', '-I', '-B', HOOK_PROBE_SCRIPT, check.root, runtime.path, marker],
    cwd: check.root,
    env: {},
    timeoutMs: check.timeoutMs,
    maxOutputBytes: check.maxOutputBytes,
  });
  check.transcript.append(record, recorder.testName);
  const counterexample = { description: `python3 -I -B hookProbe.py imports ${runtime.path}`, calls: [callExcerpt(record)] };
  for (const finding of judgeHookProbe(record, marker, check.savedCatalog)) {
    if (finding.kind === 'held') recorder.count(finding.clauseId);
    else if (finding.kind === 'violated') {
      recorder.count(finding.clauseId);
      for (const found of finding.violations) recorder.fail(found, counterexample, { testName: recorder.testName, seed: check.seed });
    } else if (finding.kind === 'skipped') recorder.skip(finding.clauseId, finding.reason);
    else recorder.inconclusive(finding.clauseId, finding.reason);
  }
}
