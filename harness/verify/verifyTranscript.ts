import { readLines } from './_internals/readLines.js';
import { TranscriptVerifier, type TranscriptVerifierOptions } from './TranscriptVerifier.js';
import { transcriptCall } from './transcriptCall.js';
import type { VerifyResult } from './types.js';

/** Longest transcript line read: a request over the 1 MiB bound, its parsed copy, a full output bound, stderr. */
export const MAX_TRANSCRIPT_LINE_BYTES = 64 * 1024 * 1024;

/**
 * Streams a transcript file through a {@link TranscriptVerifier} (the I/O shell
 * of `adapter-qualify verify`). An empty line ends nothing and is refused like
 * any other line that is not JSON.
 *
 * @param file - path of `transcript.jsonl`
 * @param options - the verifier's options
 * @throws TranscriptInputError when the file cannot be read, or a line is not a transcript line or is out of order
 * @public
 */
export async function verifyTranscript(file: string, options: TranscriptVerifierOptions = {}): Promise<VerifyResult> {
  const verifier = new TranscriptVerifier(options);
  for await (const { text, line } of readLines(file, MAX_TRANSCRIPT_LINE_BYTES)) {
    verifier.add(transcriptCall(text, line));
  }
  return verifier.finish();
}
