import type { ErrorObject } from 'ajv';
import { describeSchemaErrors } from '../../reports/_internals/describeSchemaErrors.js';

/**
 * A built self-check report does not match `reports/self-check.schema.json`:
 * a bug of self-check (exit code 3), never a verdict on the suite.
 */
export class SelfCheckSchemaError extends Error {
  override readonly name = 'SelfCheckSchemaError' as const;
  /** Ajv's errors, each with its `instancePath` into the report. */
  readonly errors: readonly ErrorObject[];

  /**
   * @param errors - the errors Ajv reported
   */
  constructor(errors: readonly ErrorObject[]) {
    const first = describeSchemaErrors(errors);
    super(`The self-check report does not match its schema (a self-check bug): ${first}`);
    this.errors = errors;
  }
}
