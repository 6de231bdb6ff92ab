import { mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../packageRoot.js';
import { acpSandboxRequest } from './acpSandboxRequest.js';
import type { AcpRunOptions } from '../acp/acpRunOptions.js';
import type { AcpAgentConfig } from '../acp/acpConfig.js';
import { namedPath } from '../options/bytePath.js';

const install = mkdtempSync(join(tmpdir(), 'acp-install-'));
afterAll(() => rmSync(install, { recursive: true, force: true }));

const places = { tag: 'aq-run-test', workDir: '/tmp/aq-work', agentRoots: '/tmp/aq-work/agents', staging: '/tmp/out/.staging' };

function options(config: Partial<AcpAgentConfig>, flags: Partial<Pick<AcpRunOptions, 'sandbox' | 'allowNetwork'>> = {}): AcpRunOptions {
  const full: AcpAgentConfig = { profile: 'acp-agent.v1', executable: '/bin/sh', argv: [], env: {}, passEnv: [], model: null, ...config };
  return {
    loaded: {
      config: full,
      written: {},
      configPath: join(packageRoot, 'adapters', 'acp-reference', 'agent.json'),
      configNamed: namedPath(Buffer.from(join(packageRoot, 'adapters', 'acp-reference', 'agent.json'))),
    },
    configArg: 'agent.json',
    outDir: '/tmp/out',
    seed: 1,
    runs: 1,
    only: null,
    replayPath: null,
    bootstrapTimeoutMs: 1000,
    inactivityMs: 1000,
    frameBytes: 1024,
    strict: false,
    strictShould: false,
    sandbox: 'auto',
    allowNetwork: false,
    ...flags,
  };
}

describe('acpSandboxRequest', () => {
  it('makes nothing of the run writable (each agent gets its own directory when it starts) and hides the suite, home, work and report directories', () => {
    const request = acpSandboxRequest(options({}), places);
    expect(request.state).toEqual([]);
    expect(request.hidden).toEqual([packageRoot, homedir(), '/tmp/aq-work', '/tmp/out/.staging', '/tmp/out']);
    expect(request.exposed).toEqual(expect.arrayContaining([join(packageRoot, 'dist'), join(packageRoot, 'adapters', 'acp-reference')]));
    expect(request.allowNetwork).toBe(false);
    expect(request.disabled).toBe(false);
  });

  it('keeps the host network for a model stub, or on --allow-network', () => {
    expect(acpSandboxRequest(options({ model: { stub: 'gemini', baseUrlEnv: 'X' } }), places).allowNetwork).toBe(true);
    expect(acpSandboxRequest(options({}, { allowNetwork: true }), places).allowNetwork).toBe(true);
    expect(acpSandboxRequest(options({}, { sandbox: 'off' }), places).disabled).toBe(true);
  });

  it('binds back read-only a place a configured variable names, never the root, the home or --out', () => {
    const request = acpSandboxRequest(options({ env: { INSTALL: install, ROOT: '/', HOME_AGAIN: homedir(), OUT: '/tmp/out', WORD: 'plain' } }), places);
    expect(request.exposed).toContain(install);
    expect(request.exposed).not.toContain('/');
    expect(request.exposed).not.toContain(homedir());
    expect(request.exposed).not.toContain('plain');
  });
});
