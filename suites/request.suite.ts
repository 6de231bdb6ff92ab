import {
  actionArgvDefect,
  actionValueDefect,
  contractDefect,
  contractExamples,
  missingFieldDefect,
  missingFieldExamples,
  observeWithPayloadDefect,
  submitWithoutPayloadDefect,
  unknownFieldDefect,
  unknownFieldExamples,
} from '../generators/envelopeDefects.js';
import {
  bindingShapeDefect,
  bindingShapeExamples,
  digestFormatDefect,
  digestFormatExamples,
  foreignAuthorityDefect,
  identityDefect,
  identityExamples,
  payloadDigestDefect,
} from '../generators/bindingDefects.js';
import { payload } from '../generators/payload.js';
import { qualifyTest } from '../harness/suite/qualifyTest.js';
import { refusesAll } from '../harness/suite/refusalProperties.js';

// Request validation: the envelope and the binding. Each case sends one malformed
// request and demands a refusal that admits nothing (harness/suite/refusalProperties.ts);
// the size bounds are in bounds.suite.ts.

qualifyTest({ clauses: ['REQ-ACTION-ARGV'], title: 'refuses a request whose JSON action differs from the argv action, and admits nothing' }, async (context) => {
  await refusesAll(context, payload(context.options.payload), actionArgvDefect());
});

qualifyTest({ clauses: ['REQ-CONTRACT'], title: 'refuses any other contract value, and admits nothing' }, async (context) => {
  await refusesAll(context, payload(context.options.payload), contractDefect(), contractExamples());
});

qualifyTest({ clauses: ['REQ-ACTION-VALUE'], title: 'refuses an action other than submit/observe, and admits nothing' }, async (context) => {
  await refusesAll(context, payload(context.options.payload), actionValueDefect());
});

qualifyTest({ clauses: ['REQ-CLOSED'], title: 'refuses unknown top-level fields, and admits nothing' }, async (context) => {
  await refusesAll(context, payload(context.options.payload), unknownFieldDefect(), unknownFieldExamples());
});

qualifyTest({ clauses: ['REQ-REQUIRED'], title: 'refuses a request missing contract, action or binding, and admits nothing' }, async (context) => {
  await refusesAll(context, payload(context.options.payload), missingFieldDefect(), missingFieldExamples());
});

qualifyTest({ clauses: ['REQ-BINDING-CLOSED'], title: 'refuses a binding with a missing or extra field, and admits nothing' }, async (context) => {
  await refusesAll(context, payload(context.options.payload), bindingShapeDefect(), bindingShapeExamples());
});

qualifyTest({ clauses: ['REQ-IDENTITY'], title: 'refuses an operationId/authorityId that is not an identity, and admits nothing (not even a normalized one)' }, async (context) => {
  await refusesAll(context, payload(context.options.payload), identityDefect(), identityExamples());
});

qualifyTest({ clauses: ['REQ-DIGEST-FORMAT'], title: 'refuses a requestDigest that is not a digest (uppercase hex included), and admits nothing' }, async (context) => {
  await refusesAll(context, payload(context.options.payload), digestFormatDefect(), digestFormatExamples());
});

qualifyTest({ clauses: ['REQ-SUBMIT-PAYLOAD'], title: 'refuses a submit without payload, and admits nothing' }, async (context) => {
  await refusesAll(context, payload(context.options.payload), submitWithoutPayloadDefect());
});

qualifyTest({ clauses: ['REQ-OBSERVE-NO-PAYLOAD'], title: 'refuses an observe carrying a payload, and admits nothing' }, async (context) => {
  await refusesAll(context, payload(context.options.payload), observeWithPayloadDefect());
});

qualifyTest({ clauses: ['REQ-PAYLOAD-DIGEST'], title: 'refuses a submit whose payload does not have the requestDigest, and admits nothing' }, async (context) => {
  await refusesAll(context, payload(context.options.payload), payloadDigestDefect({ payload: payload(context.options.payload) }));
});

qualifyTest({ clauses: ['REQ-AUTHORITY'], title: 'refuses a binding for another authority, and admits nothing' }, async (context) => {
  await refusesAll(context, payload(context.options.payload), foreignAuthorityDefect());
});
