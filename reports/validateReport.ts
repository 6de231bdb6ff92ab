import { Ajv, type ErrorObject } from 'ajv';
import schema from './report.schema.json' with { type: 'json' };
import { ReportSchemaError } from './ReportSchemaError.js';
import type { AcceptanceReport } from './types.js';

// One strict instance, one compilation, at module load (style.md §4).
const ajv = new Ajv({ strict: true, allErrors: true });
const validate = ajv.compile(schema);

/**
 * Lists what makes `report` break `report.schema.json`.
 * @param report - a candidate `acceptance.json` value
 * @returns Ajv's errors; empty when the report is valid
 */
export function reportSchemaErrors(report: unknown): readonly ErrorObject[] {
  return validate(report) ? [] : [...(validate.errors ?? [])];
}

/**
 * Asserts that `report` matches `report.schema.json`.
 * @param report - a candidate `acceptance.json` value
 * @throws {@link ReportSchemaError} when it does not: a suite bug, never the adapter's
 */
export function validateReport(report: unknown): asserts report is AcceptanceReport {
  const errors = reportSchemaErrors(report);
  if (errors.length > 0) throw new ReportSchemaError(errors);
}
