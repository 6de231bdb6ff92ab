import { limits } from '../../protocol/limits.js';
import { OUTCOME_CONTRACT } from '../../protocol/types.js';

/**
 * The structural part of the CFG clauses as a JSON Schema (types, closedness, literals,
 * path shape, item count). Each constraint sits in its own subschema whose `description`
 * is the rule, so an ajv error (compiled with `verbose`) carries its own message.
 * UTF-8 byte and code-unit bounds are not expressible here; `validateAdapterConfig` checks them.
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
