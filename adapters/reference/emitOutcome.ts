import type { Writable } from 'node:stream';
import { canonicalJson } from '../../harness/protocol/canonicalJson.js';
import type { RenderedOutcome } from './AdapterBehavior.js';

/**
 * Prints the outcome as one canonical JSON line and waits until it is
 * flushed; resolves to exit code 0.
 *
 * @param outcome - the outcome to print
 * @param stdout - the adapter's stdout
 */
export async function emitOutcome(outcome: RenderedOutcome, stdout: Writable): Promise<number> {
  return emitLine(canonicalJson(outcome), stdout);
}

/**
 * Prints one line of text and waits until it is flushed; resolves to exit code 0.
 * @param text - the line, without its newline
 * @param stdout - the adapter's stdout
 */
export async function emitLine(text: string, stdout: Writable): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    stdout.write(`${text}\n`, (error) => (error ? reject(error) : resolve()));
  });
  return 0;
}
