import { readdirSync } from 'node:fs';
import { dir, type DirectoryResult } from 'tmp-promise';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../harness/protocol/canonicalJson.js';
import { digestCanonical, digestText } from '../../../harness/protocol/digest.js';
import { callAdapter, type AdapterCommand } from './callAdapter.js';
import { bindingOf, nested, observeText, submitText } from './requests.js';

/**
 * The end-to-end behaviour every example adapter must show (test helper).
 * @param name - the adapter, for the describe title
 * @param authorityId - its configured authority
 * @param command - the adapter with `--ledger dir`, or with no ledger option when `dir` is null
 */
export function describeAdapterEndToEnd(name: string, authorityId: string, command: (ledgerDir: string | null) => AdapterCommand): void {
  describe(`${name}, end to end`, () => {
    let scratch: DirectoryResult;
    let adapter: AdapterCommand;
    beforeEach(async () => {
      scratch = await dir({ unsafeCleanup: true });
      adapter = command(scratch.path);
    });
    afterEach(async () => {
      await scratch.cleanup();
    });

    const payload = { task: 'fix the bug', files: ['a.ts'], note: 'ünïcödé ✓ 😀' };
    const binding = bindingOf('Op-E2E-1', payload, authorityId);

    async function outcomeOf(action: string, text: string): Promise<Record<string, unknown>> {
      const result = await callAdapter(adapter, action, text);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stdout.endsWith('\n')).toBe(true);
      const outcome = JSON.parse(result.stdout) as Record<string, unknown>;
      expect(result.stdout).toBe(`${canonicalJson(outcome)}\n`);
      return outcome;
    }

    it('goes submit → accepted → observe ×2 → terminal, then repeats the terminal bytes', async () => {
      const accepted = await outcomeOf('submit', submitText(binding, payload));
      expect(accepted).toMatchObject({ ...binding, contract: 'algal.coding-operation.v1', state: 'accepted', revision: 1 });
      expect(await outcomeOf('observe', observeText(binding))).toEqual(accepted);
      const terminal = await outcomeOf('observe', observeText(binding));
      expect(terminal).toMatchObject({ state: 'terminal', revision: 2, acceptanceRef: accepted.acceptanceRef, outcome: 'completed' });
      const result = terminal.result as { text: string; digest: string; length: number };
      expect(result.digest).toBe(digestText(result.text));
      expect(result.length).toBe(Buffer.byteLength(result.text));
      const again = await callAdapter(adapter, 'observe', observeText(binding));
      const resubmit = await callAdapter(adapter, 'submit', submitText(binding, payload));
      expect(again.stdout).toBe(`${canonicalJson(terminal)}\n`);
      expect(resubmit.stdout).toBe(again.stdout);
    });

    it('answers unknown/missing for a fresh binding and writes nothing', async () => {
      expect(await outcomeOf('observe', observeText(binding))).toEqual({
        ...binding,
        contract: 'algal.coding-operation.v1',
        revision: 0,
        state: 'unknown',
        reason: 'missing',
      });
      expect(readdirSync(scratch.path)).toEqual([]);
    });

    it('refuses a rebind with exit 2 and leaves the original untouched', async () => {
      const accepted = await outcomeOf('submit', submitText(binding, payload));
      const other = { task: 'something else' };
      const rebind = await callAdapter(adapter, 'submit', submitText({ ...binding, requestDigest: digestCanonical(other) }, other));
      expect(rebind).toMatchObject({ exitCode: 2, stdout: '' });
      expect(await outcomeOf('submit', submitText(binding, payload))).toEqual(accepted);
    });

    it('admits once under 20 concurrent submits', async () => {
      const results = await Promise.all(Array.from({ length: 20 }, () => outcomeOf('submit', submitText(binding, payload))));
      expect(new Set(results.map((outcome) => outcome.acceptanceRef)).size).toBe(1);
    });

    it('admits requests sitting exactly on every bound', async () => {
      const onBounds = { deep: nested(15), list: Array.from({ length: 256 }, () => 1), ['é'.repeat(128)]: 'k' };
      const id = `A${'b'.repeat(159)}`;
      const outcome = await outcomeOf('submit', submitText(bindingOf(id, onBounds, authorityId), onBounds));
      expect(outcome.state).toBe('accepted');
    });

    const malformed: Record<string, [action: string, text: string]> = {
      'argv action differs': ['observe', submitText(binding, payload)],
      'unknown top-level field': ['submit', submitText(binding, payload, { retry: true })],
      'missing contract': ['submit', submitText(binding, payload, { contract: undefined })],
      'uppercase digest': ['submit', submitText({ ...binding, requestDigest: binding.requestDigest.toUpperCase().replace('SHA256', 'sha256') as `sha256:${string}` }, payload)],
      'observe with payload': ['observe', observeText(binding, { payload })],
      'digest mismatch': ['submit', submitText(binding, { task: 'other' })],
      'depth 17': ['submit', submitText(bindingOf('Op-D', nested(17), authorityId), nested(17))],
      'other authority': ['submit', submitText(bindingOf('Op-X', payload, 'other-ledger'), payload)],
      'non-finite number': ['submit', submitText(bindingOf('Op-F', { n: null }, authorityId), { n: null }).replace('"n":null', '"n":1e400')],
      'not JSON': ['submit', '{"contract":'],
      'stdin over 1 MiB': ['submit', ' '.repeat(1_048_577)],
    };
    for (const [name, [action, text]] of Object.entries(malformed)) {
      it(`refuses with exit 2 and empty stdout: ${name}`, async () => {
        const result = await callAdapter(adapter, action, text);
        expect(result).toMatchObject({ exitCode: 2, stdout: '' });
        expect(result.stderr.trim().split('\n')).toHaveLength(1);
      });
    }

    it('refuses without a ledger location', async () => {
      const bare = { ...command(null), env: { ADAPTER_QUALIFY_SCRATCH: '', XDG_STATE_HOME: '', HOME: '' } };
      const result = await callAdapter(bare, 'observe', observeText(binding));
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toMatch(/ledger/);
    });

    it('keeps its ledger under $XDG_STATE_HOME/adapter-qualify/ when neither --ledger nor ADAPTER_QUALIFY_SCRATCH is set (as under the host)', async () => {
      const hosted = { ...command(null), cwd: scratch.path, env: { ADAPTER_QUALIFY_SCRATCH: '', XDG_STATE_HOME: scratch.path } };
      const accepted = await callAdapter(hosted, 'submit', submitText(binding, payload));
      expect(accepted.exitCode, accepted.stderr).toBe(0);
      expect(readdirSync(scratch.path)).toEqual(['adapter-qualify']);
      const observed = await callAdapter({ ...hosted, cwd: '/' }, 'observe', observeText(binding));
      expect(observed.stdout).toBe(accepted.stdout);
    });
  });
}
