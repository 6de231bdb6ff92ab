import type { ErrorObject } from 'ajv';
import type { ClauseId } from '../clauses.js';
import { isIdentity, limits, OUTCOME_CONTRACT } from '../protocol/types.js';
import { lazySuiteSchema } from '../schemas.js';
import { describeReceived } from '../UsageError.js';
import { isJsonObject } from '../protocol/jsonValues.js';

/** The host's closed adapter configuration (`adapter.json`), after CFG validation. */
export interface AdapterConfig {
  readonly protocol: typeof OUTCOME_CONTRACT;
  readonly authorityId: string;
  readonly executable: string;
  readonly argvPrefix: readonly string[];
}

/**
 * The identity rule in words (CFG-AUTHORITY, and `--authority` of an SDK run), for messages.
 * @public
 */
export const IDENTITY_RULE = 'must be an identity: 1-160 characters of A-Z a-z 0-9 . _ : -, starting with a letter or digit';

/**
 * The structural part of the CFG clauses as a JSON Schema (types, closedness, literals,
 * path shape, item count). Each constraint sits in its own subschema whose `description`
 * is the rule, so an ajv error (compiled with `verbose`) carries its own message.
 * UTF-8 byte and code-unit bounds are not expressible here; `validateAdapterConfig` checks them.
 * Exported for the build, which precompiles it.
 * @internal
 */
export const adapterConfigSchema = {
  $id: 'adapter-qualify/adapter-config.v1',
  type: 'object',
  description: 'configuration must be a JSON object',
  required: ['protocol', 'authorityId', 'executable', 'argvPrefix'],
  additionalProperties: false,
  properties: {
    protocol: { const: OUTCOME_CONTRACT, description: `protocol must be "${OUTCOME_CONTRACT}"` },
    authorityId: { type: 'string', description: 'authorityId must be a string' },
    executable: {
      type: 'string',
      description: 'executable must be a string',
      allOf: [
        { minLength: 1, description: 'executable must not be empty' },
        { pattern: '^/', description: 'executable must be an absolute path' },
        { pattern: '^[^\\u0000\\r\\n]*$', description: 'executable must not contain NUL, CR or LF' },
      ],
    },
    argvPrefix: {
      type: 'array',
      description: 'argvPrefix must be an array of strings',
      allOf: [{ maxItems: limits.maxArgvItems, description: `argvPrefix must have at most ${limits.maxArgvItems} items` }],
      items: {
        type: 'string',
        description: 'argvPrefix items must be strings',
        allOf: [{ pattern: '^[^\\u0000]*$', description: 'argvPrefix items must not contain NUL' }],
      },
    },
  },
} as const;

/** One broken CFG clause, in the style of an ajv `ErrorObject`: data, never thrown. */
export interface ConfigError {
  /** The CFG clause broken. */
  readonly clauseId: ClauseId;
  /** The field at fault (`executable`, `argvPrefix[3]`), or `''` for the whole object. */
  readonly field: string;
  /** One line: the rule, then the value received and its type. */
  readonly message: string;
}

/** Result of {@link validateAdapterConfig}: the typed configuration, or the first clause it breaks. */
export type AdapterConfigValidation = { readonly config: AdapterConfig } | { readonly error: ConfigError };

const FIELDS = ['protocol', 'authorityId', 'executable', 'argvPrefix'] as const;
type Field = (typeof FIELDS)[number];

const FIELD_CLAUSE: Readonly<Record<Field, ClauseId>> = {
  protocol: 'CFG-PROTOCOL',
  authorityId: 'CFG-AUTHORITY',
  executable: 'CFG-EXECUTABLE',
  argvPrefix: 'CFG-ARGV',
};

// Report order when several clauses break: closedness first, then the fields in
// their documented order, the cross-field total last.
const CLAUSE_RANK: readonly ClauseId[] = ['CFG-CLOSED', 'CFG-PROTOCOL', 'CFG-AUTHORITY', 'CFG-EXECUTABLE', 'CFG-ARGV', 'CFG-ARGV-TOTAL'];
const ROOT_KEYWORD_RANK = ['type', 'additionalProperties', 'required'];

// Compiled once, at the first validation, on the suite's strict instance (`verbose`: errors carry their subschema's description);
// a suite worker that imports this module but validates no configuration never compiles it.
const structureValidator = lazySuiteSchema(adapterConfigSchema);

/**
 * Checks a parsed `adapter.json` against every CFG clause.
 * Pure: it does not look at the file system (the executable need not exist).
 * @param value - the parsed JSON value.
 * @returns `{config}` when every clause holds, else `{error}` for the first clause broken
 *   (closedness, then protocol, authorityId, executable, argvPrefix, then the total).
 * @public
 */
export function validateAdapterConfig(value: unknown): AdapterConfigValidation {
  const validateStructure = structureValidator();
  const errors = validateStructure(value) ? [] : structuralErrors(validateStructure.errors ?? []);
  errors.push(...boundErrors(value));
  const first = errors.sort((a, b) => CLAUSE_RANK.indexOf(a.clauseId) - CLAUSE_RANK.indexOf(b.clauseId))[0];
  if (first !== undefined) return { error: first };
  const config = value as AdapterConfig;
  return {
    config: {
      protocol: config.protocol,
      authorityId: config.authorityId,
      executable: config.executable,
      argvPrefix: [...config.argvPrefix],
    },
  };
}

function structuralErrors(errors: readonly ErrorObject[]): ConfigError[] {
  const root = errors
    .filter((e) => e.instancePath === '')
    .sort((a, b) => ROOT_KEYWORD_RANK.indexOf(a.keyword) - ROOT_KEYWORD_RANK.indexOf(b.keyword))
    .map(rootError);
  const fields = errors.filter((e) => e.instancePath !== '').map(fieldError);
  return [...root, ...fields];
}

function rootError(error: ErrorObject): ConfigError {
  const expected = `(fields: ${FIELDS.join(', ')})`;
  if (error.keyword === 'additionalProperties') {
    const field = String(error.params['additionalProperty']);
    return { clauseId: 'CFG-CLOSED', field, message: `unknown field ${JSON.stringify(field)} ${expected}` };
  }
  if (error.keyword === 'required') {
    const field = String(error.params['missingProperty']);
    return { clauseId: 'CFG-CLOSED', field, message: `missing field ${JSON.stringify(field)} ${expected}` };
  }
  return { clauseId: 'CFG-CLOSED', field: '', message: `${ruleOf(error)} ${expected} (got ${describeReceived(error.data)})` };
}

function fieldError(error: ErrorObject): ConfigError {
  // instancePath is `/field` or `/argvPrefix/<index>`; our field names need no unescaping.
  const [, name = '', index] = error.instancePath.split('/');
  const clauseId = FIELD_CLAUSE[name as Field];
  const field = index === undefined ? name : `${name}[${index}]`;
  return { clauseId, field, message: `${ruleOf(error)} (got ${describeReceived(error.data)})` };
}

function ruleOf(error: ErrorObject): string {
  const description: unknown = (error.parentSchema as { description?: unknown } | undefined)?.description;
  return typeof description === 'string' ? description : `${error.instancePath} ${error.message ?? 'is invalid'}`;
}

// The rules ajv cannot state: identity (shared with the protocol), UTF-8 byte bounds
// and the total. Each runs as soon as its field has the right type, so ranking sees it.
function boundErrors(value: unknown): ConfigError[] {
  if (!isJsonObject(value)) return [];
  const { authorityId, executable, argvPrefix } = value as Partial<Record<Field, unknown>>;
  const errors: ConfigError[] = [];
  if (typeof authorityId === 'string' && !isIdentity(authorityId)) {
    errors.push({
      clauseId: 'CFG-AUTHORITY',
      field: 'authorityId',
      message: `authorityId ${IDENTITY_RULE} (got ${describeReceived(authorityId)})`,
    });
  }
  const executableProblem = typeof executable === 'string' ? sizeProblem(executable, limits.maxExecutableBytes) : null;
  if (executableProblem !== null) {
    errors.push({ clauseId: 'CFG-EXECUTABLE', field: 'executable', message: `executable ${executableProblem}` });
  }
  const items = Array.isArray(argvPrefix) ? (argvPrefix as unknown[]) : [];
  items.forEach((item, index) => {
    const problem = typeof item === 'string' ? sizeProblem(item, limits.maxArgvItemBytes) : null;
    if (problem !== null) {
      errors.push({ clauseId: 'CFG-ARGV', field: `argvPrefix[${index}]`, message: `argvPrefix[${index}] ${problem}` });
    }
  });
  if (typeof executable === 'string' && items.every((item) => typeof item === 'string')) {
    const total = (items as string[]).reduce((sum, item) => sum + Buffer.byteLength(item, 'utf8'), Buffer.byteLength(executable, 'utf8'));
    if (total > limits.maxArgvTotalBytes) {
      errors.push({
        clauseId: 'CFG-ARGV-TOTAL',
        field: 'argvPrefix',
        message: `executable plus argvPrefix must be at most ${limits.maxArgvTotalBytes} UTF-8 bytes in total (got ${total} bytes)`,
      });
    }
  }
  return errors;
}

// The spec bounds both UTF-8 bytes and UTF-16 code units. In Node a code unit is never
// less than one byte (a lone surrogate encodes as 3), so the byte bound is hit first.
function sizeProblem(text: string, max: number): string | null {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > max) return `must be at most ${max} UTF-8 bytes (got ${bytes} bytes, ${text.length} code units, string)`;
  if (text.length > max) return `must be at most ${max} code units (got ${text.length} code units, string)`;
  return null;
}
