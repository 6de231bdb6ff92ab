// argv: [bytes] <action>. Writes that many bytes of 'x' (default 1 GiB) to stdout, respecting backpressure, then exits 0.
const chunk = Buffer.alloc(64 * 1024, 0x78);
let left = process.argv.length > 3 ? Number(process.argv[2]) : 1024 * 1024 * 1024;
process.stdout.on('error', () => process.exit(0)); // reader went away (EPIPE)
function pump() {
  while (left > 0) {
    left -= chunk.length;
    if (!process.stdout.write(chunk)) {
      process.stdout.once('drain', pump);
      return;
    }
  }
}
pump();
