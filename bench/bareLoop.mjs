#!/usr/bin/env node
// The bench's bare loop, in a process of its own: spawns the adapter once per call,
// CONCURRENCY at a time, as a host would (argv, cwd, env, stdin), and prints its wall
// time and mean call time as JSON. It takes the suite's environment policy from dist/,
// so build first. A process of its own because a fork costs more the more memory the
// forking process holds (docs/performance.md): run inside the bench, after it had
// read a suite run's transcript, the loop was slowed by the bench's own heap.
// Usage: node bench/bareLoop.mjs CALLS.json   ({ executable, argvPrefix, cwd, scratch, concurrency, calls: [{ action, requestText }] })
import { readFileSync } from 'node:fs';
import { execa } from 'execa';
import { adapterEnvironment, SCRUBBED_ENVIRONMENT } from '../dist/harness/transport/containment/environment.js';
import { meanDuration } from './runSplit.mjs';

const { executable, argvPrefix, cwd, scratch, concurrency, calls } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const timed = [];
let next = 0;
const worker = async () => {
  while (next < calls.length) {
    const { action, requestText } = calls[next++];
    const startedAt = Date.now();
    await execa(executable, [...argvPrefix, action], {
      cwd,
      input: requestText,
      reject: false,
      // What the suite gives an adapter: its scrubbed environment, not the bench's own (execa would add it). The whole
      // environment cost a Node.js adapter about 35 ms a call here: NODE_EXTRA_CA_CERTS makes each start read a CA bundle.
      env: adapterEnvironment(SCRUBBED_ENVIRONMENT, { ADAPTER_QUALIFY_CALL: `bare-${next}`, ADAPTER_QUALIFY_SCRATCH: scratch }),
      extendEnv: false,
      maxBuffer: 1_048_577,
      timeout: 10_000,
    });
    timed.push({ startedAt, endedAt: Date.now() });
  }
};
const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
process.stdout.write(`${JSON.stringify({ wallMs: performance.now() - started, meanCallMs: meanDuration(timed) })}\n`);
