// Writes 8 MiB to stderr before touching stdin (a host that does not drain stderr
// deadlocks here), then reads all of stdin and prints how much it read.
import { writeSync } from 'node:fs';
const line = Buffer.alloc(64 * 1024, 0x65);
for (let i = 0; i < 128; i += 1) writeSync(2, line); // blocking writes: the pipe must be drained
writeSync(2, 'END-OF-STDERR\n');
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const stdin = Buffer.concat(chunks);
process.stdout.write(JSON.stringify({ contract: 'algal.coding-operation.v1', state: 'unknown', stdinBytes: stdin.length }));
