// Prints one 10 MB line without a newline, with backpressure, and exits 0.
const chunk = Buffer.alloc(64 * 1024, 0x61);
let left = 10_000_000;
process.stdout.on('error', () => process.exit(0)); // the reader went away
function pump() {
  while (left > 0) {
    const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
    left -= piece.length;
    if (!process.stdout.write(piece)) {
      process.stdout.once('drain', pump);
      return;
    }
  }
}
pump();
