// Runs one call against the 1 GiB stdout flood in this (separate) process and
// prints {peakRssBytes, durationMs, uncertainty, stdoutBytes} as JSON.
// Imports the compiled transport: run `npm run build` first.
import { runAdapterCall } from '../../../dist/harness/transport/runAdapterCall.js';
import { hostileFixtureCommand } from '../../../dist/adapters/hostile/hostileFixturePath.js';

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 5);
const started = Date.now();
const record = await runAdapterCall(
  { ...hostileFixtureCommand('flood-stdout'), cwd: process.cwd(), env: {} },
  { action: 'submit', requestText: '{}' },
  { timeoutMs: 60_000, maxOutputBytes: 1_048_576, signal: undefined },
);
clearInterval(sampler);
// maxRSS (KiB) is the kernel's own peak, catching spikes between samples.
const peakRssBytes = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
process.stdout.write(
  JSON.stringify({ peakRssBytes, durationMs: Date.now() - started, uncertainty: record.uncertainty, stdoutBytes: record.stdoutBytes }),
);
