import type { Readable } from 'node:stream';
import { Refusal } from './Refusal.js';

/**
 * Reads a stream to its end, refusing as soon as it passes `maxBytes`: an
 * oversized request is never buffered whole.
 *
 * @param stream - stdin
 * @param maxBytes - the largest admissible request
 * @throws Refusal when the stream is longer than `maxBytes`
 */
export async function readStdinCapped(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    total += bytes.length;
    // Leaving the loop destroys the stream, so the rest is never read.
    if (total > maxBytes) throw new Refusal(`REQ-BOUND-REQUEST: stdin exceeds ${maxBytes} bytes`);
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, total);
}
