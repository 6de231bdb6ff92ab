import { describe, expect, it } from 'vitest';
import { HOSTILE_DETAIL, hostileSelfCheckReport } from './__test-helpers__/hostileSelfCheckReport.js';
import { fakeMutant, fakeRun, redControl, selfCheckInput } from './__test-helpers__/selfCheckInput.js';
import { buildSelfCheckReport } from './buildSelfCheckReport.js';
import { renderSelfCheckHtml } from './renderSelfCheckHtml.js';

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
