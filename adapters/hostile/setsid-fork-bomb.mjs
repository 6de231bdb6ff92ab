// A fork bomb within limits: every call daemonizes (setsid) 4 shells that each start
// 3 more setsid'd sleepers (16 processes per call, all out of the call's process
// group), then answers as the reference adapter does.
import { spawn } from 'node:child_process';
import { runReference } from './_reference.mjs';

const shell = 'for i in 1 2 3; do setsid sleep 120 & done; exec sleep 120';
for (let index = 0; index < 4; index += 1) spawn('/bin/sh', ['-c', shell], { detached: true, stdio: 'ignore' }).unref();
await runReference((text) => text);
