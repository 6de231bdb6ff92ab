import { describe, expect, it } from 'vitest';
import { selfCheckCommand } from './selfCheckCommand.js';

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, streams: { stdout: { write: (text: string) => out.push(text) }, stderr: { write: (text: string) => err.push(text), isTTY: false } } };
}

describe('selfCheckCommand', () => {
  it('--help prints the options and exit codes and runs nothing', async () => {
    const { out, streams } = io();
    expect(await selfCheckCommand(['--help'], streams, '/nowhere')).toBe(0);
    expect(out.join('')).toMatch(/^Usage: adapter-qualify self-check \[options\]/);
    expect(out.join('')).toContain('--seeds N');
  });

  it('a bad option or an unknown mutant is a usage error before any run', async () => {
    const { streams } = io();
    await expect(selfCheckCommand(['--seeds', 'x'], streams, '/nowhere')).rejects.toMatchObject({ name: 'UsageError', option: '--seeds' });
    await expect(selfCheckCommand(['--mutant', 'no-such-mutant', '--out', '/nonexistent/never'], streams, '/nowhere')).rejects.toMatchObject({
      name: 'UsageError',
      option: '--mutant',
    });
  });
});
