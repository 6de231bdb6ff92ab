// Prints 100,000-deep nested arrays (200,000 bytes), exits 0.
const depth = 100_000;
process.stdout.write('['.repeat(depth) + ']'.repeat(depth));
