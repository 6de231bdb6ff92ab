// Answers as the reference adapter does, but every submit leaves a writer behind
// that cleared its environment (env -i: no ADAPTER_QUALIFY_CALL) and left the
// session (setsid), and appends to a file in the scratch directory 3 s later,
// after the operation may be terminal: a SEM-LOCAL-SETTLEMENT violation no marker scan sees.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { runReference } from './_reference.mjs';

if (process.argv.at(-1) === 'submit') {
  const file = join(process.env.ADAPTER_QUALIFY_SCRATCH ?? '/tmp', 'late-writes.log');
  spawn('/usr/bin/setsid', ['/usr/bin/env', '-i', '/bin/sh', '-c', `sleep 3; echo late >> '${file}'; exec sleep 60`], { detached: true, stdio: 'ignore' }).unref();
}
await runReference((text) => text);
