import { isAcpClauseId, type AcpClauseId } from './acpClauses.js';

// The expected verdicts of a standing ACP subject (a real agent qualified in CI): one verdict per
// clause as measured, a short reason for every one that is not PASS. A run whose verdicts differ,
// in either direction, is a visible difference; so is a clause the file or the report lacks.

/** A clause's verdict as the expected-verdicts file writes it (NOT-APPLICABLE spelled out). */
export const EXPECTED_VERDICTS = ['PASS', 'FAIL', 'INCONCLUSIVE', 'SKIP', 'NOT-APPLICABLE'] as const;

/** One of {@link EXPECTED_VERDICTS}. */
export type ExpectedVerdict = (typeof EXPECTED_VERDICTS)[number];

/** One clause's entry. */
export interface ExpectedClause {
  readonly verdict: ExpectedVerdict;
  /** Why the verdict is not PASS (required then); for a FAIL, the finding. */
  readonly why?: string;
}

/** An expected-verdicts file. */
export interface ExpectedVerdicts {
  /** What was qualified (agent, version, stub). */
  readonly subject: string;
  /** The command whose report the verdicts are compared with. */
  readonly command: string;
  readonly clauses: Readonly<Partial<Record<AcpClauseId, ExpectedClause>>>;
}

/** A clause of an ACP report as far as the comparison reads it. */
export interface ReportedClause {
  readonly id: string;
  readonly verdict: string;
  /** False for a clause the agent does not advertise (reported SKIP). */
  readonly applicable?: boolean;
  readonly reason?: string;
}

/** A clause whose verdict differs from the expected one (null: absent on that side). */
export interface VerdictDifference {
  readonly clauseId: string;
  readonly expected: ExpectedVerdict | null;
  readonly actual: ExpectedVerdict | null;
  /** The report's reason for the actual verdict, when it gives one. */
  readonly reason: string | undefined;
}

/**
 * Reads an expected-verdicts file's parsed JSON (pure).
 * @param value - the parsed file
 * @returns the file, or the first problem as text
 */
export function parseExpectedVerdicts(value: unknown): ExpectedVerdicts | string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'the file must be a JSON object {subject, command, clauses}';
  const { subject, command, clauses } = value as Record<string, unknown>;
  if (typeof subject !== 'string' || typeof command !== 'string') return 'subject and command must be strings';
  if (clauses === null || typeof clauses !== 'object' || Array.isArray(clauses)) return 'clauses must be an object of clause ID to {verdict, why}';
  for (const [id, entry] of Object.entries(clauses)) {
    if (!isAcpClauseId(id)) return `clauses.${id}: not an ACP clause ID`;
    const { verdict, why } = (entry ?? {}) as Record<string, unknown>;
    if (!(EXPECTED_VERDICTS as readonly unknown[]).includes(verdict)) return `clauses.${id}.verdict: must be one of ${EXPECTED_VERDICTS.join(', ')}`;
    if (verdict !== 'PASS' && (typeof why !== 'string' || why.trim() === '')) return `clauses.${id}.why: a ${String(verdict)} needs a short reason`;
  }
  return { subject, command, clauses: clauses as ExpectedVerdicts['clauses'] };
}

/**
 * A reported clause's verdict in the file's spelling.
 * @param clause - the report's clause
 */
export function reportedVerdict(clause: ReportedClause): ExpectedVerdict | null {
  if (clause.verdict === 'SKIP' && clause.applicable === false) return 'NOT-APPLICABLE';
  return (EXPECTED_VERDICTS as readonly string[]).includes(clause.verdict) ? (clause.verdict as ExpectedVerdict) : null;
}

/**
 * Every clause whose verdict in the report differs from the file's, in the report's clause order
 * (clauses only the file names last). Both directions count: a FAIL that now passes is stale.
 * @param expected - the file
 * @param reported - the report's clauses
 */
export function compareVerdicts(expected: ExpectedVerdicts, reported: readonly ReportedClause[]): VerdictDifference[] {
  const differences: VerdictDifference[] = [];
  const seen = new Set<string>();
  for (const clause of reported) {
    seen.add(clause.id);
    const want = isAcpClauseId(clause.id) ? (expected.clauses[clause.id]?.verdict ?? null) : null;
    const actual = reportedVerdict(clause);
    if (want !== actual) differences.push({ clauseId: clause.id, expected: want, actual, reason: clause.reason });
  }
  for (const [id, entry] of Object.entries(expected.clauses)) if (!seen.has(id)) differences.push({ clauseId: id, expected: entry.verdict, actual: null, reason: undefined });
  return differences;
}

/**
 * The file that states a report's verdicts: an earlier entry's reason is kept while its verdict
 * holds, a changed or new non-PASS takes the report's reason (to be shortened by hand).
 * @param reported - the report's clauses
 * @param previous - the file it replaces, if any
 * @param header - subject and command
 */
export function expectedFromReport(reported: readonly ReportedClause[], previous: ExpectedVerdicts | null, header: Pick<ExpectedVerdicts, 'subject' | 'command'>): ExpectedVerdicts {
  const clauses: Partial<Record<AcpClauseId, ExpectedClause>> = {};
  for (const clause of reported) {
    const verdict = reportedVerdict(clause);
    if (verdict === null || !isAcpClauseId(clause.id)) continue;
    const before = previous?.clauses[clause.id];
    if (verdict === 'PASS') clauses[clause.id] = { verdict };
    else clauses[clause.id] = { verdict, why: before?.verdict === verdict && before.why !== undefined ? before.why : (clause.reason ?? 'no reason in the report') };
  }
  return { ...header, clauses };
}

/**
 * The differences as lines, one per clause (empty when there is none).
 * @param differences - from {@link compareVerdicts}
 */
export function renderDifferences(differences: readonly VerdictDifference[]): string[] {
  return differences.map(
    (difference) =>
      `${difference.clauseId}: expected ${difference.expected ?? '(not in the file)'}, got ${difference.actual ?? '(not in the report)'}${difference.reason === undefined ? '' : ` — ${difference.reason.slice(0, 300)}`}`,
  );
}
