// Shared by the hostile fixtures that behave like the reference adapter with one
// twist: runs the built reference adapter (npm run build) on this process's
// arguments, passes its outcome text through `transform`, and prints the result.
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const dist = new URL('../../dist/adapters/reference/', import.meta.url);

/**
 * @param {(text: string) => string} transform - the outcome line the reference printed → what to print instead.
 */
export async function runReference(transform) {
  const { runAdapter } = await import(fileURLToPath(new URL('runAdapter.js', dist)));
  const { referenceBehavior } = await import(fileURLToPath(new URL('referenceBehavior.js', dist)));
  const chunks = [];
  const capture = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  const code = await runAdapter(referenceBehavior, process.argv.slice(2), { stdin: process.stdin, stdout: capture, stderr: process.stderr, env: process.env });
  const text = transform(Buffer.concat(chunks).toString('utf8'));
  await new Promise((resolve) => process.stdout.write(text, resolve));
  process.exitCode = code;
}
