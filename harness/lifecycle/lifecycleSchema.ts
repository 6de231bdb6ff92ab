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
