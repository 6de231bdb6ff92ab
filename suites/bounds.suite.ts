import {
  arrayBoundDefects,
  bytesBoundDefects,
  depthBoundDefects,
  finiteBoundDefects,
  keyBoundDefects,
  objectBoundDefects,
  requestBoundDefects,
  valuesBoundDefects,
} from '../generators/boundDefects.js';
import { boundaryCases } from '../generators/boundaryCases.js';
import { qualifyTest } from '../harness/suite/qualifyTest.js';
import { refusesEachVariant, runBoundaryCase, runsPerVariant } from '../harness/suite/refusalProperties.js';

// Request validation: the size bounds (REQ-BOUND-*). A request past a bound is refused and
// admits nothing (harness/suite/refusalProperties.ts); one sitting exactly on every bound is
// admitted (REQ-BOUNDARY-ACCEPT). The envelope and the binding are in request.suite.ts.

qualifyTest({ clauses: ['REQ-BOUND-DEPTH'], title: 'refuses a payload deeper than 16, and admits nothing' }, async (context) => {
  await refusesEachVariant(context, depthBoundDefects());
});

qualifyTest({ clauses: ['REQ-BOUND-VALUES'], title: 'refuses a payload of more than 16,384 values, and admits nothing' }, async (context) => {
  await refusesEachVariant(context, valuesBoundDefects());
});

qualifyTest({ clauses: ['REQ-BOUND-ARRAY'], title: 'refuses an array of more than 256 entries, and admits nothing' }, async (context) => {
  await refusesEachVariant(context, arrayBoundDefects());
});

qualifyTest({ clauses: ['REQ-BOUND-OBJECT'], title: 'refuses an object of more than 64 entries, and admits nothing' }, async (context) => {
  await refusesEachVariant(context, objectBoundDefects());
});

qualifyTest({ clauses: ['REQ-BOUND-KEY'], title: 'refuses an object key of more than 256 UTF-8 bytes, and admits nothing' }, async (context) => {
  await refusesEachVariant(context, keyBoundDefects());
});

qualifyTest({ clauses: ['REQ-BOUND-FINITE'], title: 'refuses non-finite numbers (1e400), and admits nothing' }, async (context) => {
  await refusesEachVariant(context, finiteBoundDefects());
});

qualifyTest(
  {
    clauses: ['REQ-BOUND-BYTES'],
    alsoDecides: ['REQ-BOUND-REQUEST'],
    title: 'refuses a payload over 1,048,576 string+key or canonical bytes (so also over REQ-BOUND-REQUEST), and admits nothing',
  },
  async (context) => {
    await refusesEachVariant(context, bytesBoundDefects());
  },
);

qualifyTest({ clauses: ['REQ-BOUND-REQUEST'], title: 'refuses a request over 1,048,576 bytes whose payload is within bounds, and admits nothing' }, async (context) => {
  await refusesEachVariant(context, requestBoundDefects());
});

qualifyTest({ clauses: ['REQ-BOUNDARY-ACCEPT'], title: 'admits well-formed requests sitting exactly on every bound' }, async (context) => {
  const { options, recorder } = context;
  if (options.payload.kind !== 'any-json') {
    recorder.skip('REQ-BOUNDARY-ACCEPT', `applies only to adapters that admit any bounded JSON payload (--payload any-json); this run submits ${options.payload.kind} payloads`);
    return;
  }
  const numRuns = runsPerVariant(context);
  for (const arbitrary of boundaryCases()) {
    await context.property({
      arbitrary,
      describe: (found) => found.describe(),
      run: (found) => runBoundaryCase(context, found),
      numRuns,
    });
  }
});
