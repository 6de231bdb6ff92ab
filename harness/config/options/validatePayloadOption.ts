import path from 'node:path';
import type { JsonValue } from '../../protocol/canonicalJson.js';
import type { PayloadFamily } from '../../runOptions.js';
import { UsageError } from '../../UsageError.js';
import { describeReceived } from '../_internals/describeReceived.js';
import { payloadBoundsProblem } from '../_internals/payloadBoundsProblem.js';
import { runOptionDefaults } from './runOptionDefaults.js';

const FAMILIES = ['any-json', 'coding-job-v2'] as const;

/**
 * Validates `--payload` and `--payload-file` (mutually exclusive) into a payload family.
 * A payload file holds a non-empty JSON array of sample payloads, each within the
 * protocol's payload bounds, since every sample is submitted as a valid request.
 * @param payload - `--payload` as received, or undefined.
 * @param payloadFile - `--payload-file` as received, or undefined.
 * @param io - resolves and reads the payload file.
 * @throws UsageError naming the option, the value and its type.
 * @public
 */
export function validatePayloadOption(
  payload: unknown,
  payloadFile: unknown,
  io: { readonly cwd: string; readonly readTextFile: (file: string) => string },
): PayloadFamily {
  if (payload !== undefined && payloadFile !== undefined) {
    throw new UsageError('--payload and --payload-file cannot be given together', { option: '--payload-file' });
  }
  if (payloadFile !== undefined) return loadSamples(payloadFile, io);
  const kind = payload ?? runOptionDefaults.payload;
  if (kind === 'any-json' || kind === 'coding-job-v2') return { kind };
  throw new UsageError(`--payload must be one of ${FAMILIES.join(', ')} (got ${describeReceived(payload)})`, { option: '--payload' });
}

function loadSamples(value: unknown, io: { readonly cwd: string; readonly readTextFile: (file: string) => string }): PayloadFamily {
  const option = '--payload-file';
  const refuse = (reason: string, cause?: unknown): never => {
    throw new UsageError(`${option}: ${reason}`, { option, cause });
  };
  if (typeof value !== 'string' || value === '') return refuse(`must be a file path (got ${describeReceived(value)})`);
  const file = path.resolve(io.cwd, value);
  let text = '';
  try {
    text = io.readTextFile(file);
  } catch (cause) {
    refuse(`${value} cannot be read (${(cause as NodeJS.ErrnoException).code ?? String(cause)})`, cause);
  }
  let samples: unknown;
  try {
    samples = JSON.parse(text);
  } catch (cause) {
    refuse(`${value} is not JSON (${(cause as Error).message})`, cause);
  }
  if (!Array.isArray(samples) || samples.length === 0) {
    return refuse(`${value} must hold a non-empty JSON array of sample payloads (got ${describeReceived(samples)})`);
  }
  samples.forEach((sample: unknown, index) => {
    const problem = payloadBoundsProblem(sample);
    if (problem !== null) refuse(`${value}: sample [${index}] is not a valid payload: it ${problem}`);
  });
  return { kind: 'samples', file, samples: samples as JsonValue[] };
}
