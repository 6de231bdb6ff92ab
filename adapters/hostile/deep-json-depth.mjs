// argv: <depth> <action>. Prints <depth>-deep nested arrays (2 × depth bytes), exits 0:
// 500,000 deep fits the default output bound, 1,000,000 deep passes it.
const depth = Number(process.argv[2] ?? '500000');
process.stdout.write('['.repeat(depth) + ']'.repeat(depth));
