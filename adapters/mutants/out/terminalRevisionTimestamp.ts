import { defineMutant, renderWhen } from '../defineMutant.js';

/** Uses the admission time in milliseconds as the terminal revision. */
export const terminalRevisionTimestamp = defineMutant(
  {
    name: 'terminal-revision-timestamp',
    claims: ['OUT-REVISION'],
    description: 'terminal revision is the admission time in ms (above 2,147,483,647)',
  },
  {
    render: renderWhen('terminal', (outcome, view) => (view.state === 'terminal' ? { ...outcome, revision: Date.parse(view.admission.admittedAt) } : outcome)),
  },
);
