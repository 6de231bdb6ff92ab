#!/usr/bin/env node
// Writes a synthetic transcript.jsonl shaped like a real run's (same fields, same
// canonical requests and outcomes, four overlapping lanes of calls in startedAt
// order), to measure `adapter-qualify verify` on a million lines.
//
// By default every operation is new (one binding per 10 lines, as in a run). With
// --bindings N the operations cycle through N bindings: an operation met again is
// polled and resubmitted at its terminal revision (still consistent), so the number
// of distinct bindings, and the history `verify` keeps, stays N whatever the length.
//
// Usage: node bench/syntheticTranscript.mjs OUT.jsonl [LINES=1000000] [--bindings N]
// Needs `npm run build` (imports the protocol code from dist/).
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { canonicalJson } from '../dist/harness/protocol/canonicalJson.js';
import { digestCanonical, digestText } from '../dist/harness/protocol/digest.js';

const LANES = 4;
const { values, positionals } = parseArgs({ allowPositionals: true, options: { bindings: { type: 'string' } } });
const [out, linesArg = '1000000'] = positionals;
const total = Number(linesArg);
const bindings = values.bindings === undefined ? Infinity : Number(values.bindings);
// Two lanes on one binding at once could see its revisions out of order.
if (out === undefined || !Number.isSafeInteger(total) || total < 0 || !(bindings === Infinity || (Number.isSafeInteger(bindings) && bindings > LANES))) {
  process.stderr.write(`usage: node bench/syntheticTranscript.mjs OUT.jsonl [LINES] [--bindings N, N > ${LANES}]\n`);
  process.exit(2);
}
const AUTHORITY = 'reference-ledger';
const ARGV = ['/usr/bin/env', 'node', '../../dist/adapters/reference/main.js', '--authority', AUTHORITY];

/** The calls of one operation, as the semantics and request suites make them; `again`: the operation is terminal already. */
function operationCalls(index, again) {
  const payload = { job: index, prompt: `task ${index}`, tags: ['a', 'b'], limits: { seconds: 30 } };
  const binding = { operationId: `AQ-bench-${index}`, authorityId: AUTHORITY, requestDigest: digestCanonical(payload) };
  const submit = { contract: 'algal.coding-operation-request.v1', action: 'submit', binding, payload };
  const observe = { contract: 'algal.coding-operation-request.v1', action: 'observe', binding };
  const common = { contract: 'algal.coding-operation.v1', ...binding };
  const acceptanceRef = digestText(`accept ${index}`);
  const text = `result of ${index}`;
  const missing = { ...common, revision: 0, state: 'unknown', reason: 'missing' };
  const accepted = { ...common, revision: 1, state: 'accepted', acceptanceRef };
  const terminal = {
    ...common,
    revision: 2,
    state: 'terminal',
    acceptanceRef,
    outcome: 'completed',
    settlement: 'all-admitted-work-settled',
    result: { text, digest: digestText(text), length: Buffer.byteLength(text) },
  };
  const test = 'SEM-SUBMIT-IDEMPOTENT: synthetic';
  const calls = [
    { action: 'observe', request: observe, stdout: again ? terminal : missing, test },
    { action: 'submit', request: submit, stdout: again ? terminal : accepted, test },
    { action: 'observe', request: observe, stdout: again ? terminal : accepted, test },
    { action: 'submit', request: submit, stdout: again ? terminal : accepted, test },
    { action: 'observe', request: observe, stdout: terminal, test },
    { action: 'observe', request: observe, stdout: terminal, test },
    { action: 'submit', request: submit, stdout: terminal, test },
    { action: 'observe', request: observe, stdout: terminal, test },
    // A malformed request, refused by a nonzero exit.
    { action: 'submit', request: { ...submit, retry: true }, stdout: null, test: 'REQ-CLOSED: synthetic' },
    { action: 'observe', request: { ...observe, payload }, stdout: null, test: 'REQ-OBSERVE-NO-PAYLOAD: synthetic' },
  ];
  // The texts once per operation: writing a million lines is then mostly JSON.stringify.
  const texts = new Map();
  const textOf = (value) => {
    if (!texts.has(value)) texts.set(value, canonicalJson(value));
    return texts.get(value);
  };
  return calls.map((call) => ({ ...call, requestText: textOf(call.request), stdoutText: call.stdout === null ? '' : `${textOf(call.stdout)}\n` }));
}

const lanes = Array.from({ length: LANES }, (_, lane) => ({ clock: 1_700_000_000_000 + lane * 7, calls: [], next: 0 }));
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
  if (lane.next === lane.calls.length) {
    const operation = nextOperation++;
    lane.calls = operationCalls(operation % bindings, operation >= bindings);
    lane.next = 0;
  }
  const call = lane.calls[lane.next++];
  const startedAt = lane.clock;
  const endedAt = startedAt + duration();
  lane.clock = endedAt + 1;
  const refused = call.stdout === null;
  const line = {
    callId: `call-${written}`,
    action: call.action,
    argv: [...ARGV, call.action],
    requestText: call.requestText,
    startedAt,
    endedAt,
    exitCode: refused ? 2 : 0,
    signal: null,
    timedOut: false,
    stdout: call.stdoutText,
    stdoutBytes: Buffer.byteLength(call.stdoutText),
    stdoutTruncated: false,
    stdoutInvalidUtf8: false,
    stderrTail: refused ? 'refused: malformed request\n' : '',
    stderrTruncated: false,
    stderrBytes: 0,
    timeoutMs: 10000,
    maxOutputBytes: 1048576,
    uncertainty: refused ? 'nonzero-exit' : null,
    test: call.test,
  };
  buffered += `${JSON.stringify(line)}\n`;
  if (buffered.length > 1 << 20) {
    if (!stream.write(buffered)) await once(stream, 'drain');
    buffered = '';
  }
}
stream.end(buffered);
await once(stream, 'finish');
process.stdout.write(`wrote ${total} lines (${nextOperation} operations, ${Math.min(nextOperation, bindings)} bindings) to ${out}\n`);
