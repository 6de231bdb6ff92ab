import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runOptionsOf } from './__test-helpers__/validRunInputs.js';
import { packageRoot } from './packageRoot.js';
import { runSandboxRequest, sandboxNotice } from './runSandboxRequest.js';
import { namedPath } from './options/bytePath.js';
import type { RunSandbox } from './transport/sandbox/openRunSandbox.js';

describe('runSandboxRequest', () => {
  let adapter: string;
  beforeEach(() => {
    adapter = mkdtempSync(join(tmpdir(), 'sandbox-request-test-'));
    mkdirSync(join(adapter, 'ledger'));
    writeFileSync(join(adapter, 'main.py'), '');
  });
  afterEach(() => rmSync(adapter, { recursive: true, force: true }));

  const places = { tag: 't', workDir: '/w/work', scratchDir: '/w/work/scratch', staging: '/w/.out.new' };
  const optionsWith = (argvPrefix: string[], overrides: Parameters<typeof runOptionsOf>[0] = {}): ReturnType<typeof runOptionsOf> =>
    runOptionsOf({
      subject: {
        kind: 'command',
        configPath: join(adapter, 'adapter.json'),
        config: { protocol: 'algal.coding-operation.v1', authorityId: 'a', executable: '/usr/bin/python3', argvPrefix },
        adapterCwd: adapter,
        configNamed: namedPath(Buffer.from(join(adapter, 'adapter.json'))),
      },
      outDir: '/w/out',
      ...overrides,
    });

  it('makes the scratch and the argv-named directories writable, and hides the suite, the home, the work, staging and report directories', () => {
    const request = runSandboxRequest(optionsWith(['main.py', '--ledger', 'ledger', '--quiet']), places);
    expect(request.state).toEqual(['/w/work/scratch', join(adapter, 'ledger')]);
    expect(request.hidden).toEqual([packageRoot, homedir(), '/w/work', '/w/.out.new', '/w/out']);
    expect(request.exposed).toEqual(expect.arrayContaining([adapter, '/usr/bin/python3', join(adapter, 'main.py')]));
    // An adapter outside the package sees none of the suite's compiled code.
    expect(request.exposed).not.toContain(join(packageRoot, 'dist'));
    expect(request).toMatchObject({ disabled: false, allowNetwork: false, exchangeDir: '/w/work/exchange' });
  });

  it('follows --no-sandbox and --allow-network', () => {
    expect(runSandboxRequest(optionsWith([], { sandbox: 'off', allowNetwork: true }), places)).toMatchObject({ disabled: true, allowNetwork: true });
  });
});

describe('sandboxNotice', () => {
  const sandbox = (missing: string[], weaker: string[]): RunSandbox => ({ plan: null, missing, weaker, close: () => ({}) as never });

  it('is one line naming every protection missing or weaker, and nothing when the sandbox is whole', () => {
    expect(sandboxNotice(sandbox([], []))).toBeNull();
    expect(sandboxNotice(sandbox(['no sandbox: x'], ['y']))).toBe('adapter-qualify: sandbox incomplete: no sandbox: x; y');
    expect(sandboxNotice(sandbox([], ['y']))).toBe('adapter-qualify: sandbox weaker: y');
  });
});
