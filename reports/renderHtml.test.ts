import { describe, expect, it } from 'vitest';
import { buildReport } from './buildReport.js';
import { clauseExplanation, renderHtml } from './renderHtml.js';
import { HOSTILE_REPLAY, hostileReport, evidence, meta, reportInput, smallReport } from './__test-helpers__/reportFixtures.js';

const UNSAFE_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFFFE\uFFFF]/u;

function escapedHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

describe('renderHtml', () => {
  const html = renderHtml(smallReport());

  it('is one self-contained page whose policy forbids scripts and every request', () => {
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline';`);
    expect(html).not.toMatch(/<(script|link|img|iframe|object|embed|base|form)\b/i);
    expect(html).not.toMatch(/(src|href)="(?!#)/);
    expect(html).not.toMatch(/url\(/);
  });

  it('opens with the verdict banner and counts', () => {
    expect(html).toContain('<header id="verdict" class="banner bad" role="status">\n<h1>NON-CONFORMANT</h1>');
    expect(html).toContain('<tr><th scope="row">MUST</th><td class="num">1</td><td class="num">1</td>');
    expect(html.indexOf('id="verdict"')).toBeLessThan(html.indexOf('id="subject"'));
  });

  it('names the failed MUST clauses in the banner, and the cases the host itself left undecided', () => {
    const report = buildReport(
      reportInput({
        metas: [
          meta('a', evidence('SEM-SUBMIT-ADMITS', { cases: 3, violations: [{ message: 'refused a boolean' }] })),
          meta('b', evidence('SEM-CRASH-CONSISTENT', { hostUncertain: 2, inconclusive: 'the final observe failed on the host' })),
        ],
      }),
    );
    const banner = renderHtml(report).split('</header>')[0] ?? '';
    expect(banner).toContain('Failed MUST clause: SEM-SUBMIT-ADMITS.');
    expect(banner).toContain('2 cases were undecided by the host&#39;s own failure');
    expect(report.clauses.find((entry) => entry.id === 'SEM-CRASH-CONSISTENT')).toMatchObject({ verdict: 'INCONCLUSIVE', hostUncertainCases: 2 });
  });

  it('names the subject: executable, digests, authority, suite version, seed', () => {
    expect(html).toContain('<dt>Executable</dt><dd><code>/opt/adapter</code></dd>');
    expect(html).toContain(`<dt>Executable sha256</dt><dd><code>${'a'.repeat(64)}</code></dd>`);
    expect(html).toContain(`<dt>argvPrefix[0]</dt><dd><code>main.py</code> sha256 <code>${'b'.repeat(64)}</code></dd>`);
    expect(html).toContain('<dt>Authority</dt><dd><code>ledger-a1</code></dd>');
    expect(html).toContain('<dt>Suite</dt><dd>adapter-qualify 0.1.0, report schema 1</dd>');
    expect(html).toContain('<dt>Seed</dt><dd>42, 10 runs per property</dd>');
  });

  it('has a clause table per family in catalog order, with level, verdict and SKIP/INCONCLUSIVE reasons', () => {
    expect(html.indexOf('id="family-CFG"')).toBeLessThan(html.indexOf('id="family-REQ"'));
    expect(html.indexOf('id="family-REQ"')).toBeLessThan(html.indexOf('id="family-SDK"'));
    expect(html).toContain('<tr id="clause-OUT-JSON"><td><code>OUT-JSON</code></td><td>MUST</td><td class="verdict ok">PASS</td><td class="num">12</td>');
    expect(html).toMatch(/<tr id="clause-SEM-OBSERVE-FRESH">.*INCONCLUSIVE.*<td class="reason">never reached terminal in the poll budget<\/td>/);
    expect(html).toMatch(/<tr id="clause-SDK-CANCEL">.*<td>SHOULD<\/td><td class="verdict open">SKIP<\/td>.*applies to SDK transports/);
  });

  it('shows each failure with the clause in plain words, its counterexample and replay command', () => {
    const failure = html.slice(html.indexOf('<article class="failure" id="failure-REQ-CLOSED">'));
    expect(html).toContain('<td><code><a href="#failure-REQ-CLOSED">REQ-CLOSED</a></code></td>');
    expect(failure).toContain(`<p class="explanation">${escapedHtml(clauseExplanation('REQ-CLOSED'))}</p>`);
    expect(failure).toContain(`<pre class="replay"><code>${escapedHtml("npx adapter-qualify run adapter.json --only '^REQ-CLOSED: refuses unknown fields$' --seed 42")}</code></pre>`);
    expect(failure).toContain('<p>submit with unknown top-level field &quot;retry&quot;</p>');
    expect(failure).toContain('<summary>Call 1: submit, exit code 0</summary>');
    expect(failure).toContain('<pre>{&quot;state&quot;:&quot;accepted&quot;}\\u{0000}\\u{001B}[31m&lt;b&gt;&amp;&quot;&#39;```\nend</pre>');
  });

  it('lists suite errors apart from findings', () => {
    expect(html).toContain('<h2>Suite errors</h2>');
    expect(html).toContain('SEM: broken test: TypeError: x is undefined');
  });
});

describe('renderHtml with hostile adapter text', () => {
  const html = renderHtml(hostileReport());

  it('escapes markup, so nothing adapter-controlled becomes an element or attribute', () => {
    expect(html).not.toMatch(/<(script|img|link|iframe|object|embed|base|form)\b/i);
    // The words remain as text; as markup they would need raw quotes and brackets.
    expect(html).not.toMatch(/href="javascript/i);
    expect(html).not.toMatch(/onerror="/i);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;window.__pwned=1&lt;/script&gt;&lt;img src=&quot;http://127.0.0.1:9/x.png&quot;');
  });

  it('shows control characters and lone surrogates as visible escapes, so the page is valid UTF-8 text', () => {
    expect(html).not.toMatch(UNSAFE_CHARACTERS);
    expect(Buffer.from(html, 'utf8').toString('utf8')).toBe(html);
    expect(html).toContain('bell\\u{0007} esc\\u{001B}[2J nul\\u{0000} rlo\\u{202E} lone-high\\u{D800} lone-low\\u{DC00} end');
  });

  it('caps megabyte strings and says so, keeping the replay command whole', () => {
    expect(html.length).toBeLessThan(200_000);
    expect(html).not.toContain('TAIL-NEVER-SHOWN');
    expect(html).toMatch(/… \(\d+ more characters not shown\)/);
    expect(html).toContain(escapedHtml(HOSTILE_REPLAY));
  });
});

describe('renderHtml for the adapter-manifest profile', () => {
  const report = buildReport(
    reportInput({
      profile: 'adapter-manifest.v1',
      subject: { config: { manifest: 'adapter.toml' }, executableSha256: null, argvFileSha256s: [], authorityId: null },
      metas: [meta('MAN-ID: id is a slug', evidence('MAN-ID', { cases: 1, violations: [{ message: 'id "CON" is reserved' }] }))],
    }),
  );
  const html = renderHtml(report);

  it('groups its families, has no executable line, and explains its failure', () => {
    for (const family of ['MAN', 'CAT', 'TRN', 'HOOK', 'ACC']) expect(html).toContain(`id="family-${family}"`);
    expect(html).not.toContain('id="family-REQ"');
    expect(html).not.toContain('<dt>Executable</dt>');
    expect(html).toContain('<dt>Executable sha256</dt><dd>unreadable (evidence is not bound to bytes)</dd>');
    expect(html).toContain('<dt>Authority</dt><dd>none</dd>');
    expect(html).toContain('<article class="failure" id="failure-MAN-ID">');
    expect(html).toContain('id &quot;CON&quot; is reserved');
  });
});
