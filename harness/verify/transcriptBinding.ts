import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { transcriptDigest, type TranscriptDigest } from '../transcript/transcriptDigest.js';

/**
 * Whether a transcript is still the one its run wrote, by the digest `acceptance.json` beside it
 * records (`run.transcript`):
 * - `bound`: same bytes;
 * - `changed`: the file is not what the run wrote (edited, truncated, replaced after the run);
 * - `unbound`: there is nothing to check it against (no report beside it, a report that records no
 *   digest, or a file of another name), with the reason.
 * @public
 */
export type TranscriptBinding =
  | { readonly kind: 'bound'; readonly report: string; readonly digest: TranscriptDigest }
  | { readonly kind: 'changed'; readonly report: string; readonly recorded: TranscriptDigest; readonly actual: TranscriptDigest }
  | { readonly kind: 'unbound'; readonly reason: string };

/** The file name `run` gives the transcript beside its report. */
const TRANSCRIPT_NAME = 'transcript.jsonl';

/**
 * Compares a transcript with the digest recorded by the report in its directory.
 * @param file - the transcript (`<report-dir>/transcript.jsonl`)
 * @throws the file-system error when the transcript itself cannot be read
 * @public
 */
export async function checkTranscriptBinding(file: string): Promise<TranscriptBinding> {
  if (basename(file) !== TRANSCRIPT_NAME) return { kind: 'unbound', reason: `only a report directory's ${TRANSCRIPT_NAME} is bound to its acceptance.json` };
  const report = join(dirname(file), 'acceptance.json');
  const text = await readFile(report, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(error)));
  if (text === null) return { kind: 'unbound', reason: 'no acceptance.json beside it' };
  const recorded = recordedDigest(text);
  if (recorded === null) return { kind: 'unbound', reason: `${report} records no transcript digest (a report of an older version, or a run that wrote no transcript)` };
  return judgeTranscriptBinding(report, recorded, await transcriptDigest(file));
}

/**
 * The verdict on a transcript's bytes against the digest its report recorded. Pure.
 * @param report - the report's path, for the message
 * @param recorded - what the run wrote
 * @param actual - what the file holds now
 * @public
 */
export function judgeTranscriptBinding(report: string, recorded: TranscriptDigest, actual: TranscriptDigest): TranscriptBinding {
  return recorded.sha256 === actual.sha256 && recorded.bytes === actual.bytes ? { kind: 'bound', report, digest: actual } : { kind: 'changed', report, recorded, actual };
}

/**
 * The line `verify` prints about the binding.
 * @param binding - the comparison's result
 * @public
 */
export function bindingLine(binding: TranscriptBinding): string {
  switch (binding.kind) {
    case 'bound':
      return `transcript: sha256 ${binding.digest.sha256} (${binding.digest.bytes} bytes), as ${binding.report} records`;
    case 'changed':
      return (
        `transcript CHANGED after the run: ${binding.report} records sha256 ${binding.recorded.sha256} (${binding.recorded.bytes} bytes), ` +
        `the file has sha256 ${binding.actual.sha256} (${binding.actual.bytes} bytes)`
      );
    case 'unbound':
      return `transcript: not bound to a report (${binding.reason}); its digest is not checked`;
  }
}

function recordedDigest(text: string): TranscriptDigest | null {
  try {
    const transcript = (JSON.parse(text) as { run?: { transcript?: unknown } }).run?.transcript;
    if (typeof transcript !== 'object' || transcript === null) return null;
    const { sha256, bytes } = transcript as Record<string, unknown>;
    return typeof sha256 === 'string' && /^[0-9a-f]{64}$/.test(sha256) && Number.isSafeInteger(bytes) ? { sha256, bytes: bytes as number } : null;
  } catch {
    return null;
  }
}
