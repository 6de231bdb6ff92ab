import type { ErrorObject } from 'ajv';

/**
 * The first few Ajv errors in one line (`/path message; …`), for the message of
 * a schema error.
 * @internal
 */
export function describeSchemaErrors(errors: readonly ErrorObject[]): string {
  return errors
    .slice(0, 5)
    .map((error) => `${error.instancePath === '' ? '/' : error.instancePath} ${error.message ?? error.keyword}`)
    .join('; ');
}
