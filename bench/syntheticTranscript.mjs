#!/usr/bin/env node
// Writes a synthetic transcript.jsonl shaped like a real run's (same fields, same
// canonical requests and outcomes, four overlapping lanes of calls in startedAt
// order), to measure `adapter-qualify verify` on a million lines.
// Usage: node bench/syntheticTranscript.mjs OUT.jsonl [LINES=1000000]
// Needs `npm run build` (imports the protocol code from dist/).
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { canonicalJson } from '../dist/harness/protocol/canonicalJson.js';
import { digestCanonical, digestText } from '../dist/harness/protocol/digest.js';

const [out, linesArg = '1000000'] = process.argv.slice(2);
if (out === undefined) {
  process.stderr.write('usage: node bench/syntheticTranscript.mjs OUT.jsonl [LINES]\n');
  process.exit(2);
}
const total = Number(linesArg);
const AUTHORITY = 'reference-ledger';
const ARGV = ['/usr/bin/env', 'node', '../../dist/adapters/reference/main.js', '--authority', AUTHORITY];
const LANES = 4;

/** The calls of one operation, as the semantics and request suites make them. */
function* operationCalls(index) {
  const payload = { job: index, prompt: `task ${index}`, tags: ['a', 'b'], limits: { seconds: 30 } };
  const binding = { operationId: `AQ-bench-${index}`, authorityId: AUTHORITY, requestDigest: digestCanonical(payload) };
  const submit = { contract: 'algal.coding-operation-request.v1', action: 'submit', binding, payload };
  const observe = { contract: 'algal.coding-operation-request.v1', action: 'observe', binding };
  const common = { contract: 'algal.coding-operation.v1', ...binding };
  const acceptanceRef = digestText(`accept ${index}`);
  const text = `result of ${index}`;
  const accepted = { ...common, revision: 1, state: 'accepted', acceptanceRef };
  const terminal = {
    ...common, revision: 2, state: 'terminal', acceptanceRef, outcome: 'completed', settlement: 'all-admitted-work-settled',
    result: { text, digest: digestText(text), length: Buffer.byteLength(text) },
  };
  const test = 'SEM-SUBMIT-IDEMPOTENT: synthetic';
  yield { action: 'observe', request: observe, stdout: { ...common, revision: 0, state: 'unknown', reason: 'missing' }, test };
  yield { action: 'submit', request: submit, stdout: accepted, test };
  yield { action: 'observe', request: observe, stdout: accepted, test };
  yield { action: 'submit', request: submit, stdout: accepted, test };
  yield { action: 'observe', request: observe, stdout: terminal, test };
  yield { action: 'observe', request: observe, stdout: terminal, test };
  yield { action: 'submit', request: submit, stdout: terminal, test };
  yield { action: 'observe', request: observe, stdout: terminal, test };
  // A malformed request, refused by a nonzero exit.
  yield { action: 'submit', request: { ...submit, retry: true }, stdout: null, test: 'REQ-CLOSED: synthetic' };
  yield { action: 'observe', request: { ...observe, payload: payload }, stdout: null, test: 'REQ-OBSERVE-NO-PAYLOAD: synthetic' };
}

const lanes = Array.from({ length: LANES }, (_, lane) => ({ clock: 1_700_000_000_000 + lane * 7, calls: null }));
let nextOperation = 0;
let random = 12345;
const duration = () => {
  random = (random * 1103515245 + 12345) % 2147483648;
  return 60 + (random % 60);
};

const stream = createWriteStream(out, { highWaterMark: 1 << 20 });
let buffered = '';
for (let written = 0; written < total; written += 1) {
  let lane = lanes[0];
  for (const candidate of lanes) if (candidate.clock < lane.clock) lane = candidate;
  let next = lane.calls?.next();
  if (next === undefined || next.done) {
    lane.calls = operationCalls(nextOperation++);
    next = lane.calls.next();
  }
  const call = next.value;
  const startedAt = lane.clock;
  const endedAt = startedAt + duration();
  lane.clock = endedAt + 1;
  const requestText = canonicalJson(call.request);
  const stdout = call.stdout === null ? '' : `${canonicalJson(call.stdout)}\n`;
  const line = {
    callId: `call-${written}`, action: call.action, argv: [...ARGV, call.action], requestText, startedAt, endedAt,
    exitCode: call.stdout === null ? 2 : 0, signal: null, timedOut: false, stdout, stdoutBytes: Buffer.byteLength(stdout),
    stdoutTruncated: false, stdoutInvalidUtf8: false, stderrTail: call.stdout === null ? 'refused: malformed request\n' : '',
    stderrTruncated: false, stderrBytes: 0, timeoutMs: 10000, maxOutputBytes: 1048576, uncertainty: call.stdout === null ? 'nonzero-exit' : null,
    request: call.request, test: call.test,
  };
  buffered += `${JSON.stringify(line)}\n`;
  if (buffered.length > 1 << 20) {
    if (!stream.write(buffered)) await once(stream, 'drain');
    buffered = '';
  }
}
stream.end(buffered);
await once(stream, 'finish');
process.stdout.write(`wrote ${total} lines (${nextOperation} operations) to ${out}\n`);
