import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withDir } from 'tmp-promise';
import { describe, expect, it } from 'vitest';
import { runRestartStep } from './runRestartStep.js';

describe('runRestartStep', () => {
  it('runs the argv in the lifecycle directory with the run markers, and reports its exit', async () => {
    await withDir(
      async ({ path }) => {
        const script = join(path, 'restart.mjs');
        await writeFile(script, 'console.log(process.cwd(), process.env.ADAPTER_QUALIFY_SCRATCH, process.env.ADAPTER_QUALIFY_CALL); process.exitCode = 3;');
        const scratch = `/scratch-${randomUUID()}`;
        const result = await runRestartStep({ path: join(path, 'lifecycle.json'), restart: [process.execPath, 'restart.mjs'] }, { ADAPTER_QUALIFY_SCRATCH: scratch }, 10_000);
        expect(result).toMatchObject({ exitCode: 3, signal: null, timedOut: false, spawnError: null });
        expect(result.outputTail.trim()).toBe(`${path} ${scratch} ${result.callId}`);
      },
      { unsafeCleanup: true },
    );
  });

  it('kills a step that overruns its deadline', async () => {
    const result = await runRestartStep({ path: '/tmp/lifecycle.json', restart: [process.execPath, '-e', 'setInterval(() => {}, 1000)'] }, {}, 300);
    expect(result.timedOut).toBe(true);
    expect(result.exitCode).toBeNull();
    expect(result.durationMs).toBeLessThan(5_000);
  });

  it('reports a step that cannot be started', async () => {
    const result = await runRestartStep({ path: '/tmp/lifecycle.json', restart: ['/nonexistent/restart'] }, {}, 1_000);
    expect(result.spawnError).toMatch(/ENOENT/);
  });
});
