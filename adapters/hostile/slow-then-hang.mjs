// The reference adapter answering each call after 300 ms, until its fourth call of the run:
// from then on it hangs (never answers, never exits), as a provider that stops responding.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const calls = join(process.env.ADAPTER_QUALIFY_SCRATCH ?? '/tmp', 'slow-then-hang-calls');
mkdirSync(calls, { recursive: true });
writeFileSync(join(calls, randomUUID()), '');
if (readdirSync(calls).length > 3) {
  setInterval(() => {}, 60_000);
} else {
  await new Promise((resolve) => setTimeout(resolve, 300));
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  process.argv.splice(2, 0, '--authority', 'hostile');
  await import(join(root, 'dist', 'adapters', 'reference', 'main.js'));
}
