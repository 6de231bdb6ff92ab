import { describe, expect, it } from 'vitest';
import { buildReport } from './buildReport.js';
import { renderSummary } from './renderSummary.js';
import { evidence, meta, reportInput, smallReport } from './__test-helpers__/reportFixtures.js';

describe('renderSummary', () => {
  it('shows the verdict, the counts, each failure in one escaped line, suite errors and the report path', () => {
    const summary = renderSummary(smallReport(), '/tmp/out');
    const lines = summary.trimEnd().split('\n');
    expect(lines[0]).toBe('adapter-qualify coding-operation.v1: NON-CONFORMANT (exit code 3)');
    expect(lines[1]).toMatch(/^MUST {3}pass 1 \/ fail 1 \/ skip \d+ \/ inconclusive 2$/);
    expect(lines[2]).toMatch(/^SHOULD pass 0 \/ fail 0 \/ skip \d+ \(1 not applicable\) \/ inconclusive 0$/);
    expect(lines[3]).toBe('Failed MUST clause: REQ-CLOSED.');
    expect(summary).toContain('  REQ-CLOSED (MUST): admitted <unknown> field | "retry"\\u{001B}[2J\n');
    expect(summary).toContain('  SEM: broken test: TypeError: x is undefined\n');
    expect(lines.at(-1)).toBe('Seed 42. Report: /tmp/out/acceptance.md');
    expect(summary).not.toContain('\u001b');
  });

  it('cuts a long multi-line reason to one line', () => {
    const report = buildReport(reportInput({ metas: [meta('t', evidence('OUT-JSON', { violations: [{ message: `first\nsecond ${'x'.repeat(500)}` }] }))] }));
    const line = renderSummary(report, 'out')
      .split('\n')
      .find((candidate) => candidate.startsWith('  OUT-JSON'));
    expect(line).toMatch(/^ {2}OUT-JSON \(MUST\): first second x+…$/);
    expect(line?.length).toBeLessThan(200);
  });

  it('--strict: names each open clause that made the run fail; without --strict, none', () => {
    const input = reportInput({ metas: [meta('t', evidence('REQ-CLOSED', { cases: 3 }))] });
    const strict = buildReport({ ...input, run: { ...input.run, strict: true } });
    expect(strict.exitCode).toBe(1);
    const summary = renderSummary(strict, 'out');
    expect(summary).toMatch(/^--strict: \d+ clause\(s\) without evidence fail the run:$/m);
    expect(summary).toMatch(/^ {2}SEM-OBSERVE-FRESH \(MUST, SKIP\): /m);
    expect(summary).not.toMatch(/^ {2}REQ-CLOSED \(MUST, /m);
    expect(renderSummary(buildReport(input), 'out')).not.toContain('--strict:');
  });
});
