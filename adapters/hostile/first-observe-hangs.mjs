// The reference adapter, except that the first observe of each operation hangs (never
// answers): the suite's deadline ends it, as a loaded machine can. A read-only observe that
// timed out may be asked again; the second one answers at once.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const input = Buffer.concat(chunks);
if (process.argv.at(-1) === 'observe') {
  let operationId = null;
  try {
    operationId = JSON.parse(input.toString('utf8')).binding.operationId;
  } catch {
    // not a request this fixture delays
  }
  if (typeof operationId === 'string') {
    const seen = join(process.env.ADAPTER_QUALIFY_SCRATCH ?? '/tmp', 'first-observe-hangs');
    mkdirSync(seen, { recursive: true });
    const marker = join(seen, createHash('sha256').update(operationId).digest('hex'));
    if (!existsSync(marker)) {
      writeFileSync(marker, '');
      setInterval(() => {}, 60_000);
      await new Promise(() => {});
    }
  }
}
const dist = new URL('../../dist/adapters/reference/', import.meta.url);
const { runAdapter } = await import(fileURLToPath(new URL('runAdapter.js', dist)));
const { referenceBehavior } = await import(fileURLToPath(new URL('referenceBehavior.js', dist)));
process.exitCode = await runAdapter(referenceBehavior, process.argv.slice(2), { stdin: Readable.from([input]), stdout: process.stdout, stderr: process.stderr, env: process.env });
