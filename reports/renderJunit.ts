import type { Counterexample } from '../harness/evidence/types.js';
import { baselineLabel, hiddenClausesNote, shownClauses } from './reportWording.js';
import { escapeControls } from './safeText.js';
import { strictOpenClauses } from './buildReport.js';
import type { AcceptanceReport, ClauseReport, FailClauseReport } from './types.js';

const XML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
};

/**
 * Renders `junit.xml`: one `<testcase>` per clause (classname = family,
 * name = `ID summary`). The `<failure>`s are what made the exit code nonzero:
 * an unlisted counted FAIL (carrying the counterexample), a stale baseline
 * entry, and with `--strict` an open MUST clause. A listed (baselined) FAIL or
 * an uncounted SHOULD FAIL is `<skipped>`, its message saying why; other
 * SKIP and INCONCLUSIVE clauses are `<skipped>` too. Pure. Every text passes through
 * XML escaping after unsafe characters (forbidden in XML 1.0 even as
 * character references) are made visible as `\u{…}`.
 *
 * @param report - a built (and valid) report
 */
export function renderJunit(report: AcceptanceReport): string {
  const strictOpen = new Set(report.run.shard === undefined ? strictOpenClauses(report.clauses, report.run).map((entry) => entry.id) : []);
  const shown = shownClauses(report);
  const hidden = hiddenClausesNote(report);
  const kinds = shown.map((entry) => caseKind(entry, report.run.strictShould, strictOpen.has(entry.id)));
  const failures = kinds.filter((kind) => kind.element === 'failure').length;
  const skipped = kinds.filter((kind) => kind.element === 'skipped').length;
  const counts = `tests="${shown.length}" failures="${failures}" errors="0" skipped="${skipped}"`;
  const seconds = Math.max(0, (Date.parse(report.run.finishedAt) - Date.parse(report.run.startedAt)) / 1000);
  const properties: ReadonlyArray<readonly [string, string]> = [
    ['verdict', report.verdict],
    ['exitCode', String(report.exitCode)],
    ['suite', `${report.suite.name} ${report.suite.version}`],
    ['seed', String(report.run.seed)],
    ['runs', String(report.run.runs)],
    ['executableSha256', report.subject.executableSha256 ?? 'unreadable'],
    ['authorityId', report.subject.authorityId ?? 'none'],
    // A property, not a comment: XML comments cannot hold the option's `--`.
    ...(hidden === null ? [] : [['hiddenClauses', hidden] as const]),
  ];
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!-- adapter-qualify: JUnit has no INCONCLUSIVE state; INCONCLUSIVE clauses appear as skipped with a message starting "INCONCLUSIVE: ". acceptance.json is authoritative. -->',
    `<testsuites name="${attr(report.suite.name)}" ${counts} time="${seconds}">`,
    `  <testsuite name="${attr(report.profile)}" ${counts} time="${seconds}" timestamp="${attr(report.run.startedAt)}">`,
    '    <properties>',
    ...properties.map(([name, value]) => `      <property name="${attr(name)}" value="${attr(value)}"/>`),
    '    </properties>',
    ...shown.map((entry, index) => testcase(entry, kinds[index]!)),
  ];
  if (report.suiteErrors.length > 0) {
    lines.push(`    <system-err>${textNode(`Suite errors (exit code 3):\n${report.suiteErrors.join('\n')}`)}</system-err>`);
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}

/** How one clause appears, so that the `<failure>`s are exactly what made the exit code nonzero. */
interface CaseKind {
  readonly element: 'none' | 'failure' | 'skipped';
  /** Why a clause is shown otherwise than its verdict suggests, prefixed to the message. */
  readonly note: string;
}

function caseKind(entry: ClauseReport, strictShould: boolean, strictOpen: boolean): CaseKind {
  const label = entry.baseline === undefined ? '' : `${baselineLabel(entry.baseline)}: `;
  switch (entry.verdict) {
    case 'PASS':
      return entry.baseline === 'stale-baseline' ? { element: 'failure', note: label } : { element: 'none', note: '' };
    case 'FAIL':
      if (entry.baseline !== undefined) return { element: 'skipped', note: `${label}listed in --expected-failures, so it does not fail the run: ` };
      if (entry.level === 'SHOULD' && !strictShould) return { element: 'skipped', note: 'SHOULD clause failed; it fails the run only with --strict-should: ' };
      return { element: 'failure', note: '' };
    case 'SKIP':
    case 'INCONCLUSIVE': {
      const verdict = entry.verdict === 'INCONCLUSIVE' ? 'INCONCLUSIVE: ' : '';
      return strictOpen ? { element: 'failure', note: `--strict: no evidence (${entry.verdict}): ` } : { element: 'skipped', note: `${label}${verdict}` };
    }
  }
}

function testcase(entry: ClauseReport, kind: CaseKind): string {
  // JUnit's time is in seconds; a clause no test declared took none.
  const name = `    <testcase classname="${attr(entry.family)}" name="${attr(`${entry.id} ${entry.summary}`)}" time="${(entry.durationMs ?? 0) / 1000}"`;
  const message = attr(`${kind.note}${entry.reason ?? ''}`);
  switch (kind.element) {
    case 'none':
      return `${name}/>`;
    case 'skipped':
      return `${name}>\n      <skipped message="${message}"/>\n    </testcase>`;
    case 'failure': {
      const body = entry.verdict === 'FAIL' ? textNode(failureText(entry)) : '';
      return `${name}>\n      <failure message="${message}" type="${entry.verdict === 'FAIL' ? entry.level : 'strict'}">${body}</failure>\n    </testcase>`;
    }
  }
}

function failureText(entry: FailClauseReport): string {
  const parts = [`${entry.id} (${entry.level}) FAILED after ${entry.cases} cases: ${entry.reason}`];
  if (entry.replay !== undefined) parts.push(`Replay: ${entry.replay}`);
  if (entry.counterexample !== undefined) parts.push(counterexampleText(entry.counterexample));
  return parts.join('\n');
}

function counterexampleText(counterexample: Counterexample): string {
  const parts = [`Counterexample: ${counterexample.description}`];
  counterexample.calls.forEach((call, index) => {
    parts.push(
      `Call ${index + 1}: ${call.action}, exit code ${call.exitCode ?? 'none'}, signal ${call.signal ?? 'none'}` +
        `${call.timedOut ? ', timed out' : ''}${call.uncertainty === null ? '' : `, uncertain: ${call.uncertainty}`}`,
      `  request (${call.requestBytes} bytes): ${call.request}`,
      `  stdout (${call.stdoutBytes} bytes): ${call.stdout}`,
    );
  });
  return parts.join('\n');
}

/** Escapes an attribute value (newlines and tabs as references, so parsers keep them). */
function attr(value: string): string {
  return escapeControls(value).replace(/[&<>"'\t\n]/g, (char) => XML_ENTITIES[char] ?? char);
}

/** Escapes element text. */
function textNode(value: string): string {
  return escapeControls(value).replace(/[&<>]/g, (char) => XML_ENTITIES[char] ?? char);
}
