import { describe, expect, it } from 'vitest';
import { fakeMutant, fakeRun, HOSTILE_DETAIL, hostileSelfCheckReport, redControl, redManifestControl, selfCheckInput } from './__test-helpers__/selfCheckFixtures.js';
import { buildSelfCheckReport } from './selfCheckReport.js';
import { renderSelfCheckHtml, renderSelfCheckMarkdown, renderSelfCheckSummary } from './renderSelfCheck.js';

// Structural checks: they run everywhere; the browser test adds what only a real page shows.

describe('renderSelfCheckHtml', () => {
  it('opens with the outcome banner and score, then one matrix row per run', () => {
    const html = renderSelfCheckHtml(hostileSelfCheckReport());
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<header id="outcome" class="banner bad" role="status">\n<h1>FAILED</h1>');
    expect(html).toContain('Mutation score <strong>50%</strong>: 1 killed of 2 judgeable runs.');
    expect(html).toContain('<tr><td>mutant-killed</td><td>REQ-CLOSED: killed</td><td class="ok">killed</td><td>report <code>mutants/mutant-killed</code></td></tr>');
    expect(html).toMatch(/<tr><td>mutant-survived<\/td><td>OUT-CLOSED: survived \(PASS\)<\/td><td class="bad">SURVIVED<\/td>/);
    expect(html.indexOf('id="outcome"')).toBeLessThan(html.indexOf('id="matrix"'));
  });

  it('keeps adapter-quoted text as text: no script, no element from a detail, a policy that loads nothing', () => {
    const html = renderSelfCheckHtml(hostileSelfCheckReport());
    expect(html).not.toContain(HOSTILE_DETAIL);
    expect(html).toContain('&lt;/td&gt;&lt;/table&gt;&lt;script&gt;window.__pwned=1&lt;/script&gt;');
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain("default-src 'none'");
  });

  it('a void result says so in the banner and names the red control’s problems before the matrix', () => {
    const a = fakeMutant('mutant-a');
    const html = renderSelfCheckHtml(buildSelfCheckReport(selfCheckInput([a], [fakeRun(a, 'killed')], { control: redControl })));
    expect(html).toContain('class="banner open"');
    expect(html).toContain('<h1>VOID (the coding-operation.v1 control is red: no kill of its mutants counts)</h1>');
    expect(html.indexOf('REQ-CLOSED FAILed on the reference adapter')).toBeLessThan(html.indexOf('id="matrix"'));
  });
});

const a = fakeMutant('mutant-a');
const b = fakeMutant('mutant-b', ['OUT-CLOSED', 'OUT-EXIT']);

describe('renderSelfCheckMarkdown', () => {
  it('puts the outcome first, then one matrix row per run with one entry per claimed clause', () => {
    const markdown = renderSelfCheckMarkdown(buildSelfCheckReport(selfCheckInput([a, b], [fakeRun(a, 'killed'), fakeRun(b, 'survived')])));
    const lines = markdown.split('\n');
    expect(lines[0]).toBe('# adapter-qualify self-check: FAILED');
    expect(lines).toContain('- Mutation score: 50% (1 killed of 2 judgeable runs)');
    expect(lines).toContain('| mutant-a | REQ-CLOSED: killed | killed | report `mutants/mutant-a` |');
    expect(lines).toContain('| mutant-b | OUT-CLOSED: survived (PASS)<br>OUT-EXIT: survived (PASS) | **SURVIVED** | survived \\| because; report `mutants/mutant-b` |');
    expect(lines).toContain('- Adapter-side MUST clauses no mutant claims: SEM-DURABLE-RESTART');
  });

  it('a void result says so before the score, with the control problems', () => {
    const markdown = renderSelfCheckMarkdown(buildSelfCheckReport(selfCheckInput([a], [fakeRun(a, 'killed')], { control: redControl })));
    const lines = markdown.split('\n');
    expect(lines[0]).toBe('# adapter-qualify self-check: VOID (the coding-operation.v1 control is red: no kill of its mutants counts)');
    expect(lines[2]).toMatch(/^\*\*The reference adapter \(the coding-operation.v1 control\) is red/);
    expect(lines[4]).toBe('- REQ-CLOSED FAILed on the reference adapter: admitted "retry"');
    expect(markdown.indexOf('VOID')).toBeLessThan(markdown.indexOf('Mutation score'));
  });

  it('a sweep adds the seed column and the per-mutant tally', () => {
    const settings = { seeds: [1, 2], runs: 4, timeoutMs: 5000, pollBudget: 4, concurrency: 2, parallel: 3, runCapMs: 1000, requiredKillRate: 0.9, threshold: null };
    const markdown = renderSelfCheckMarkdown(buildSelfCheckReport(selfCheckInput([a], [fakeRun(a, 'killed', 1), fakeRun(a, 'timed-out', 2)], { mode: 'sweep', settings })));
    expect(markdown).toContain('| mutant-a | 1 | REQ-CLOSED: killed | killed |');
    expect(markdown).toContain('| mutant-a | 2 | REQ-CLOSED: timed out | **timed out** |');
    expect(markdown).toContain('## Seeds killed (at least 90% required)');
    expect(markdown).toContain('| mutant-a | 1 of 2 | **no** |');
  });

  it('manifest fixtures get their own matrix section and control line; a red manifest control voids the result', () => {
    const fixture = fakeMutant('two-json', ['TRN-ONE-JSON']);
    const input = selfCheckInput([a], [fakeRun(a, 'killed'), fakeRun(fixture, 'killed', 7, 'adapter-manifest.v1')], { fixtures: [fixture] });
    const lines = renderSelfCheckMarkdown(buildSelfCheckReport(input)).split('\n');
    expect(lines[0]).toBe('# adapter-qualify self-check: PASSED');
    expect(lines).toContain('- Manifest control (manifest reference directory, adapter-manifest.v1): green (incomplete), report `manifest-control`');
    const section = lines.indexOf('## Kill matrix: adapter-manifest.v1 fixtures');
    expect(section).toBeGreaterThan(lines.indexOf('| mutant-a | REQ-CLOSED: killed | killed | report `mutants/mutant-a` |'));
    expect(lines.indexOf('| two-json | TRN-ONE-JSON: killed | killed | report `mutants/two-json` |')).toBeGreaterThan(section);
    const voided = renderSelfCheckMarkdown(buildSelfCheckReport({ ...input, manifestControl: redManifestControl })).split('\n');
    expect(voided[0]).toBe('# adapter-qualify self-check: VOID (the adapter-manifest.v1 control is red: no kill of its mutants counts)');
    expect(voided[2]).toMatch(/^\*\*The manifest reference directory \(the adapter-manifest.v1 control\) is red/);
    expect(voided).toContain('- MAN-ID FAILed on the manifest reference directory: "com1"');
  });
});

describe('renderSelfCheckSummary', () => {
  it('prints the outcome, the kill matrix, the score and every run that is not a clean kill', () => {
    const summary = renderSelfCheckSummary(buildSelfCheckReport(selfCheckInput([a, b], [fakeRun(a, 'killed'), fakeRun(b, 'wrong-reason')])), '/out');
    expect(summary.split('\n')).toEqual([
      'adapter-qualify self-check: FAILED (exit code 1)',
      'Kill matrix (mutant: claimed clause → result):',
      '  mutant-a  REQ-CLOSED → killed',
      '  mutant-b  OUT-CLOSED → wrong reason, OUT-EXIT → wrong reason',
      'Mutation score 50%: 1 killed of 2 judgeable run(s).',
      '  killed for the wrong reason: mutant-b — wrong-reason | because',
      'Report: /out/self-check.md',
      '',
    ]);
  });

  it('lists manifest fixtures after their own header', () => {
    const fixture = fakeMutant('two-json', ['TRN-ONE-JSON']);
    const summary = renderSelfCheckSummary(
      buildSelfCheckReport(selfCheckInput([a], [fakeRun(a, 'killed'), fakeRun(fixture, 'survived', 7, 'adapter-manifest.v1')], { fixtures: [fixture] })),
      '/out',
    );
    expect(summary.split('\n').slice(1, 5)).toEqual([
      'Kill matrix (mutant: claimed clause → result):',
      '  mutant-a  REQ-CLOSED → killed',
      '  adapter-manifest.v1 fixtures:',
      '  two-json  TRN-ONE-JSON → survived',
    ]);
  });

  it('a void result names the control problems right after the outcome; a sweep shows seeds killed', () => {
    const settings = { seeds: [1, 2], runs: 4, timeoutMs: 5000, pollBudget: 4, concurrency: 2, parallel: 3, runCapMs: 1000, requiredKillRate: 0.9, threshold: null };
    const summary = renderSelfCheckSummary(
      buildSelfCheckReport(selfCheckInput([a], [fakeRun(a, 'killed', 1), fakeRun(a, 'survived', 2)], { mode: 'sweep', settings, control: redControl })),
      '/out',
    ).split('\n');
    expect(summary.slice(0, 4)).toEqual([
      'adapter-qualify self-check: VOID (the coding-operation.v1 control is red: no kill of its mutants counts) (exit code 1)',
      '  control: REQ-CLOSED FAILed on the reference adapter: admitted "retry"',
      'Seeds killed per mutant (at least 90% required):',
      '  mutant-a  1 of 2  BELOW',
    ]);
  });
});
