import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../harness/protocol/canonicalJson.js';
import { digestText } from '../../harness/protocol/digest.js';

const here = dirname(fileURLToPath(import.meta.url));

// Python parses each JSON text as the adapter does and answers [canonical, digest] pairs.
const PROBE = `
import json, sys
import adapter
texts = json.loads(sys.stdin.read())
out = []
for text in texts:
    value = adapter.parse_request(text.encode("utf-8", "surrogatepass"))
    out.append([adapter.canonical(value), adapter.digest_canonical(value)])
print(json.dumps(out))
`;

async function pythonCanonical(texts: readonly string[]): Promise<[string, string][]> {
  const result = await execa('python3', ['-c', PROBE], { cwd: here, input: JSON.stringify(texts) });
  return JSON.parse(result.stdout) as [string, string][];
}

async function expectAgreement(texts: readonly string[]): Promise<void> {
  const python = await pythonCanonical(texts);
  texts.forEach((text, index) => {
    const expected = canonicalJson(JSON.parse(text));
    expect(python[index], text.slice(0, 80)).toEqual([expected, digestText(expected)]);
  });
}

describe('python adapter canonical JSON', () => {
  it('agrees with canonicalJson on awkward numbers', async () => {
    await expectAgreement([
      '[1.0, -0, 0.0, -0.0, 1e21, 1e20, 123456789012345678901234, 1.5e-7, 0.000001, 0.0000001, 1e-7]',
      '[5e-324, 1.7976931348623157e308, 9007199254740993, -1234.5678, 100, 1e2, 0.1, 0.30000000000000004]',
      '[12345678901234567890, 2.5e+25, -3e-10, 123e-20, 4.35, 1e300, 1E5, 0.5e1]',
    ]);
  });

  it('agrees on key order (UTF-16 code units, astral keys included) and strings', async () => {
    await expectAgreement([
      '{"b":1,"a":2,"A":3,"é":4,"\\ud83d\\ude00":5,"\\uffff":6,"\\ue000":7,"":8,"10":9,"9":10}',
      '{"text":"line\\nbreak\\ttab\\u0001\\u001f\\u007f\\u2028\\u2029 \\"quote\\" back\\\\slash ✓ 😀"}',
      '{"lone":"\\ud800","low":"\\udfff x","\\udc00":"key","pair":"\\ud83d\\ude00","mixed":"a\\ud83db"}',
      '{"nested":{"z":[true,false,null,{"y":[]}],"a":{}}}',
    ]);
  });

  it("agrees on integer-like keys: array indices first, numerically (the host's order, not RFC 8785)", async () => {
    await expectAgreement([
      '{"10":"a","9":"b"}',
      '{"10":"a","9":"b","a":1,"!":2}',
      '{"b":1,"01":2,"0":3,"-1":4,"1e3":5,"4294967295":6,"4294967294":7,"a":8,"":9,"00":10,"+1":11}',
      '{"x":{"2":[{"11":0,"3":1,"z":2}],"10":null,"1":true},"0":[]}',
    ]);
    expect(await pythonCanonical(['{"10":"a","9":"b"}'])).toEqual([['{"9":"b","10":"a"}', 'sha256:32c76047634ee8d61aeb727dee6fcb2507b60cc4fe6ecce96d04274d6a9c8c03']]);
  });

  it('agrees on arbitrary JSON values', async () => {
    const texts = fc
      .sample(fc.jsonValue({ maxDepth: 4, stringUnit: fc.oneof(fc.constantFrom('\ud800', '\udfff', '😀', 'é'), fc.string({ unit: 'binary', maxLength: 3 })) }), { numRuns: 200, seed: 42 })
      .map((value) => JSON.stringify(value));
    texts.push(
      ...fc
        .sample(fc.dictionary(fc.oneof(fc.nat().map(String), fc.constantFrom('01', '-1', '4294967294', '4294967295', '1e3', 'a', 'Z', '')), fc.nat(), { maxKeys: 8 }), {
          numRuns: 100,
          seed: 11,
        })
        .map((value) => JSON.stringify(value)),
    );
    texts.push(...fc.sample(fc.double({ noNaN: true, noDefaultInfinity: true }), { numRuns: 300, seed: 7 }).map((n) => `[${JSON.stringify(n)}]`));
    await expectAgreement(texts);
  });

  it('refuses NaN, Infinity and 1e400 where JavaScript cannot represent them', async () => {
    const probe = `
import sys, adapter
for text in ['[NaN]', '[Infinity]']:
    try:
        adapter.parse_request(text.encode()); print('parsed')
    except adapter.Refusal: print('refused')
try:
    adapter.check_bounds(adapter.parse_request(b'{"n":1e400}')); print('admitted')
except adapter.Refusal: print('refused')
`;
    const result = await execa('python3', ['-c', probe], { cwd: here });
    expect(result.stdout.split('\n')).toEqual(['refused', 'refused', 'refused']);
  });
});
