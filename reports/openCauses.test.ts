import { describe, expect, it } from 'vitest';
import type { ClauseId } from '../harness/clauses.js';
import { buildReport } from './buildReport.js';
import { nothingJudgedLine, openCauses } from './openCauses.js';
import { renderMarkdown } from './renderMarkdown.js';
import { renderSummary } from './renderSummary.js';
import { evidence, meta, reportInput } from './__test-helpers__/reportFixtures.js';

const REFUSED_EVERYTHING =
  'a valid submit was refused (an uncertain call (nonzero-exit: exit code 1)), and so was the control submit of {} (an uncertain call (nonzero-exit: exit code 1)): the authority refuses everything or is unavailable';
const NO_TERMINAL = 'no operation reached terminal within the polling budget (8 observes; raise it with --poll-budget)';

function reportOf(reasons: Partial<Record<ClauseId, string>>, failed: readonly ClauseId[] = []) {
  const entries = Object.entries(reasons).map(([id, reason]) => evidence(id as ClauseId, { inconclusive: reason }));
  const failures = failed.map((id) => evidence(id, { cases: 1, violations: [{ message: 'outcome has no contract, requestDigest, revision, reason' }] }));
  return buildReport(reportInput({ metas: [meta('t', ...entries, ...failures)] }));
}

describe('openCauses', () => {
  it("groups a refuse-everything adapter's INCONCLUSIVE clauses under the one cause, the largest group first", () => {
    const report = reportOf({
      'REQ-CLOSED': 'the follow-up observe was uncertain (nonzero-exit)',
      'REQ-ACTION-VALUE': 'the well-formed submit that should admit the target binding answered an uncertain call (nonzero-exit: exit code 1)',
      'SEM-SUBMIT-ADMITS': REFUSED_EVERYTHING,
      'SEM-CRASH-CONSISTENT': 'the adapter admitted no valid submit, so there is no admission to reason about',
      'SEM-CONCURRENT-REBIND': 'no digest raced under the operationId was admitted',
      'OUT-TERMINAL-OUTCOME': NO_TERMINAL,
      'SEM-DURABLE-RESTART': 'the restart step "x" failed (exited 1): boom',
    });
    const causes = openCauses(report);
    expect(causes[0]).toEqual({
      cause: expect.stringMatching(/^no valid submit was admitted/),
      clauses: ['REQ-ACTION-VALUE', 'REQ-CLOSED', 'OUT-TERMINAL-OUTCOME', 'SEM-SUBMIT-ADMITS', 'SEM-CONCURRENT-REBIND', 'SEM-CRASH-CONSISTENT'].sort(
        (a, b) => order(report, a) - order(report, b),
      ),
    });
    // Nothing admitted reaches no terminal either: the polling budget is not the cause then.
    expect(causes[0]?.clauses).toContain('OUT-TERMINAL-OUTCOME');
    expect(causes.map((group) => group.clauses.length)).toEqual([6, 1]);
    // An unknown reason is its own cause, word for word.
    expect(causes.map((group) => group.cause)).toContain('the restart step "x" failed (exited 1): boom');
  });

  it('names the failed OUT clauses as the cause of answers that were no valid outcome', () => {
    const report = reportOf(
      {
        'REQ-CLOSED': 'the follow-up observe was uncertain (invalid-output)',
        'SEM-SUBMIT-ADMITS': 'the valid submit gave no answer: an uncertain call (invalid-output)',
        'SEM-OBSERVE-FRESH': 'the adapter admitted no valid submit, so there is no admission to reason about; invalid-output',
        'SEM-CRASH-CONSISTENT': 'the adapter admitted no valid submit, so there is no admission to reason about',
        'SEM-LOCAL-SETTLEMENT': NO_TERMINAL,
        'OUT-EXIT': 'no answer was a valid outcome, so no exit code came with evidence to judge',
        'OUT-CONTRACT': 'the field never appeared: no answer carried "contract" (its absence is OUT-CLOSED\'s failure), so the rule was never tested',
      },
      ['OUT-CLOSED'],
    );
    expect(openCauses(report)).toEqual([
      {
        cause: "the adapter's answers were no valid outcome (invalid-output) after OUT-CLOSED failed",
        clauses: ['REQ-CLOSED', 'OUT-EXIT', 'SEM-OBSERVE-FRESH', 'SEM-SUBMIT-ADMITS', 'SEM-CRASH-CONSISTENT', 'SEM-LOCAL-SETTLEMENT'].sort((a, b) => order(report, a) - order(report, b)),
      },
      { cause: 'the field the clause judges never appeared in an answer (OUT-CLOSED names the missing fields)', clauses: ['OUT-CONTRACT'] },
    ]);
  });

  it('keeps the polling budget as the cause of no terminal outcome when submits were admitted', () => {
    expect(openCauses(reportOf({ 'OUT-TERMINAL-OUTCOME': NO_TERMINAL, 'SEM-LOCAL-SETTLEMENT': NO_TERMINAL }))).toEqual([
      { cause: 'no operation reached terminal within the polling budget (--poll-budget)', clauses: ['OUT-TERMINAL-OUTCOME', 'SEM-LOCAL-SETTLEMENT'] },
    ]);
  });

  it('names the host deadline, not the adapter, when the submits of the cases ran past it', () => {
    const timedOut =
      "the adapter admitted no valid submit, so there is no admission to reason about: 2 of the case's 2 calls ran past the host deadline (--timeout-ms 4000); a slow adapter needs a longer one";
    expect(openCauses(reportOf({ 'SEM-CRASH-CONSISTENT': timedOut, 'SEM-DURABLE-RESTART': timedOut }))).toEqual([
      {
        cause: 'submits ran past the host deadline (--timeout-ms), so none was admitted; a slow adapter needs a longer one',
        clauses: ['SEM-CRASH-CONSISTENT', 'SEM-DURABLE-RESTART'],
      },
    ]);
  });

  it('is empty when nothing is open', () => {
    expect(openCauses(reportOf({}))).toEqual([]);
  });
});

function order(report: ReturnType<typeof reportOf>, id: string): number {
  return report.clauses.findIndex((entry) => entry.id === id);
}

describe('nothingJudgedLine', () => {
  it('says in one line why nothing could be judged and what to try, from the SEM-SUBMIT-ADMITS reason', () => {
    const line = nothingJudgedLine(reportOf({ 'SEM-SUBMIT-ADMITS': REFUSED_EVERYTHING }));
    expect(line).toContain(REFUSED_EVERYTHING);
    expect(line).toMatch(/Try: run one submit by hand .*--pass-env NAME/);
    expect(renderSummary(reportOf({ 'SEM-SUBMIT-ADMITS': REFUSED_EVERYTHING }), 'out')).toContain('--pass-env NAME passes a variable it needs).\n');
    expect(line).not.toContain('\n');
    expect(nothingJudgedLine(reportOf({ 'SEM-SUBMIT-ADMITS': 'the valid submit gave no answer: an uncertain call (invalid-output)' }))).toMatch(/Try: fix the failed OUT clauses first/);
  });

  it('is null when SEM-SUBMIT-ADMITS had a case', () => {
    const report = buildReport(reportInput({ metas: [meta('t', evidence('SEM-SUBMIT-ADMITS', { cases: 3 }))] }));
    expect(nothingJudgedLine(report)).toBeNull();
  });
});

describe('the summary and acceptance.md of a refuse-everything run', () => {
  const report = reportOf({
    'REQ-CLOSED': 'the follow-up observe was uncertain (nonzero-exit)',
    'SEM-SUBMIT-ADMITS': REFUSED_EVERYTHING,
    'SEM-CRASH-CONSISTENT': 'the adapter admitted no valid submit, so there is no admission to reason about',
  });

  it('keep the verdict (INCOMPLETE, exit 0), say why nothing was judged and group the open clauses by cause', () => {
    expect(report.verdict).toBe('incomplete');
    expect(report.exitCode).toBe(0);
    const lines = renderSummary(report, 'out').split('\n');
    expect(lines.filter((line) => line.startsWith('Nothing was admitted, so the ledger could not be judged: a valid submit was refused'))).toHaveLength(1);
    expect(lines).toContain('Inconclusive clauses, by cause:');
    expect(lines).toContain('  3 × no valid submit was admitted (well-formed calls were refused or answered unknown): REQ-CLOSED, SEM-SUBMIT-ADMITS, SEM-CRASH-CONSISTENT');
    const markdown = renderMarkdown(report);
    expect(markdown).toContain('### Inconclusive clauses, by cause');
    expect(markdown).toContain('- 3 × no valid submit was admitted');
  });
});
