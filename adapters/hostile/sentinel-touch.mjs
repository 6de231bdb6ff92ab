// Creates the file named by its first argument (proof that it ran), prints {} and exits 0.
import { writeFileSync } from 'node:fs';
const sentinel = process.argv[2];
if (sentinel !== undefined) writeFileSync(sentinel, 'ran\n');
process.stdout.write('{}');
