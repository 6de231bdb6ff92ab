import type { SelfCheckReport } from '../types.js';

/**
 * The one-word outcome of a self-check, a void result before anything else.
 * @internal Shared by the Markdown and terminal renderers.
 */
export function headline(report: Pick<SelfCheckReport, 'void' | 'passed'>): string {
  return report.void ? 'VOID (the control is red: no kill counts)' : report.passed ? 'PASSED' : 'FAILED';
}
