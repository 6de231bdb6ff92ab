import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from './__test-helpers__/temporaryRoot.js';
import { packageRoot } from './packageRoot.js';
import { INTERRUPTED_EXIT_CODE, WATCHDOG_MS } from './runInterruption.js';

// The CLI's watchdog: a process whose run never finishes its report after SIGTERM still ends, WATCHDOG_MS
// after the signal, with the run's emergency report written and exit code 4.

const root = temporaryRoot('watchdog');
const COMPILED = join(packageRoot, 'dist', 'harness', 'runInterruption.js');

function stuckRun(marker: string): string {
  return `
import { writeFileSync } from 'node:fs';
import { catchInterruptsFromStart, RunInterruption } from ${JSON.stringify(COMPILED)};
catchInterruptsFromStart((line) => process.stderr.write(line + '\\n'));
const run = new RunInterruption(() => undefined);
run.offerEmergencyReport((signal) => { writeFileSync(${JSON.stringify(marker)}, signal); return ${JSON.stringify(marker)}; });
setInterval(() => undefined, 1_000);
process.stdout.write('ready\\n');
`;
}

describe('the watchdog of an interrupted CLI run', () => {
  it('writes the emergency report and exits 4 when the run does not end after the signal', async () => {
    const marker = join(root(), 'emergency');
    const child = execa(process.execPath, ['--input-type=module', '-e', stuckRun(marker)], { reject: false, forceKillAfterDelay: false });
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    const sentAt = Date.now();
    child.kill('SIGTERM');
    const result = await child;
    const tookMs = Date.now() - sentAt;
    expect(result.exitCode, result.stderr).toBe(INTERRUPTED_EXIT_CODE);
    expect(existsSync(marker)).toBe(true);
    expect(result.stderr).toContain(`a minimal interrupted report was written to ${marker}`);
    expect(tookMs).toBeGreaterThanOrEqual(WATCHDOG_MS - 100);
    expect(tookMs).toBeLessThan(10_000);
  }, 60_000);
});
