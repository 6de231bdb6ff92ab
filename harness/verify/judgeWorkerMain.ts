// The worker thread `verify` starts to judge chunks of a transcript in parallel
// (see JudgePool in verifyTranscript.ts). It exports nothing.
// Messages in: { id, buffer, offset, length } (the chunk's bytes, transferred).
// Messages out: { id, judgement } or { id, error } (a fault of ours, with its stack).
import { parentPort, workerData } from 'node:worker_threads';
import { CallJudge } from './CallJudge.js';
import { judgeChunk } from './chunkJudgement.js';

interface ChunkMessage {
  readonly id: number;
  readonly buffer: ArrayBuffer;
  readonly offset: number;
  readonly length: number;
}

const port = parentPort;
if (port === null) throw new Error('judgeWorkerMain runs as a worker thread of verify');
const judge = new CallJudge((workerData as { maxOutputBytes: number | null }).maxOutputBytes);
port.on('message', ({ id, buffer, offset, length }: ChunkMessage) => {
  try {
    const judgement = judgeChunk(Buffer.from(buffer, offset, length), judge);
    port.postMessage({ id, judgement }, [judgement.starts.buffer, judgement.ends.buffer, judgement.kinds.buffer, judgement.outcomeIndex.buffer]);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
