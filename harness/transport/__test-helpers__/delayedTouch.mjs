// Waits the ms given as its first argument, then creates the file named by the second, prints {"done":true} and exits 0.
import { writeFileSync } from 'node:fs';
const [delay = '0', sentinel] = process.argv.slice(2);
setTimeout(() => {
  if (sentinel !== undefined) writeFileSync(sentinel, 'ran\n');
  process.stdout.write('{"done":true}');
}, Number(delay));
