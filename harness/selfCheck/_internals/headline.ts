import type { SelfCheckReport } from '../types.js';

/**
 * The one-word outcome of a self-check, a void result before anything else.
 * @internal Shared by the Markdown and terminal renderers.
 */
export function headline(report: Pick<SelfCheckReport, 'void' | 'voidProfiles' | 'passed'>): string {
  if (report.void) return `VOID (the ${report.voidProfiles.join(' and ')} control is red: no kill of its mutants counts)`;
  return report.passed ? 'PASSED' : 'FAILED';
}
