import type { CallExcerpt, Counterexample } from '../harness/evidence/types.js';
import { excerptNote, escapeHtml, HTML_PAGE_CSP } from './safeText.js';
import { sandboxItems } from './sandboxWording.js';
import {
  executableChangedText,
  mutableStateText,
  subjectExecutable,
  failedMustLine,
  hostUncertainLine,
  verdictHeadline,
  hiddenClausesNote,
  shownClauses,
  failedClauses,
} from './reportWording.js';
import type { AcceptanceReport, ClauseReport, ClauseVerdict, OverallVerdict, VerdictCounts, FailClauseReport } from './types.js';
import { type ClauseFamily, clause, type ClauseId, isClauseId } from '../harness/clauses.js';
import { acpClauseFamilies } from '../harness/acp/acpClauses.js';

// How much adapter-controlled text one element shows; the transcript keeps everything.
const MAX_CELL = 1_000;
const MAX_PARAGRAPH = 4_000;
const MAX_BLOCK = 8_192;
const MAX_COMMAND = 16_384;
const MAX_CALLS = 20;
const MAX_SUITE_ERRORS = 50;

const verdictClass = {
  conformant: 'ok',
  'non-conformant': 'bad',
  incomplete: 'open',
} as const satisfies Record<OverallVerdict, string>;

const clauseVerdictClass = {
  PASS: 'ok',
  FAIL: 'bad',
  SKIP: 'open',
  INCONCLUSIVE: 'open',
} as const satisfies Record<ClauseVerdict, string>;

const CSP = HTML_PAGE_CSP;

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;line-height:1.45;color:#1b1f24;background:#fff}
body{margin:0 auto;max-width:72rem;padding:1.5rem}
h1,h2,h3,h4{line-height:1.2}
p,summary,h3{overflow-wrap:anywhere}
.banner{border-radius:.5rem;padding:1rem 1.5rem;margin-bottom:1.5rem;color:#fff}
.banner h1{margin:0 0 .25rem;font-size:2rem;letter-spacing:.03em}
.banner p{margin:0}
.banner.ok{background:#1a7f37}.banner.bad{background:#cf222e}.banner.open{background:#9a6700}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.25rem}
th,td{border:1px solid #d0d7de;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}
table.counts{width:auto;min-width:24rem}
td.num{text-align:right;font-variant-numeric:tabular-nums}
td.reason{overflow-wrap:anywhere}
table.clauses td:first-child{white-space:nowrap}
.verdict{font-weight:700;white-space:nowrap}
.verdict.ok{color:#1a7f37}.verdict.bad{color:#cf222e}.verdict.open{color:#9a6700}
code,pre{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:.875rem}
pre{background:#f6f8fa;border:1px solid #d0d7de;border-radius:.375rem;padding:.5rem .75rem;white-space:pre-wrap;overflow-wrap:anywhere;max-height:30rem;overflow:auto}
dl.subject{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
dl.subject dt{font-weight:600}
dl.subject dd{margin:0;overflow-wrap:anywhere}
.failure{border-left:.25rem solid #cf222e;padding:.25rem 0 .25rem 1rem;margin:1.5rem 0}
.explanation{font-size:1.05rem}
.errors{border-left:.25rem solid #9a6700;padding-left:1rem}
`;

/**
 * Renders `acceptance.html`: one self-contained page (inline CSS, no script,
 * no network) with the same content as `acceptance.md` — the verdict banner,
 * the subject, a clause table per family, and every failure with its clause
 * in plain words, counterexample and replay command. Pure. Every text is
 * HTML-escaped, control characters and lone surrogates are made visible, and
 * adapter-controlled text is capped.
 *
 * @param report - a built (and valid) report, of either profile
 */
export function renderHtml(report: AcceptanceReport): string {
  const headline = verdictHeadline(report.verdict);
  const failures = failedClauses(report);
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Acceptance report: ${headline} (${esc(report.profile, MAX_CELL)})</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    `<header id="verdict" class="banner ${verdictClass[report.verdict]}" role="status">`,
    `<h1>${headline}</h1>`,
    `<p>Verdict <strong>${report.verdict}</strong>, exit code ${report.exitCode}, profile <code>${esc(report.profile, MAX_CELL)}</code>. ${esc(verdictMeaning(report), MAX_PARAGRAPH)}</p>`,
    ...[hostUncertainLine(report)].filter((line) => line !== null).map((line) => `<p>${esc(line, MAX_PARAGRAPH)}</p>`),
    '</header>',
    countsTable(report.summary),
    ...suiteErrorsSection(report.suiteErrors),
    ...subjectSection(report),
    ...clausesSection(shownClauses(report), hiddenClausesNote(report)),
    ...(failures.length === 0 ? [] : ['<section id="failures">', '<h2>Failures</h2>', ...failures.map(failureArticle), '</section>']),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function verdictMeaning(report: AcceptanceReport): string {
  const mustFail = report.summary.must.fail;
  const mustOpen = report.summary.must.skip + report.summary.must.inconclusive;
  if (report.verdict === 'non-conformant') return failedMustLine(report) ?? `${mustFail} MUST clause${mustFail === 1 ? '' : 's'} failed.`;
  if (report.verdict === 'incomplete') return `No MUST clause failed, but ${mustOpen} could not be decided.`;
  return 'Every MUST clause was exercised and held.';
}

function countsTable(summary: AcceptanceReport['summary']): string {
  const row = (level: string, counts: VerdictCounts): string =>
    `<tr><th scope="row">${level}</th><td class="num">${counts.pass}</td><td class="num">${counts.fail}</td><td class="num">${counts.skip}</td><td class="num">${counts.inconclusive}</td></tr>`;
  return [
    '<table class="counts">',
    '<thead><tr><th>Level</th><th>Pass</th><th>Fail</th><th>Skip</th><th>Inconclusive</th></tr></thead>',
    `<tbody>${row('MUST', summary.must)}${row('SHOULD', summary.should)}</tbody>`,
    '</table>',
  ].join('\n');
}

function suiteErrorsSection(errors: readonly string[]): string[] {
  if (errors.length === 0) return [];
  const shown = errors.slice(0, MAX_SUITE_ERRORS).map((error) => `<li><pre>${esc(error, MAX_PARAGRAPH)}</pre></li>`);
  const more = errors.length > MAX_SUITE_ERRORS ? [`<li>… ${errors.length - MAX_SUITE_ERRORS} more in acceptance.json</li>`] : [];
  return [
    '<section id="suite-errors" class="errors">',
    '<h2>Suite errors</h2>',
    '<p>The suite itself failed; these are not findings about the adapter.</p>',
    `<ul>${shown.join('')}${more.join('')}</ul>`,
    '</section>',
  ];
}

function subjectSection(report: AcceptanceReport): string[] {
  const { subject, run, suite, environment } = report;
  const executable = subjectExecutable(subject);
  const item = (term: string, definition: string): string => `<dt>${term}</dt><dd>${definition}</dd>`;
  const items = [
    ...(executable === null ? [] : [item('Executable', `<code>${esc(executable, MAX_CELL)}</code>`)]),
    item('Executable sha256', subject.executableSha256 === null ? 'unreadable (evidence is not bound to bytes)' : `<code>${esc(subject.executableSha256, MAX_CELL)}</code>`),
    ...subject.argvFileSha256s.map((file) => item(`argvPrefix[${file.index}]`, `<code>${esc(file.path, MAX_CELL)}</code> sha256 <code>${esc(file.sha256, MAX_CELL)}</code>`)),
    ...(subject.subjectFileSha256s ?? []).map((file) => item('Subject file', `<code>${esc(file.path, MAX_CELL)}</code> sha256 <code>${esc(file.sha256, MAX_CELL)}</code>`)),
    ...(subject.mutableState ?? []).map((file) => item('Mutable state', esc(mutableStateText(file), MAX_CELL))),
    ...(subject.executableChanged === undefined ? [] : [item('<strong>Subject changed</strong>', esc(executableChangedText(subject.executableChanged), MAX_CELL))]),
    item('Authority', subject.authorityId === null ? 'none' : `<code>${esc(subject.authorityId, MAX_CELL)}</code>`),
    item('Suite', `${esc(suite.name, MAX_CELL)} ${esc(suite.version, MAX_CELL)}, report schema ${report.schemaVersion}`),
    item('Seed', `${run.seed}, ${run.runs} runs per property${run.only === null ? '' : `, only <code>${esc(run.only, MAX_CELL)}</code>`}`),
    item('Strict', `${run.strict ? 'yes' : 'no'}, strict SHOULD: ${run.strictShould ? 'yes' : 'no'}`),
    item(
      'Run',
      `${esc(run.startedAt, MAX_CELL)} to ${esc(run.finishedAt, MAX_CELL)} on Node ${esc(environment.node, MAX_CELL)} ${esc(environment.platform, MAX_CELL)}/${esc(environment.arch, MAX_CELL)}`,
    ),
    ...(run.sandbox === undefined ? [] : sandboxItems(run.sandbox)).map((entry) => item(esc(entry.term, MAX_CELL), esc(entry.text, MAX_PARAGRAPH))),
    ...(run.transcript === undefined
      ? []
      : [item('Transcript', `<code>transcript.jsonl</code> sha256 <code>${esc(run.transcript.sha256, MAX_CELL)}</code> (${run.transcript.bytes} bytes)`)]),
  ];
  return [
    '<section id="subject">',
    '<h2>Subject</h2>',
    `<dl class="subject">${items.join('')}</dl>`,
    `<p>Evidence is for this executable digest only. Run again with seed ${run.seed} to repeat every case; each failure below has the command that replays exactly its shrunk case.</p>`,
    '</section>',
  ];
}

function clausesSection(clauses: readonly ClauseReport[], hiddenNote: string | null): string[] {
  const families = [...new Set(clauses.map((entry) => entry.family))];
  const lines = ['<section id="clauses">', '<h2>Clauses</h2>', ...(hiddenNote === null ? [] : [`<p class="hidden-note">${esc(hiddenNote, MAX_CELL)}</p>`])];
  for (const family of families) {
    lines.push(
      `<h3 id="family-${esc(family, MAX_CELL)}">${esc(family, MAX_CELL)}: ${esc(familyTitle(family), MAX_CELL)}</h3>`,
      '<table class="clauses">',
      '<thead><tr><th>ID</th><th>Level</th><th>Verdict</th><th class="num">Cases</th><th>Clause</th><th>Reason</th></tr></thead>',
      '<tbody>',
    );
    for (const entry of clauses.filter((candidate) => candidate.family === family)) lines.push(clauseRow(entry));
    lines.push('</tbody>', '</table>');
  }
  lines.push('</section>');
  return lines;
}

function clauseRow(entry: ClauseReport): string {
  const id = esc(entry.id, MAX_CELL);
  const idCell = entry.verdict === 'FAIL' ? `<a href="#failure-${id}">${id}</a>` : id;
  return [
    `<tr id="clause-${id}">`,
    `<td><code>${idCell}</code></td>`,
    `<td>${entry.level}</td>`,
    `<td class="verdict ${clauseVerdictClass[entry.verdict]}">${entry.verdict}</td>`,
    `<td class="num">${entry.cases}</td>`,
    `<td>${esc(entry.summary, MAX_CELL)}</td>`,
    `<td class="reason">${esc(entry.reason ?? '', MAX_CELL)}</td>`,
    '</tr>',
  ].join('');
}

function failureArticle(entry: FailClauseReport): string {
  const id = esc(entry.id, MAX_CELL);
  return [
    `<article class="failure" id="failure-${id}">`,
    `<h3><code>${id}</code> (${entry.level}): ${esc(entry.summary, MAX_CELL)}</h3>`,
    // Another profile's clause (acp-agent.v1) is explained by its own summary.
    `<p class="explanation">${esc(isClauseId(entry.id) ? clauseExplanation(entry.id) : `${entry.summary}.`, MAX_PARAGRAPH)}</p>`,
    `<p>What broke, after ${entry.cases} case${entry.cases === 1 ? '' : 's'}: ${esc(entry.reason, MAX_PARAGRAPH)}</p>`,
    ...(entry.replay === undefined
      ? ['<p>No replay command was recorded for this failure.</p>']
      : ['<h4>Replay</h4>', `<pre class="replay"><code>${esc(entry.replay, MAX_COMMAND)}</code></pre>`]),
    ...(entry.counterexample === undefined ? [] : counterexampleSection(entry.counterexample)),
    '</article>',
  ].join('\n');
}

function counterexampleSection(counterexample: Counterexample): string[] {
  const calls = counterexample.calls.slice(0, MAX_CALLS).map((call, index) => callDetails(call, index + 1));
  const more = counterexample.calls.length > MAX_CALLS ? [`<p>… ${counterexample.calls.length - MAX_CALLS} more calls in acceptance.json</p>`] : [];
  return ['<h4>Counterexample</h4>', `<p>${esc(counterexample.description, MAX_PARAGRAPH)}</p>`, ...calls, ...more];
}

function callDetails(call: CallExcerpt, number: number): string {
  const facts = [
    `exit code ${call.exitCode ?? 'none'}`,
    ...(call.signal === null ? [] : [`signal ${esc(call.signal, MAX_CELL)}`]),
    ...(call.timedOut ? ['timed out'] : []),
    ...(call.uncertainty === null ? [] : [`uncertain: ${esc(call.uncertainty, MAX_CELL)}${call.uncertaintyDetail === undefined ? '' : ` (${esc(call.uncertaintyDetail, MAX_CELL)})`}`]),
  ];
  return [
    '<details open>',
    `<summary>Call ${number}: ${esc(call.action, MAX_CELL)}, ${facts.join(', ')}</summary>`,
    `<p>Request (${call.requestBytes} bytes${excerptNote(call.request, call.requestBytes)}):</p>`,
    `<pre>${esc(call.request, MAX_BLOCK)}</pre>`,
    `<p>Stdout (${call.stdoutBytes} bytes${excerptNote(call.stdout, call.stdoutBytes)}):</p>`,
    `<pre>${esc(call.stdout, MAX_BLOCK)}</pre>`,
    '</details>',
  ].join('\n');
}

/** Caps, makes control characters and lone surrogates visible, then escapes for HTML text and attribute values. */
const esc = escapeHtml;

const titles = {
  CFG: 'Configuration: what the host accepts before starting anything',
  WIRE: 'Transport: how the host runs the adapter (checked on this suite\u2019s own transport)',
  REQ: 'Requests: malformed or out-of-bounds requests are refused and admit nothing',
  OUT: 'Outcomes: what the adapter prints is well-formed',
  SEM: 'Semantics: the ledger behaves consistently over time',
  SDK: 'SDK seam: the JavaScript transport interface',
  MAN: 'Manifest: the adapter manifest file',
  CAT: 'Catalog: the saved tool catalog',
  TRN: 'Tool transport: how tools answer',
  HOOK: 'Hooks: the Python runtime module',
  ACC: 'Acceptance coverage: the coverage file is honest',
} as const satisfies Record<ClauseFamily, string>;

/**
 * A clause family in plain words, for section headings.
 * @param family - the family (the clause ID prefix)
 */
function familyTitle(family: ClauseFamily): string {
  // Another profile's family (acp-agent.v1) has its title in its own registry.
  return (titles as Readonly<Record<string, string>>)[family] ?? acpClauseFamilies.find((entry) => entry.family === (family as string))?.title ?? family;
}

/**
 * Plain-words explanations for clauses whose one-line summary (in
 * `harness/clauses.ts`, the registry) is too terse for a reader who does not
 * know the protocol. They say why the clause matters; they do not restate the
 * normative text. Clauses not listed here are explained by their summary.
 */
const explanations: Readonly<Partial<Record<ClauseId, string>>> = {
  'CFG-CLOSED': 'The host only understands these four configuration fields; anything else would be silently ignored, so it is rejected instead.',
  'CFG-EXECUTABLE': 'The host starts the adapter by this exact path, without a shell, so it must be absolute and free of characters that could split or truncate it.',
  'WIRE-ARGV': 'The host starts the adapter directly with a fixed argument list, so no payload or response text can ever be interpreted by a shell.',
  'WIRE-STDIN': 'The adapter receives its request as exactly one canonical JSON text on standard input, followed by end of input.',
  'WIRE-DEADLINE': 'A call that runs out of time proves nothing about the operation: the host must treat it as uncertain, not as a failure.',
  'WIRE-STDOUT-CAP': 'The host never reads more output than the bound allows; output past it makes the call uncertain.',
  'WIRE-STDERR-CAP': 'Diagnostics on stderr are bounded and are never mistaken for a result.',
  'WIRE-STDERR-BOUND':
    "algal's host reads at most 64 KiB of diagnostics per call and treats a call that writes more as failed, whatever its answer: an adapter that logs heavily works here and fails every call in production.",
  'WIRE-DRAIN': 'An adapter that writes a lot of diagnostics before reading its request must not deadlock the host.',
  'WIRE-UNCERTAIN': 'When a call times out, crashes or answers garbage, the host knows nothing about the operation; it must say so and must not retry on its own.',
  'REQ-ACTION-ARGV': 'The action named on the command line and the action inside the request must agree; an adapter that trusts either one alone can be tricked.',
  'REQ-CONTRACT': 'A request for another protocol version must be refused, not guessed at.',
  'REQ-CLOSED': 'Unknown request fields (such as "retry") must be refused: quietly ignoring them would let a request mean something the adapter does not do.',
  'REQ-REQUIRED': 'A request missing any field is malformed and must be refused, and refusing means admitting nothing.',
  'REQ-BINDING-CLOSED': 'The binding (operation, authority, digest) identifies the operation; a binding with missing or extra fields must be refused.',
  'REQ-IDENTITY': 'Operation and authority IDs have a fixed, safe alphabet and length; anything else must be refused.',
  'REQ-DIGEST-FORMAT': 'The request digest must be "sha256:" and 64 lowercase hex digits; an adapter that accepts other forms may disagree with the host about which operation is meant.',
  'REQ-PAYLOAD-DIGEST': 'The request digest must be the digest of the payload; otherwise the adapter could admit work the host never asked for under a known key.',
  'REQ-BOUND-DEPTH': 'Payloads nested deeper than 16 levels must be refused, so that no party runs out of stack on them.',
  'REQ-BOUND-BYTES': 'Payloads with more than 1 MiB of text must be refused, so every party can hold them in memory.',
  'REQ-BOUNDARY-ACCEPT': 'The bounds are limits, not guesses: a request sitting exactly on every bound is valid and should be admitted.',
  'REQ-AUTHORITY': 'An adapter answers for one authority; a request naming another authority should be refused rather than admitted into the wrong ledger.',
  'OUT-JSON': 'The adapter must print exactly one JSON object and nothing else on stdout; logs belong on stderr.',
  'OUT-UNIQUE-KEYS': 'No object in an answer should repeat a key: one host keeps the last value, another the first, and they would read different operations or states.',
  'OUT-EXIT': 'An outcome only counts as evidence when the adapter also exits with code 0.',
  'OUT-BINDING': 'The answer must be about the operation that was asked about: operation ID, authority and digest must match the request exactly.',
  'OUT-CLOSED': 'Each state has a fixed set of fields; an outcome with missing or extra fields cannot be trusted to mean what it seems to.',
  'OUT-RESULT-INTEGRITY': 'The result carries its own digest and UTF-8 length so that the host can prove it received the text intact.',
  'OUT-PROOF-SIZE': 'Everything except the result text must stay small (4 KiB), so the proof of settlement is cheap to store and check.',
  'SEM-OBSERVE-FRESH': 'Asking about an operation that was never submitted must answer "unknown", never invent an admission.',
  'SEM-OBSERVE-READONLY': 'Looking at an operation must never change it: an observe never admits, retries, resumes or cancels work.',
  'SEM-SUBMIT-ADMITS': 'A valid submit to a working adapter must be admitted (accepted or already terminal).',
  'SEM-SUBMIT-IDEMPOTENT': 'Submitting the same operation twice must not start the work twice: the second answer carries the first acceptance reference.',
  'SEM-REBIND-REFUSED': 'Reusing an operation ID for a different payload must be refused, and the original operation must be left untouched.',
  'SEM-REVISION-MONOTONIC': 'Revisions count forward: a later answer never reports an older revision than one already seen.',
  'SEM-EQUAL-REVISION': 'Two answers with the same revision must be identical; otherwise the revision does not identify a state.',
  'SEM-ACCEPTANCE-STABLE': 'Once an operation is admitted, its acceptance reference never changes.',
  'SEM-TERMINAL-IMMUTABLE': 'A finished operation stays finished with exactly the same result, whatever is asked later.',
  'SEM-TERMINAL-WITHOUT-ACCEPT': 'The host must accept a finished outcome even when it never saw the acknowledgement before it (the acknowledgement may have been lost).',
  'SEM-CONCURRENT-SUBMIT': 'Submits of one operation racing each other must still admit it only once.',
  'SEM-CONCURRENT-REBIND': 'Racing submits of one operation ID with different payloads must admit at most one of them, ever.',
  'SEM-CRASH-CONSISTENT': 'If the adapter is killed in the middle of a submit, its ledger must still give valid, consistent answers and must not admit the operation twice.',
  'SEM-UNCERTAIN-RECOVERY': 'After a submit whose answer was lost, asking again must give an answer consistent with everything seen before.',
  'SEM-DURABLE-RESTART': 'Restarting the adapter (its declared restart step) must not lose or change admitted operations or their results.',
  'SEM-LOCAL-SETTLEMENT': 'When an operation is reported finished, no process working on it should still be running.',
  'SDK-NO-MUTATION': 'The SDK must not modify the request objects it is given; the caller may still use them.',
  'SDK-CANCEL': 'Aborting the signal passed to the SDK should settle the returned promise instead of leaving it pending.',
  'MAN-PATHS': 'Paths in the manifest must not escape the adapter directory, also not through symbolic links.',
  'HOOK-IMPORT-PURE': 'Merely importing the runtime module must have no side effects: no process started, no file written.',
  'ACC-HONEST': 'Coverage claims must name a build that was actually tested, and nothing may claim to pass without a native implementation.',
};

/**
 * The clause in plain words for a report reader: its explanation when the
 * summary is too terse, otherwise its summary (from the clause registry).
 *
 * @param id - a registered clause ID
 */
export function clauseExplanation(id: ClauseId): string {
  return explanations[id] ?? `${capitalized(clause(id).summary)}.`;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
