import path from 'node:path';
import { lazySuiteSchema } from '../schemas.js';
import { describeError, describeReceived, UsageError } from '../UsageError.js';

/**
 * The adapter's declared lifecycle (`--lifecycle FILE`), as normalized.
 * @public
 */
export interface LifecycleOption {
  /** Absolute path of the lifecycle file; its directory is where the steps run. */
  readonly path: string;
  /** The restart step: argv, executable first (absolute), or null when none is declared. */
  readonly restart: readonly string[] | null;
}

/**
 * The lifecycle file as a JSON Schema: an object with an optional `restart`
 * argv (non-empty, strings without NUL). Each constraint's `description` is
 * its rule, so an ajv error carries its own message.
 * @internal
 */
export const lifecycleSchema = {
  $id: 'adapter-qualify/lifecycle.v1',
  type: 'object',
  description: 'the lifecycle file must be a JSON object',
  additionalProperties: false,
  properties: {
    restart: {
      type: 'array',
      description: 'restart must be an array of strings (argv, executable first)',
      allOf: [{ minItems: 1, description: 'restart must name at least the executable' }],
      items: {
        type: 'string',
        description: 'restart items must be strings',
        allOf: [{ pattern: '^[^\\u0000]*$', description: 'restart items must not contain NUL' }],
      },
    },
  },
} as const;

// Compiled once, when the first lifecycle file is read, on the suite's strict instance, whose `verbose` errors
// carry the failing subschema (and its description); only the first error is reported.
const lifecycleValidator = lazySuiteSchema(lifecycleSchema);

/**
 * Validates `--lifecycle FILE`: reads the file, checks it against the
 * lifecycle schema, and resolves the restart executable like `adapter.json`
 * paths: relative to the file's directory, where the step also runs.
 * @param file - the option's value, or undefined when absent.
 * @param environment - the directory relative paths resolve against, and the file reader.
 * @returns the normalized lifecycle, or null without the option.
 * @throws UsageError naming `--lifecycle`, the file and the field at fault.
 * @public
 */
export function validateLifecycleOption(file: unknown, environment: { readonly cwd: string; readonly readTextFile: (file: string) => string }): LifecycleOption | null {
  if (file === undefined) return null;
  if (typeof file !== 'string' || file === '') {
    throw new UsageError(`--lifecycle must be a file path (got ${describeReceived(file)})`, { option: '--lifecycle' });
  }
  const lifecyclePath = path.resolve(environment.cwd, file);
  const refuse = (reason: string, field?: string, cause?: unknown): never => {
    throw new UsageError(`--lifecycle ${file}: ${reason}`, { option: '--lifecycle', field, cause });
  };
  let text = '';
  try {
    text = environment.readTextFile(lifecyclePath);
  } catch (cause) {
    refuse(`cannot be read (${(cause as NodeJS.ErrnoException).code ?? String(cause)})`, undefined, cause);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    refuse(`is not JSON (${describeError(cause)})`, undefined, cause);
  }
  const validate = lifecycleValidator();
  if (!validate(value)) {
    const [error] = validate.errors ?? [];
    const field = error?.keyword === 'additionalProperties' ? String(error.params['additionalProperty']) : fieldOf(error?.instancePath ?? '');
    const rule =
      error?.keyword === 'additionalProperties'
        ? `unknown field "${field}" (only "restart" is allowed)`
        : String((error?.parentSchema as { description?: unknown } | undefined)?.description ?? error?.message ?? 'invalid');
    return refuse(`${field === '' ? '' : `${field}: `}${rule}`, field === '' ? undefined : field);
  }
  const restart = (value as { restart?: readonly string[] }).restart;
  const dir = path.dirname(lifecyclePath);
  if (restart === undefined) return { path: lifecyclePath, restart: null };
  const [executable = '', ...args] = restart;
  return { path: lifecyclePath, restart: [path.resolve(dir, executable), ...args] };
}

// `/restart/2` → `restart[2]`, the way configuration fields are named elsewhere.
function fieldOf(instancePath: string): string {
  const [head = '', ...rest] = instancePath.split('/').filter((part) => part !== '');
  return head + rest.map((part) => `[${part}]`).join('');
}
