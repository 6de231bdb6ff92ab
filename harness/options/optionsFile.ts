import path from 'node:path';
import { lazySuiteSchema } from '../schemas.js';
import { jsonErrorLocation } from './loadSubject.js';
import { describeError, UsageError } from '../UsageError.js';
import type { RunOptionsInput } from './runOptions.js';
import schema from './qualify-config.schema.json' with { type: 'json' };

/** @internal The schema of an options file (precompiled by the build). */
export const optionsFileSchema = schema;

// Compiled once, on the suite's strict instance, when the first options file is read (most runs have none).
const optionsValidator = lazySuiteSchema(schema);

/** How each key of the file maps onto the run options; paths are resolved from the file's directory. */
const fileKeys = {
  out: { input: 'out', path: true },
  seed: { input: 'seed', path: false },
  runs: { input: 'runs', path: false },
  'timeout-ms': { input: 'timeoutMs', path: false },
  'max-output-bytes': { input: 'maxOutputBytes', path: false },
  only: { input: 'only', path: false },
  exclude: { input: 'exclude', path: false },
  payload: { input: 'payload', path: false },
  'payload-file': { input: 'payloadFile', path: true },
  'max-submits': { input: 'maxSubmits', path: false },
  'max-failures': { input: 'maxFailures', path: false },
  concurrency: { input: 'concurrency', path: false },
  'poll-budget': { input: 'pollBudget', path: false },
  strict: { input: 'strict', path: false },
  'strict-should': { input: 'strictShould', path: false },
  'expected-failures': { input: 'expectedFailures', path: true },
  'keep-stderr': { input: 'keepStderr', path: false },
  lifecycle: { input: 'lifecycle', path: true },
  'hide-not-applicable': { input: 'hideNotApplicable', path: false },
} as const satisfies Record<string, { readonly input: keyof RunOptionsInput; readonly path: boolean }>;

/**
 * Reads `--config FILE`, a JSON object of run options (schema
 * `qualify-config.schema.json`, shipped beside this module), as run options
 * input. Values keep their JSON types; `normalizeRunOptions` then validates them
 * as it validates flags, so bounds are checked in one place.
 * @param file - the path given, relative to `cwd`
 * @param cwd - the directory relative paths resolve against
 * @param readTextFile - reads the file
 * @throws UsageError naming `--config` and the field at fault, or the file that cannot be read or parsed
 * @public
 */
export function loadRunOptionsFile(file: string, cwd: string, readTextFile: (file: string) => string): RunOptionsInput {
  if (file === '') throw new UsageError('--config needs a file path (got "")', { option: '--config' });
  const absolute = path.resolve(cwd, file);
  let text: string;
  try {
    text = readTextFile(absolute);
  } catch (cause) {
    const code = (cause as { code?: unknown }).code;
    const why = code === 'ENOENT' ? 'no such file' : describeError(cause);
    throw new UsageError(`--config ${file}: ${why}`, { option: '--config', cause });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    const at = jsonErrorLocation(text);
    throw new UsageError(`--config ${file}: not JSON${at === null ? '' : ` at line ${at.line}, column ${at.column}`}`, { option: '--config', cause });
  }
  const validate = optionsValidator();
  if (!validate(value)) {
    const problems = (validate.errors ?? []).map((error) => {
      const extra = (error.params as { additionalProperty?: unknown }).additionalProperty;
      if (typeof extra === 'string') return `unknown field "${extra}" (not a shared run option)`;
      const field = error.instancePath.replace(/^\//, '');
      return field === '' ? (error.message ?? 'invalid') : `field "${field}" ${error.message ?? 'is invalid'}`;
    });
    throw new UsageError(`--config ${file}: ${problems.join('; ')} (schema: qualify-config.schema.json)`, { option: '--config' });
  }
  const input: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    if (!Object.hasOwn(fileKeys, key)) continue;
    const { input: name, path: isPath } = fileKeys[key as keyof typeof fileKeys];
    input[name] = isPath ? path.resolve(path.dirname(absolute), raw as string) : raw;
  }
  return input as RunOptionsInput;
}
