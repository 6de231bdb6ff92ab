import { join } from 'node:path';
import type { BuildReportInput } from '../../reports/buildReport.js';
import { SecretMask } from '../evidence/SecretMask.js';
import { writeFileAtomic } from '../../reports/writeFileAtomic.js';
import { replayKey } from './replayKey.js';
import { SHARD_EVIDENCE_FILE, SHARD_EVIDENCE_FORMAT, type ShardEvidence } from './types.js';

/**
 * Writes a shard's evidence (`shard-evidence.json`, atomically) beside its report:
 * everything `buildReport` took, with each replay command rendered, since the
 * merge has no run options to render them from.
 * @param input - what the shard's report was built from.
 * @param outDir - the shard's report directory (it exists).
 * @param mask - hides secret environment values, as in the report files. @defaultValue a mask over this process's environment
 * @returns the file written.
 * @public
 */
export async function writeShardEvidence(
  input: BuildReportInput,
  outDir: string,
  mask: SecretMask = SecretMask.fromProcess(),
): Promise<string> {
  const replays: Record<string, string> = {};
  for (const meta of input.metas) {
    for (const evidence of meta.evidence) {
      if (evidence.replay !== undefined) replays[replayKey(evidence.replay)] = input.replayCommand(evidence.replay);
    }
  }
  const evidence: ShardEvidence = {
    format: SHARD_EVIDENCE_FORMAT,
    profile: input.profile,
    metas: input.metas,
    failedTests: input.failedTests,
    unhandledErrors: input.unhandledErrors,
    filteredOut: input.filteredOut,
    deferred: input.deferred,
    notApplicable: input.notApplicable ?? {},
    replays,
  };
  const file = join(outDir, SHARD_EVIDENCE_FILE);
  // The file leaves the process like the report does: adapter output in it is masked the same way.
  await writeFileAtomic(file, `${JSON.stringify(mask.maskDeep(evidence))}\n`);
  return file;
}
