import { defineMutant } from '../defineMutant.js';

const UNANCHORED = /[A-Za-z0-9][A-Za-z0-9._:-]{0,159}/;

/** The identity pattern lost its anchors, so any string containing an identity passes. */
export const identityUnanchored = defineMutant(
  {
    name: 'identity-unanchored',
    claims: ['REQ-IDENTITY'],
    // The adapter then echoes a non-identity operationId in its outcomes.
    incidental: ['OUT-BINDING'],
    description: 'identity regex without ^…$ anchors: "op id", "-op" or 161 characters pass',
  },
  { isIdentity: (value) => typeof value === 'string' && UNANCHORED.test(value) },
);
