import * as fc from 'fast-check';
import type { DefectTarget } from '../RequestDefect.js';

/**
 * Fresh or admitted binding, equally often.
 * @internal
 */
export function defectTarget(): fc.Arbitrary<DefectTarget> {
  return fc.constantFrom<DefectTarget>('fresh', 'admitted');
}
