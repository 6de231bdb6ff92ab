import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { dir, type DirectoryResult } from 'tmp-promise';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateAdapterConfig, type AdapterConfig } from '../config/adapterConfig.js';
import { parseOutcome } from '../protocol/parseOutcome.js';
import { bindingFor, observeRequest, requestText, submitRequest } from '../protocol/requests.js';
import { packageRoot } from '../packageRoot.js';
import { validAdapterConfig } from '../__test-helpers__/validRunInputs.js';

// The built CLI (`npm run build` first), run from a directory of its own.
const BIN = fileURLToPath(new URL('../../dist/harness/cli/main.js', import.meta.url));

let hostDir: DirectoryResult;
let stateDir: DirectoryResult;
beforeEach(async () => {
  hostDir = await dir({ unsafeCleanup: true });
  stateDir = await dir({ unsafeCleanup: true });
});
afterEach(async () => {
  await hostDir.cleanup();
  await stateDir.cleanup();
});

const cli = (...args: string[]) => execa('node', [BIN, ...args], { cwd: hostDir.path, reject: false, env: { CI: 'true' } });

/**
 * One call as algal's host makes it: `[executable, ...argvPrefix, action]`, no working directory
 * of the adapter's (the host's own, here a directory unrelated to the adapter), the host's
 * environment without ADAPTER_QUALIFY_SCRATCH (XDG_STATE_HOME points into a temporary directory so
 * the test leaves nothing in the real home).
 */
async function hostCall(config: AdapterConfig, action: 'submit' | 'observe', stdin: string) {
  const { ADAPTER_QUALIFY_SCRATCH: _dropped, ...environment } = process.env;
  return execa(config.executable, [...config.argvPrefix, action], {
    cwd: hostDir.path,
    env: { ...environment, XDG_STATE_HOME: stateDir.path },
    extendEnv: false,
    input: stdin,
    reject: false,
    stripFinalNewline: false,
  });
}

/** Submits, then observes until terminal, judging every answer with the suite's own outcome parser. */
async function submitAndObserve(config: AdapterConfig): Promise<string[]> {
  const payload = { task: 'host-runnable', n: 1 };
  const binding = bindingFor({ operationId: 'Op-host-1', authorityId: config.authorityId, payload });
  const states: string[] = [];
  for (const [action, request] of [
    ['submit', submitRequest(binding, payload)],
    ['observe', observeRequest(binding)],
    ['observe', observeRequest(binding)],
  ] as const) {
    const call = await hostCall(config, action, requestText(request));
    expect(call.exitCode, `${action}: ${call.stderr}`).toBe(0);
    const parsed = parseOutcome(call.stdout, { binding, maxOutputBytes: 1_048_576 });
    expect(parsed.violations).toEqual([]);
    states.push(parsed.outcome?.state ?? 'invalid');
  }
  return states;
}

function configOf(stdout: string): AdapterConfig {
  const validation = validateAdapterConfig(JSON.parse(stdout));
  if ('error' in validation) throw new Error(validation.error.message);
  return validation.config;
}

const shipped = (name: string): AdapterConfig => configOf(readFileSync(path.join(packageRoot, 'adapters', name, 'adapter.json'), 'utf8'));

describe('adapter-qualify config', () => {
  it('the shipped reference adapter.json does not run the way the host runs it (the control of the tests below)', async () => {
    const call = await hostCall(shipped('reference'), 'observe', '{}');
    expect(call.exitCode).not.toBe(0);
    expect(call.stderr).toMatch(/Cannot find module/);
  });

  for (const name of ['reference', 'python-example']) {
    it(`prints a host-ready ${name} configuration that answers submit and observe with no working directory and no ADAPTER_QUALIFY_SCRATCH`, async () => {
      const printed = await cli('config', name);
      expect(printed.exitCode, printed.stderr).toBe(0);
      const config = configOf(printed.stdout);
      const original = shipped(name);
      expect(config).toMatchObject({ protocol: original.protocol, authorityId: original.authorityId, executable: original.executable });
      expect(config.argvPrefix).toHaveLength(original.argvPrefix.length);
      expect(config.argvPrefix.filter((item) => item.includes('/')).every((item) => path.isAbsolute(item))).toBe(true);
      expect(printed.stderr).toMatch(/argvPrefix\[1\] .* -> "\//);
      expect(printed.stderr).toMatch(/note: \/usr\/bin\/env finds "(node|python3)" through the PATH/);

      expect(await submitAndObserve(config)).toEqual(['accepted', 'accepted', 'terminal']);
    });
  }

  it('takes a path to any adapter.json, writes --out, and leaves absolute and non-file items alone', async () => {
    await writeFile(path.join(hostDir.path, 'run.sh'), '');
    await writeFile(path.join(hostDir.path, 'adapter.json'), JSON.stringify(validAdapterConfig({ argvPrefix: ['run.sh', '-v', 'not-a-file', '/abs/x', ''] })));
    const written = await cli('config', 'adapter.json', '--out', 'host.json');
    expect(written.exitCode, written.stderr).toBe(0);
    expect(written.stdout).toBe('');
    expect(configOf(readFileSync(path.join(hostDir.path, 'host.json'), 'utf8')).argvPrefix).toEqual([path.join(hostDir.path, 'run.sh'), '-v', 'not-a-file', '/abs/x', '']);
  });

  it('refuses a configuration that breaks a CFG clause, and a missing argument, with exit 2', async () => {
    await writeFile(path.join(hostDir.path, 'adapter.json'), JSON.stringify(validAdapterConfig({ executable: 'relative' })));
    const broken = await cli('config', 'adapter.json');
    expect(broken.exitCode).toBe(2);
    expect(broken.stderr).toMatch(/CFG-EXECUTABLE/);
    expect((await cli('config')).exitCode).toBe(2);
  });
});
