import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/**
 * The transcript of a run bound to its bytes: `acceptance.json` records it (`run.transcript`), and
 * `verify` refuses a transcript whose bytes are no longer these.
 * @public
 */
export interface TranscriptDigest {
  /** Lowercase hex sha256 of the whole file. */
  readonly sha256: string;
  /** Its length in bytes. */
  readonly bytes: number;
}

/**
 * The sha256 and length of a transcript file, streamed. Opened without following a symbolic link
 * and without blocking on a FIFO: a planted special file is an error, never a hang.
 * @param file - the transcript's path
 * @throws the file-system error when it cannot be read as a regular file
 * @public
 */
export async function transcriptDigest(file: string): Promise<TranscriptDigest> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    if (!(await handle.stat()).isFile()) throw Object.assign(new Error(`${file} is not a regular file`), { code: 'EINVAL' });
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of handle.createReadStream({ autoClose: false, highWaterMark: 1_048_576 }) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      bytes += chunk.byteLength;
    }
    return { sha256: hash.digest('hex'), bytes };
  } finally {
    await handle.close();
  }
}
