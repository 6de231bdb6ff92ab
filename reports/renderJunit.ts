import type { Counterexample } from '../harness/evidence/types.js';
import { escapeControls } from './_internals/escapeControls.js';
import type { AcceptanceReport, ClauseReport } from './types.js';

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
 * name = `ID summary`). FAIL becomes `<failure>` carrying the counterexample;
 * SKIP and INCONCLUSIVE become `<skipped>`. Pure. Every text passes through
 * XML escaping after unsafe characters (forbidden in XML 1.0 even as
 * character references) are made visible as `\u{…}`.
 *
 * @param report - a built (and valid) report
 */
export function renderJunit(report: AcceptanceReport): string {
  const failures = report.clauses.filter((entry) => entry.verdict === 'FAIL').length;
  const skipped = report.clauses.filter((entry) => entry.verdict === 'SKIP' || entry.verdict === 'INCONCLUSIVE').length;
  const counts = `tests="${report.clauses.length}" failures="${failures}" errors="0" skipped="${skipped}"`;
  const seconds = Math.max(0, (Date.parse(report.run.finishedAt) - Date.parse(report.run.startedAt)) / 1000);
  const properties: ReadonlyArray<readonly [string, string]> = [
    ['verdict', report.verdict],
    ['exitCode', String(report.exitCode)],
    ['suite', `${report.suite.name} ${report.suite.version}`],
    ['seed', String(report.run.seed)],
    ['runs', String(report.run.runs)],
    ['executableSha256', report.subject.executableSha256 ?? 'unreadable'],
    ['authorityId', report.subject.authorityId ?? 'none'],
  ];
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!-- adapter-qualify: JUnit has no INCONCLUSIVE state; INCONCLUSIVE clauses appear as skipped with a message starting "INCONCLUSIVE: ". acceptance.json is authoritative. -->',
    `<testsuites name="${attr(report.suite.name)}" ${counts} time="${seconds}">`,
    `  <testsuite name="${attr(report.profile)}" ${counts} time="${seconds}" timestamp="${attr(report.run.startedAt)}">`,
    '    <properties>',
    ...properties.map(([name, value]) => `      <property name="${attr(name)}" value="${attr(value)}"/>`),
    '    </properties>',
    ...report.clauses.map(testcase),
  ];
  if (report.suiteErrors.length > 0) {
    lines.push(`    <system-err>${textNode(`Suite errors (exit code 3):\n${report.suiteErrors.join('\n')}`)}</system-err>`);
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}

function testcase(entry: ClauseReport): string {
  const open = `    <testcase classname="${attr(entry.family)}" name="${attr(`${entry.id} ${entry.summary}`)}">`;
  const reason = entry.reason ?? '';
  switch (entry.verdict) {
    case 'PASS':
      return `    <testcase classname="${attr(entry.family)}" name="${attr(`${entry.id} ${entry.summary}`)}"/>`;
    case 'FAIL':
      return `${open}\n      <failure message="${attr(reason)}" type="${entry.level}">${textNode(failureText(entry))}</failure>\n    </testcase>`;
    case 'SKIP':
      return `${open}\n      <skipped message="${attr(reason)}"/>\n    </testcase>`;
    case 'INCONCLUSIVE':
      return `${open}\n      <skipped message="${attr(`INCONCLUSIVE: ${reason}`)}"/>\n    </testcase>`;
  }
}

function failureText(entry: ClauseReport): string {
  const parts = [`${entry.id} (${entry.level}) FAILED after ${entry.cases} cases: ${entry.reason ?? ''}`];
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
