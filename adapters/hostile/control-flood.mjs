// Every answer is exactly 1 MiB of \x01 (valid UTF-8; six bytes each once JSON-escaped), exit 0.
import { writeSync } from 'node:fs';
const flood = Buffer.alloc(1_048_576, 0x01);
let offset = 0;
while (offset < flood.length) {
  try {
    offset += writeSync(1, flood, offset);
  } catch (error) {
    if (error.code !== 'EAGAIN') process.exit(0);
  }
}
