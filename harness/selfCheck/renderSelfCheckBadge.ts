import type { SelfCheckReport } from './types.js';

/** A shields.io endpoint badge (`https://shields.io/badges/endpoint-badge`). */
export interface SelfCheckBadge {
  readonly schemaVersion: 1;
  readonly label: string;
  readonly message: string;
  readonly color: string;
}

/**
 * Pure: the badge of a self-check: the mutation score, green when the
 * self-check passed, red when it did not; "control red" when a control voided it.
 * @param report - a built self-check report
 * @public
 */
export function renderSelfCheckBadge(report: SelfCheckReport): SelfCheckBadge {
  const message = report.void ? 'control red' : report.score.percent === null ? 'nothing judged' : `${report.score.percent}%`;
  return { schemaVersion: 1, label: 'mutation score', message, color: report.passed ? 'brightgreen' : 'red' };
}
