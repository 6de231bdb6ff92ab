import { defineMutant } from '../defineMutant.js';

/** The identity pattern with Python's `$`, which also matches before a final newline. */
const DOLLAR = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,159}\n?$/;

/** Checks identities with a `$`-anchored regex of Python's flavour, so `"x\n"` passes. */
export const identityDollarNewline = defineMutant(
  {
    name: 'identity-dollar-newline',
    claims: ['REQ-IDENTITY'],
    // The adapter then echoes a non-identity operationId in its outcomes.
    incidental: ['OUT-BINDING'],
    description: 'identity regex anchored with Python\'s $ (re.match(r"^…$")), which matches before a final newline: "x\\n" passes',
  },
  { isIdentity: (value) => typeof value === 'string' && DOLLAR.test(value) },
);
