import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openRunSandbox, probeSandboxSupport } from './openRunSandbox.js';
import { RunCgroup } from './runCgroup.js';

const hasNamespaces = process.platform === 'linux' && probeSandboxSupport().mechanism !== 'none';

// Every containment this machine's kernel or cgroup delegation refuses is in the record, in
// words: what a run on this machine reports. Checked against the kernel itself, not a list.
describe.runIf(hasNamespaces)('containments the kernel refuses are recorded, never silently weaker', () => {
  const root = mkdtempSync(join(tmpdir(), 'refused-containment-test-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('each limit the cgroup cannot set (pids.max, memory.max) and the uid outside are in `weaker`, and each limit set is not', () => {
    const probe = RunCgroup.create(`adapter-qualify-probe-${String(process.pid)}`);
    const delegated = probe instanceof RunCgroup ? readFileSync(join(probe.path, 'cgroup.controllers'), 'utf8').split(/\s+/) : [];
    if (probe instanceof RunCgroup) probe.close();
    const sandbox = openRunSandbox({ disabled: false, allowNetwork: false, state: [], hidden: [], exposed: [], tag: `refused-${String(process.pid)}`, exchangeDir: join(root, 'exchange') });
    const record = sandbox.close();
    expect(record.mechanism).not.toBe('none');
    const weaker = record.weaker.join('\n');
    // The uid outside: never mapped to one of its own here, so always said, naming the uid it is.
    expect(weaker).toContain(`the caller's, uid ${String(process.getuid?.())}`);
    if (record.cgroup === null) {
      expect(weaker).toMatch(/no cgroup: .*no pids or memory limit/);
      return;
    }
    for (const [controller, limit] of [
      ['pids', record.cgroup.pidsMax],
      ['memory', record.cgroup.memoryMax],
    ] as const) {
      expect(limit === null, `${controller} delegated: ${String(delegated.includes(controller))}`).toBe(!delegated.includes(controller));
      if (limit === null) expect(weaker).toMatch(new RegExp(`no [a-z. ]*${controller}\\.max.* not delegated`));
      else expect(weaker).not.toContain(`${controller}.max`);
    }
  });
});
