import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './renderMarkdown.js';
import { buildReport } from './buildReport.js';
import { evidence, meta, reportInput, smallReport } from './__test-helpers__/reportFixtures.js';

describe('renderMarkdown', () => {
  const markdown = renderMarkdown(smallReport());

  it('names the failed MUST clauses right under the verdict', () => {
    const head = markdown.slice(0, markdown.indexOf('| Level |'));
    expect(head).toMatch(/\*\*Failed MUST clauses?: [A-Z]+-[A-Z-]+(, [A-Z]+-[A-Z-]+)*\.\*\*/);
    expect(head).toContain('REQ-CLOSED');
  });

  it('shows why a counterexample call was uncertain, not only that it was', () => {
    const call = {
      callId: 'call-1',
      action: 'observe',
      request: '{}',
      requestBytes: 2,
      exitCode: 0,
      signal: null,
      timedOut: true,
      stdout: '',
      stdoutBytes: 0,
      uncertainty: 'timeout',
      uncertaintyDetail: 'stdout stayed open until the deadline',
    };
    const report = buildReport(
      reportInput({ metas: [meta('t', evidence('SEM-CRASH-CONSISTENT', { violations: [{ message: 'm', counterexample: { description: 'd', calls: [call] } }] }))] }),
    );
    expect(renderMarkdown(report)).toContain('Call 1: observe, exit code 0, timed out, uncertain: timeout (stdout stayed open until the deadline)');
  });

  it('puts the verdict and MUST/SHOULD counts first', () => {
    const lines = markdown.split('\n');
    expect(lines[0]).toBe('# Acceptance report: NON-CONFORMANT');
    expect(markdown).toContain('**Verdict: non-conformant** (exit code 3)');
    expect(markdown).toMatch(/\| MUST \| 1 \| 1 \| \d+ \| 2 \|/);
    expect(markdown.indexOf('**Verdict')).toBeLessThan(markdown.indexOf('## Subject'));
  });

  it('names the subject, its digest, authority, suite version, seed and how to replay', () => {
    expect(markdown).toContain('- Executable: /opt/adapter');
    expect(markdown).toContain(`- Executable sha256: ${'a'.repeat(64)}`);
    expect(markdown).toContain(`- argvPrefix[0] main.py sha256: ${'b'.repeat(64)}`);
    expect(markdown).toContain('- Authority: ledger-a1');
    expect(markdown).toContain('- Suite: adapter-qualify 0.1.0');
    expect(markdown).toContain('- Seed: 42, 10 runs per property');
    expect(markdown).toContain('- Replay: run again with seed 42');
  });

  it('has a clause table per family, in catalog order', () => {
    expect(markdown.indexOf('### CFG')).toBeLessThan(markdown.indexOf('### REQ'));
    expect(markdown.indexOf('### REQ')).toBeLessThan(markdown.indexOf('### SEM'));
    expect(markdown).toContain('| OUT-JSON | stdout holds exactly one JSON object | MUST | PASS | 12 |  |');
    expect(markdown).toContain('| SEM-OBSERVE-FRESH | observing a never-submitted binding returns unknown | MUST | INCONCLUSIVE | 0 | never reached terminal in the poll budget |');
    expect(markdown).toContain('| SDK-CANCEL | an aborted signal settles the promise | SHOULD | SKIP | 0 | applies to SDK transports |');
  });

  it('escapes adapter text in tables: no raw pipe, markup or escape sequence', () => {
    const row = markdown.split('\n').find((line) => line.startsWith('| REQ-CLOSED |'));
    expect(row).toBe('| REQ-CLOSED | refuse unknown top-level fields | MUST | FAIL | 4 | admitted &lt;unknown&gt; field \\| "retry"\\\\u{001B}\\[2J |');
    expect(markdown).not.toContain('\u001b');
    expect(markdown).not.toContain('\u0000');
  });

  it('shows each failure with its replay command and counterexample calls in fences that cannot be closed early', () => {
    const failure = markdown.slice(markdown.indexOf('## Failures'));
    expect(failure).toContain('### REQ-CLOSED: refuse unknown top-level fields');
    expect(failure).toContain("```sh\nnpx adapter-qualify run adapter.json --only '^REQ-CLOSED: refuses unknown fields$' --seed 42\n```");
    expect(failure).toContain('Counterexample: submit with unknown top-level field "retry"');
    expect(failure).toContain('Call 1: submit, exit code 0');
    expect(failure).toContain('Request (32 bytes):\n\n```json\n{"action":"submit","retry":true}\n```');
    // stdout holds ``` itself, so its fence is longer; control characters are shown, not emitted.
    expect(failure).toContain('````text\n{"state":"accepted"}\\u{0000}\\u{001B}[31m<b>&"\'```\nend\n````');
  });

  it('lists suite errors apart from findings', () => {
    expect(markdown).toContain('## Suite errors');
    expect(markdown).toContain('- SEM: broken test: TypeError: x is undefined');
  });
});
