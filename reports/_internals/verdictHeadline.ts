import type { OverallVerdict } from '../types.js';

const headline = {
  conformant: 'CONFORMANT',
  'non-conformant': 'NON-CONFORMANT',
  incomplete: 'INCOMPLETE',
} as const satisfies Record<OverallVerdict, string>;

/**
 * The overall verdict as a headline word.
 * @internal
 */
export function verdictHeadline(verdict: OverallVerdict): string {
  return headline[verdict];
}
