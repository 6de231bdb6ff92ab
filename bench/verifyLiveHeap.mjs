#!/usr/bin/env node
// The live heap of `verify` (what survives a full garbage collection) at each quarter of a
// transcript, judged on one thread: peak RSS also counts garbage not yet collected and the
// worker threads' young generations, so this shows more sharply whether what `verify`
// keeps grows with the transcript's length or only with its bindings.
// Usage: node --expose-gc bench/verifyLiveHeap.mjs TRANSCRIPT.jsonl   (needs `npm run build`)
import { statSync } from 'node:fs';
import { readChunks } from '../dist/harness/transcript/readTranscript.js';
import { MAX_READ_LINE_BYTES } from '../dist/harness/transcript/transcriptLine.js';
import { CallJudge } from '../dist/harness/verify/CallJudge.js';
import { ChunkReplayer, judgeChunk } from '../dist/harness/verify/chunkJudgement.js';
import { TranscriptVerifier } from '../dist/harness/verify/TranscriptVerifier.js';

const [file] = process.argv.slice(2);
if (file === undefined || typeof globalThis.gc !== 'function') {
  process.stderr.write('usage: node --expose-gc bench/verifyLiveHeap.mjs TRANSCRIPT.jsonl\n');
  process.exit(2);
}
const size = statSync(file).size;
const replayer = new ChunkReplayer(new TranscriptVerifier(), MAX_READ_LINE_BYTES);
const judge = new CallJudge(null);
const liveMiB = () => {
  globalThis.gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const marks = [];
let read = 0;
for await (const chunk of readChunks(file, 1 << 20, MAX_READ_LINE_BYTES)) {
  if (chunk === null) throw replayer.lineTooLong();
  read += chunk.length;
  replayer.replay(judgeChunk(chunk, judge));
  if (read >= (size * (marks.length + 1)) / 4) marks.push(liveMiB());
}
const result = replayer.finish();
process.stdout.write(
  `${result.lines} lines, ${result.bindings} bindings: live heap ${marks.map((mib) => mib.toFixed(1)).join(' / ')} MiB after each quarter (${result.violated.length === 0 ? 'consistent' : 'violations found'})\n`,
);
