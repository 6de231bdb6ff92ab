import { Ajv, type ErrorObject } from 'ajv';
import schema from '../../reports/self-check.schema.json' with { type: 'json' };
import { SelfCheckSchemaError } from './SelfCheckSchemaError.js';
import type { SelfCheckReport } from './types.js';

// One strict instance, one compilation, at module load (style.md §4).
const ajv = new Ajv({ strict: true, allErrors: true });
const validate = ajv.compile(schema);

/**
 * Lists what makes `report` break `reports/self-check.schema.json`.
 * @param report - a candidate `self-check.json` value
 * @returns Ajv's errors; empty when the report is valid
 */
export function selfCheckSchemaErrors(report: unknown): readonly ErrorObject[] {
  return validate(report) ? [] : [...(validate.errors ?? [])];
}

/**
 * Asserts that `report` matches `reports/self-check.schema.json`.
 * @param report - a candidate `self-check.json` value
 * @throws {@link SelfCheckSchemaError} when it does not
 */
export function validateSelfCheckReport(report: unknown): asserts report is SelfCheckReport {
  const errors = selfCheckSchemaErrors(report);
  if (errors.length > 0) throw new SelfCheckSchemaError(errors);
}
