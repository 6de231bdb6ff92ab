// Answers as the reference adapter does, but every submit leaves a daemon behind that cleared its
// environment (env -i) and left the session (setsid), then, once adopted by the call's keeper (the
// per-call subreaper that accounts for the call's processes), kills that keeper and keeps itself
// alive to append to a scratch file after the operation may be terminal: a SEM-LOCAL-SETTLEMENT
// violation that neither the marker nor the keeper's descendants show.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { runReference } from './_reference.mjs';

if (process.argv.at(-1) === 'submit') {
  const file = join(process.env.ADAPTER_QUALIFY_SCRATCH ?? '/tmp', 'kill-keeper-writes.log');
  const daemon = [
    // Wait until the adapter has exited and the keeper adopted this shell, then kill whatever adopted it.
    `while kill -0 ${process.pid} 2>/dev/null; do sleep 0.1; done`,
    'adopter=$(cut -d" " -f4 /proc/$$/stat)',
    '[ "$adopter" -gt 1 ] && kill -9 "$adopter"',
    'sleep 2',
    `echo late >> '${file}'`,
    'exec sleep 60',
  ].join('; ');
  spawn('/usr/bin/setsid', ['/usr/bin/env', '-i', '/bin/sh', '-c', daemon], { detached: true, stdio: 'ignore' }).unref();
}
await runReference((text) => text);
