import { describe, expect, it } from 'vitest';
import { PITFALL_SUBMITS } from '../../generators/payload.js';
import { byCodePoint, payloadFeatures } from './payloadFeatures.js';

describe('payloadFeatures', () => {
  it('names each pitfall a payload carries, in a fixed order', () => {
    expect(payloadFeatures({ b: true, n: null })).toEqual(['booleans', 'null']);
    expect(payloadFeatures(['é'])).toEqual(['non-ASCII text']);
    expect(payloadFeatures({ '😀': 1 })).toEqual(['astral-plane text']);
    expect(payloadFeatures(['x\ud800', '\udfff'])).toEqual(['lone surrogates']);
    expect(payloadFeatures({ '\uffff': 1, '😀': 2 })).toEqual(['non-ASCII text', 'astral-plane text', 'keys ordered differently by UTF-16 code units than by code points']);
    expect(payloadFeatures({ '10': 1 })).toEqual([expect.stringContaining('integer-like keys')]);
    expect(payloadFeatures({ '01': 1, '-1': 2, '4294967295': 3 })).toEqual([]);
    expect(payloadFeatures([1e-7, 0.5, -0])).toEqual(['numbers in exponent form, fractions or -0']);
    expect(payloadFeatures({ a: ['1', '0.1', '1e3', '-0', '01'] })).toEqual(['strings that look like numbers']);
    expect(payloadFeatures({ a: ['1x', '.5', '+1', '1e', ''] })).toEqual([]);
  });

  it('finds nothing in plain ASCII text and integers', () => {
    expect(payloadFeatures({ task: 'x', list: [1, 2, { k: 'v' }] })).toEqual([]);
  });

  it('finds at least one feature in every must-try pitfall but the long identity', () => {
    for (const pitfall of PITFALL_SUBMITS.filter((candidate) => candidate.operationIdLength === null)) {
      expect(payloadFeatures(pitfall.payload), pitfall.feature).not.toEqual([]);
    }
  });
});

describe('byCodePoint', () => {
  it('orders by code point where UTF-16 code units disagree', () => {
    expect(['😀', '\uffff'].sort(byCodePoint)).toEqual(['\uffff', '😀']);
    expect(['😀', '\uffff'].sort()).toEqual(['😀', '\uffff']);
    expect(['ab', 'a'].sort(byCodePoint)).toEqual(['a', 'ab']);
  });
});
