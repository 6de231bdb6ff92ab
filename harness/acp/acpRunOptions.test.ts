import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../packageRoot.js';
import { UsageError } from '../UsageError.js';
import { parseAcpRunArgs } from './acpRunOptions.js';

const CONFIG = join(packageRoot, 'adapters', 'acp-reference', 'agent.json');

async function sandboxOptions(...flags: string[]): Promise<{ sandbox: string; allowNetwork: boolean }> {
  const parsed = await parseAcpRunArgs([CONFIG, ...flags], packageRoot);
  if (parsed.kind !== 'run') throw new Error('expected a run');
  return { sandbox: parsed.options.sandbox, allowNetwork: parsed.options.allowNetwork };
}

describe('parseAcpRunArgs: the sandbox options', () => {
  it('defaults to a sandbox without network, and reads each flag', async () => {
    expect(await sandboxOptions()).toEqual({ sandbox: 'auto', allowNetwork: false });
    expect(await sandboxOptions('--no-sandbox')).toEqual({ sandbox: 'off', allowNetwork: false });
    expect(await sandboxOptions('--require-sandbox', '--allow-network')).toEqual({ sandbox: 'required', allowNetwork: true });
  });

  it('refuses --no-sandbox with --require-sandbox, naming the option', async () => {
    await expect(sandboxOptions('--no-sandbox', '--require-sandbox')).rejects.toThrow(UsageError);
    await expect(sandboxOptions('--no-sandbox', '--require-sandbox')).rejects.toMatchObject({ option: '--require-sandbox' });
  });
});
