import { describe, expect, it } from 'vitest';
import { codingOperationClauses } from '../harness/clauses.js';
import { renderJunit } from './renderJunit.js';
import { smallReport } from './__test-helpers__/reportFixtures.js';

/** XML 1.0 forbids these even as character references. */
const FORBIDDEN_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDFFF]/u;

/** A tiny well-formedness check: balanced tags, and no raw `<`, `&` (outside entities) or quote inside attribute values. */
function checkWellFormed(xml: string): void {
  expect(xml).not.toMatch(FORBIDDEN_IN_XML);
  const body = xml.replace(/^<\?xml[^>]*\?>\n/, '').replace(/<!--[\s\S]*?-->/g, '');
  const stack: string[] = [];
  for (const match of body.matchAll(/<(\/?)([A-Za-z-]+)((?:\s+[A-Za-z-]+="[^"<]*")*)\s*(\/?)>|<|&(?!(?:amp|lt|gt|quot|apos|#\d+);)/g)) {
    if (match[2] === undefined) throw new Error(`stray markup character at ${match.index}: ${body.slice(match.index, match.index + 40)}`);
    const [, closing, name, , selfClosing] = match;
    if (closing === '/') expect(stack.pop()).toBe(name);
    else if (selfClosing !== '/') stack.push(name);
  }
  expect(stack).toEqual([]);
}

describe('renderJunit', () => {
  const xml = renderJunit(smallReport());

  it('is well-formed despite hostile adapter output', () => {
    checkWellFormed(xml);
  });

  it('the well-formedness check itself catches a raw < in an attribute and a control character', () => {
    expect(() => checkWellFormed('<a b="<"></a>')).toThrow();
    expect(() => checkWellFormed('<a>\u0001</a>')).toThrow();
    expect(() => checkWellFormed('<a><b></a></b>')).toThrow();
  });

  it('has one testcase per clause, classname = family, name = "ID summary"', () => {
    expect(xml.match(/<testcase /g)?.length).toBe(codingOperationClauses.length);
    expect(xml).toContain('<testcase classname="OUT" name="OUT-JSON stdout holds exactly one JSON object" time="0"/>');
    expect(xml).toContain(`tests="${codingOperationClauses.length}" failures="1" errors="0"`);
  });

  it('turns FAIL into <failure> with escaped reason and the counterexample text', () => {
    expect(xml).toContain(
      '<testcase classname="REQ" name="REQ-CLOSED refuse unknown top-level fields" time="0">\n      <failure message="admitted &lt;unknown&gt; field | &quot;retry&quot;\\u{001B}[2J" type="MUST">',
    );
    expect(xml).toContain("Replay: npx adapter-qualify run adapter.json --only '^REQ-CLOSED: refuses unknown fields$' --seed 42");
    expect(xml).toContain('stdout (60 bytes): {"state":"accepted"}\\u{0000}\\u{001B}[31m&lt;b&gt;&amp;"\'```\nend');
  });

  it('turns SKIP into <skipped> and INCONCLUSIVE into <skipped> with an INCONCLUSIVE prefix, and says why in a comment', () => {
    expect(xml).toContain('<testcase classname="SDK" name="SDK-CANCEL an aborted signal settles the promise" time="0">\n      <skipped message="applies to SDK transports"/>');
    expect(xml).toContain('<skipped message="INCONCLUSIVE: never reached terminal in the poll budget"/>');
    expect(xml).toContain('<!-- adapter-qualify: JUnit has no INCONCLUSIVE state');
  });

  it('records verdict, seed and digest as properties, and suite errors in system-err', () => {
    expect(xml).toContain('<property name="verdict" value="non-conformant"/>');
    expect(xml).toContain('<property name="seed" value="42"/>');
    expect(xml).toContain(`<property name="executableSha256" value="${'a'.repeat(64)}"/>`);
    expect(xml).toContain('<system-err>Suite errors (exit code 3):\nSEM: broken test: TypeError: x is undefined</system-err>');
    expect(xml).toContain('time="90"');
  });
});
