import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';

const probe = fileURLToPath(new URL('./__test-helpers__/floodRssProbe.mjs', import.meta.url));
const compiled = fileURLToPath(new URL('../../dist/harness/transport/runAdapterCall.js', import.meta.url));

describe('runAdapterCall memory bound (WIRE-STDOUT-CAP)', () => {
  it('keeps a separate process under 200 MB RSS against a 1 GiB stdout flood, and ends quickly', async () => {
    if (!existsSync(compiled)) {
      throw new Error(`${compiled} is missing: run \`npm run build\` first (\`npm test\` does).`);
    }
    const { stdout } = await execa(process.execPath, [probe], { timeout: 30_000 });
    const result = JSON.parse(stdout) as { peakRssBytes: number; durationMs: number; uncertainty: string; stdoutBytes: number };
    expect(result.uncertainty).toBe('output-overflow');
    expect(result.stdoutBytes).toBe(1_048_577);
    expect(result.peakRssBytes).toBeLessThan(200 * 1024 * 1024);
    expect(result.durationMs).toBeLessThan(5_000);
  });
});
