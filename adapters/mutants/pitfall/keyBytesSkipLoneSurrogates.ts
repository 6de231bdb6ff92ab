import { defineMutant } from '../defineMutant.js';

const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Measures keys as UTF-8 with lone surrogates dropped (Python's `encode('utf-8', 'ignore')`). */
export const keyBytesSkipLoneSurrogates = defineMutant(
  {
    name: 'key-bytes-skip-lone-surrogates',
    claims: ['REQ-BOUND-KEY'],
    description: 'counts key bytes with lone surrogates dropped instead of 3 bytes each: a key of 86 lone surrogates (258 bytes) passes',
  },
  { keyBytes: (key) => Buffer.byteLength(key.replace(LONE_SURROGATES, ''), 'utf8') },
);
