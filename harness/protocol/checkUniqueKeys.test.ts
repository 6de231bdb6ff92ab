import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkUniqueKeys } from './checkUniqueKeys.js';

describe('checkUniqueKeys', () => {
  it('passes JSON without repeated keys, at any depth', () => {
    expect(checkUniqueKeys(' {"a":1,"b":{"a":[{"a":true},{"a":null}]},"c":"x\\"y"}\n')).toEqual({ kind: 'unique' });
    expect(checkUniqueKeys('[]')).toEqual({ kind: 'unique' });
    expect(checkUniqueKeys('{}')).toEqual({ kind: 'unique' });
  });

  it('finds a repeated top-level key before the real fields', () => {
    const text = '{"operationId":"someone-elses-op","state":"terminal","operationId":"op-1"}';
    expect(checkUniqueKeys(text)).toEqual({ kind: 'duplicate', key: 'operationId', instancePath: '' });
  });

  it('finds a repeated nested key and names the object holding it', () => {
    expect(checkUniqueKeys('{"result":{"text":"a","text":"b"}}')).toEqual({ kind: 'duplicate', key: 'text', instancePath: '/result' });
    expect(checkUniqueKeys('{"a/b":[0,{"k":1,"k":2}]}')).toEqual({ kind: 'duplicate', key: 'k', instancePath: '/a~1b/1' });
  });

  it('decodes escapes, so "a" and "\\u0061" are one key (and a surrogate pair equals its character)', () => {
    expect(checkUniqueKeys('{"a":1,"\\u0061":2}')).toEqual({ kind: 'duplicate', key: 'a', instancePath: '' });
    expect(checkUniqueKeys('{"😀":1,"\\ud83d\\ude00":2}')).toEqual({ kind: 'duplicate', key: '😀', instancePath: '' });
    expect(checkUniqueKeys('{"\\n":1,"\\u000a":2}')).toMatchObject({ kind: 'duplicate' });
    expect(checkUniqueKeys('{"a\\"":1,"a":2}')).toEqual({ kind: 'unique' });
  });

  it('equal keys in different objects are no repetition', () => {
    expect(checkUniqueKeys('{"x":{"k":1},"y":{"k":1}}')).toEqual({ kind: 'unique' });
  });

  it('judges nothing on text that is not one JSON value', () => {
    for (const text of ['', 'log line\n{}', '{"a":1}{"b":2}', '{"a":1,}', '{"a" 1}', '[1,2', '{"a":"\u0001"}', '{"\\x":1}', '{"a":"\\ "}', '["\\u12"]']) {
      expect(checkUniqueKeys(text), text).toEqual({ kind: 'not-json' });
    }
  });

  it('scans a 1,000,000-deep array without recursion', () => {
    const depth = 1_000_000;
    expect(checkUniqueKeys(`${'['.repeat(depth)}${']'.repeat(depth)}`)).toEqual({ kind: 'unique' });
  });

  // OUT-UNIQUE-KEYS counts a case only where the scan says the text is JSON: on texts near JSON, the scan
  // must call JSON exactly what JSON.parse accepts (one character inserted, deleted or replaced).
  it('agrees with JSON.parse on texts one edit away from JSON', () => {
    const near = fc
      .tuple(
        fc.jsonValue({ maxDepth: 3 }),
        fc.boolean(),
        fc.nat(),
        fc.constantFrom('delete', 'insert', 'replace'),
        fc.constantFrom(...' \t\n\r{}[],:"\\/-+.0123456789eEtrufalsn\u0000\u001f\u00e9\ud800'.split('')),
      )
      .map(([value, pretty, position, edit, char]) => {
        const text = pretty ? JSON.stringify(value, null, 1) : JSON.stringify(value);
        const at = position % (text.length + 1);
        if (edit === 'delete') return text.slice(0, at) + text.slice(at + 1);
        if (edit === 'insert') return text.slice(0, at) + char + text.slice(at);
        return text.slice(0, at) + char + text.slice(at + 1);
      });
    fc.assert(
      fc.property(near, (text) => {
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        expect(checkUniqueKeys(text).kind === 'not-json', text).toBe(!parses);
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees with JSON.parse on which texts are JSON, and finds no repetition where none can be', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(checkUniqueKeys(text)).toEqual({ kind: 'unique' });
        expect(checkUniqueKeys(JSON.stringify(value, null, 2))).toEqual({ kind: 'unique' });
      }),
    );
  });
});
