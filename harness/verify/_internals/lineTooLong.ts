import { TranscriptInputError } from '../TranscriptInputError.js';

/**
 * The error for a transcript line past the longest accepted.
 * @param line - its 1-based number
 * @param maxLineBytes - longest line accepted
 * @internal
 */
export function lineTooLong(line: number, maxLineBytes: number): TranscriptInputError {
  return new TranscriptInputError(`line ${line} is longer than ${maxLineBytes} bytes`, line);
}
