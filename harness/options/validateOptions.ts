import path from 'node:path';
import { type JsonValue, canonicalJson } from '../protocol/canonicalJson.js';
import { limits } from '../protocol/types.js';
import type { EnvironmentPolicy } from '../transport/containment/environment.js';
import { describeError, describeReceived, UsageError } from '../UsageError.js';
import { runOptionBounds, runOptionDefaults, type OptionBounds } from './runOptionDefaults.js';
import { GENERATED_PAYLOADS, type GeneratedPayload, type PayloadFamily, type ReplayTarget } from './runOptions.js';

// The validators of single options, each naming its option, the value received and its type.
// The normalizers in `normalizeOptions.ts` call them once, at the edge.

const DECIMAL_INTEGER = /^-?[0-9]+$/;

/**
 * Reads an integer option given as command-line text or as a number, within `[min, max]`.
 * Only plain decimal text is accepted (`1e3`, `0x10`, ` 5` and `5.0` are refused).
 * @throws UsageError naming the option, the range, the value received and its type.
 * @public
 */
export function parseIntegerOption(option: string, value: unknown, bounds: OptionBounds): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && DECIMAL_INTEGER.test(value) ? Number(value) : NaN;
  if (Number.isSafeInteger(number) && number >= bounds.min && number <= bounds.max) return number;
  throw new UsageError(`${option} must be an integer from ${bounds.min} to ${bounds.max} (got ${describeReceived(value)})`, { option });
}

/**
 * Validates `--seed`: an integer from 0 to 2^31-1.
 * @param value - the option as received, or undefined when absent.
 * @param randomSeed - draws the default; the drawn seed is recorded in the report.
 * @throws UsageError naming `--seed`, the value and its type.
 * @public
 */
export function validateSeedOption(value: unknown, randomSeed: () => number): number {
  return value === undefined ? randomSeed() : parseIntegerOption('--seed', value, runOptionBounds.seed);
}

/**
 * Validates a test-name pattern option (`--only`, `--exclude`): a regular expression source matched against test names.
 * @param option - the option's name, as messages print it.
 * @param value - the option as received, or undefined when absent.
 * @returns the source, or null when absent.
 * @throws UsageError naming the option when the value is not a string or does not compile.
 * @public
 */
export function validatePatternOption(option: '--only' | '--exclude', value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string') throw new UsageError(`${option} must be a regular expression (got ${describeReceived(value)})`, { option });
  try {
    new RegExp(value);
  } catch (cause) {
    throw new UsageError(`${option} must be a valid regular expression: ${describeError(cause)} (got ${describeReceived(value)})`, {
      option,
      cause,
    });
  }
  return value;
}

/**
 * Validates `--only`: a regular expression source matched against test names.
 * @param value - the option as received, or undefined when absent.
 * @returns the source, or null for every test.
 * @throws UsageError naming `--only` when the value is not a string or does not compile.
 * @public
 */
export function validateOnlyOption(value: unknown): string | null {
  return validatePatternOption('--only', value);
}

// `<property>/<fast-check path>`: which property of the test (a test may run
// several, e.g. one per bound variant), then fast-check's run indices, e.g. `0/7:0:3`.
const REPLAY_PATH = /^([0-9]+)\/([0-9]+(?::[0-9]+)*)$/;

/**
 * Validates `--replay-path`: a property index and a fast-check path, only meaningful with `--only` (which test)
 * and `--seed` (which run).
 * @param value - the option as received, or undefined when absent.
 * @param context - whether `--only` and `--seed` were given.
 * @returns the path, or null when absent.
 * @throws UsageError naming `--replay-path`.
 * @public
 */
export function validateReplayPathOption(value: unknown, context: { readonly hasOnly: boolean; readonly hasSeed: boolean }): ReplayTarget | null {
  if (value === undefined) return null;
  const option = '--replay-path';
  const match = typeof value === 'string' ? REPLAY_PATH.exec(value) : null;
  if (match === null) {
    throw new UsageError(`${option} must be a property index and a fast-check path such as "0/7:0:3" (got ${describeReceived(value)})`, { option });
  }
  if (!context.hasOnly || !context.hasSeed) {
    throw new UsageError(`${option} requires --only (the test) and --seed (the run) (got ${describeReceived(value)})`, { option });
  }
  return { property: Number(match[1]), path: match[2] ?? '' };
}

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Validates `--pass-env NAME` (repeatable) and `--inherit-env` into the adapter's
 * environment policy: scrubbed unless `--inherit-env`; the names passed are kept
 * in order, without repeats (with `--inherit-env` they still name values to mask).
 * @param passEnv - the `--pass-env` values, or undefined when none was given.
 * @param inheritEnv - `--inherit-env`.
 * @throws UsageError for a name that is not an environment variable name.
 * @public
 */
export function validateEnvironmentOptions(passEnv: readonly string[] | string | undefined, inheritEnv: boolean | undefined): EnvironmentPolicy {
  const names = passEnv === undefined ? [] : typeof passEnv === 'string' ? [passEnv] : [...passEnv];
  for (const name of names) {
    if (typeof name !== 'string' || !VARIABLE_NAME.test(name)) {
      throw new UsageError(`--pass-env must name an environment variable ([A-Za-z_][A-Za-z0-9_]*) (got ${describeReceived(name)})`, { option: '--pass-env' });
    }
  }
  if (inheritEnv !== undefined && typeof inheritEnv !== 'boolean') {
    throw new UsageError(`--inherit-env takes no value (got ${describeReceived(inheritEnv)})`, { option: '--inherit-env' });
  }
  return Object.freeze({ inherit: inheritEnv === true, passNames: Object.freeze([...new Set(names)]) });
}

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
export function validatePayloadOption(payload: unknown, payloadFile: unknown, io: { readonly cwd: string; readonly readTextFile: (file: string) => string }): PayloadFamily {
  if (payload !== undefined && payloadFile !== undefined) {
    throw new UsageError('--payload and --payload-file cannot be given together', { option: '--payload-file' });
  }
  if (payloadFile !== undefined) return loadSamples(payloadFile, io);
  const kind = payload ?? runOptionDefaults.payload;
  if (isGeneratedPayload(kind)) return { kind };
  throw new UsageError(`--payload must be one of ${GENERATED_PAYLOADS.join(', ')} (got ${describeReceived(payload)})`, { option: '--payload' });
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
    refuse(`${value} is not JSON (${describeError(cause)})`, cause);
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

function isGeneratedPayload(kind: unknown): kind is GeneratedPayload {
  return (GENERATED_PAYLOADS as readonly unknown[]).includes(kind);
}

/**
 * Names the first payload bound of the protocol that a parsed JSON value breaks
 * (depth, visited values, array and object entries, key bytes, finiteness, aggregate and
 * canonical bytes), or returns null when the value is a payload an adapter must admit.
 * Used to vet `--payload-file` samples, which must be valid submits.
 */
function payloadBoundsProblem(value: unknown): string | null {
  let values = 0;
  let aggregateBytes = 0;
  // Depth-first; never deeper than maxDepth + 1, so recursion is bounded.
  const visit = (node: unknown, depth: number): string | null => {
    if (depth > limits.maxDepth) return `nests deeper than ${limits.maxDepth}`;
    values += 1;
    if (values > limits.maxValues) return `has more than ${limits.maxValues} values`;
    if (typeof node === 'number' && !Number.isFinite(node)) return 'holds a non-finite number';
    if (typeof node === 'string') aggregateBytes += Buffer.byteLength(node, 'utf8');
    if (Array.isArray(node)) {
      if (node.length > limits.maxArrayEntries) return `holds an array of ${node.length} entries (at most ${limits.maxArrayEntries})`;
      for (const item of node) {
        const problem = visit(item, depth + 1);
        if (problem !== null) return problem;
      }
    } else if (node !== null && typeof node === 'object') {
      const entries = Object.entries(node);
      if (entries.length > limits.maxObjectEntries) return `holds an object of ${entries.length} entries (at most ${limits.maxObjectEntries})`;
      for (const [key, item] of entries) {
        const keyBytes = Buffer.byteLength(key, 'utf8');
        if (keyBytes > limits.maxKeyBytes) return `holds a key of ${keyBytes} UTF-8 bytes (at most ${limits.maxKeyBytes})`;
        aggregateBytes += keyBytes;
        const problem = visit(item, depth + 1);
        if (problem !== null) return problem;
      }
    }
    return null;
  };
  const problem = visit(value, 0);
  if (problem !== null) return problem;
  if (aggregateBytes > limits.maxPayloadBytes) return `holds ${aggregateBytes} bytes of strings and keys (at most ${limits.maxPayloadBytes})`;
  const canonicalBytes = Buffer.byteLength(canonicalJson(value), 'utf8');
  if (canonicalBytes > limits.maxPayloadBytes) return `is ${canonicalBytes} canonical bytes (at most ${limits.maxPayloadBytes})`;
  return null;
}
