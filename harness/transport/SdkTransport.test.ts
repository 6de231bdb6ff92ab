import { describe, expect, it } from 'vitest';
import { bindingFor, observeRequest, submitRequest } from '../protocol/requests.js';
import { canonicalJson } from '../protocol/canonicalJson.js';
import type { CodingOperationRequest } from '../protocol/types.js';
import { SdkTransport, type SdkCallArgument } from './SdkTransport.js';
import { TransportMismatchError, type CallBounds } from './OperationTransport.js';

const PAYLOAD = { job: { steps: ['a', { deep: [1, 2] }] }, note: 'x' };
const BINDING = bindingFor({ operationId: 'op-1', authorityId: 'ledger-a1', payload: PAYLOAD });
const SUBMIT = submitRequest(BINDING, PAYLOAD);
const OBSERVE = observeRequest(BINDING);
const BOUNDS: CallBounds = { timeoutMs: 200, maxOutputBytes: 1_024, signal: undefined };

/** A transport over an in-memory fake module. */
function transportOf(module: unknown): SdkTransport {
  return new SdkTransport('/fake/sdk.js', async () => module);
}

async function call(module: unknown, request: CodingOperationRequest = SUBMIT, bounds = BOUNDS) {
  return transportOf(module).call({ action: request.action, requestText: canonicalJson(request), request }, bounds);
}

describe('SdkTransport', () => {
  it('takes a resolved string as the stdout text, recording argv and the canonical request', async () => {
    const { record, checked, violations } = await call({ submit: async () => '{"state":"x"}\n', observe: async () => '' });
    expect(record).toMatchObject({ argv: ['sdk:/fake/sdk.js', 'submit'], requestText: canonicalJson(SUBMIT), exitCode: 0, stdout: '{"state":"x"}\n', uncertainty: null, timedOut: false });
    expect(checked).toEqual(['SDK-SHAPE', 'SDK-NO-MUTATION']);
    expect(violations).toEqual([]);
  });

  it('serializes any other JSON value canonically', async () => {
    const { record } = await call({ submit: async () => ({ b: 1, a: [true, null] }) });
    expect(record).toMatchObject({ stdout: '{"a":[true,null],"b":1}', uncertainty: null, exitCode: 0 });
  });

  it.each([
    [undefined, 'the value is undefined'],
    [{ when: new Date(0) }, 'the value at /when is a Date object'],
    [{ n: Number.NaN }, 'the value at /n is the non-finite number NaN'],
    [{ f: () => 1 }, 'the value at /f is a function'],
  ])('makes a non-JSON value (%o) uncertain and an OUT-JSON violation', async (value, reason) => {
    const { record, violations } = await call({ submit: async () => value });
    expect(record.uncertainty).toBe('sdk-invalid-value');
    expect(record.uncertaintyDetail).toContain(reason);
    expect(violations).toEqual([expect.objectContaining({ clauseId: 'OUT-JSON', message: expect.stringContaining(reason) })]);
  });

  it('makes a rejection a refusal (sdk-rejected), naming the error', async () => {
    const { record, violations } = await call({ submit: async () => Promise.reject(new RangeError('rebind refused')) });
    expect(record).toMatchObject({ uncertainty: 'sdk-rejected', exitCode: null, stdout: '' });
    expect(record.uncertaintyDetail).toContain('RangeError: rebind refused');
    expect(violations).toEqual([]);
  });

  it('makes a promise that never settles a timeout, and aborts the signal it gave', async () => {
    let given: AbortSignal | undefined;
    const started = Date.now();
    const { record, checked } = await call({
      submit: (argument: SdkCallArgument) => {
        given = argument.signal;
        return new Promise(() => {});
      },
    });
    expect(record).toMatchObject({ uncertainty: 'timeout', timedOut: true, exitCode: null, timeoutMs: 200 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(given?.aborted).toBe(true);
    expect(checked).not.toContain('SDK-NO-MUTATION');
  });

  it('fails SDK-NO-MUTATION, naming the path, when the SDK writes to the frozen request', async () => {
    const { record, violations } = await call({
      submit: async (argument: SdkCallArgument) => {
        (argument.payload as { job: { steps: unknown[] } }).job.steps[0] = 'changed';
        return 'never';
      },
    });
    expect(record.uncertainty).toBe('sdk-rejected');
    expect(violations).toEqual([expect.objectContaining({ clauseId: 'SDK-NO-MUTATION', instancePath: '/payload/job/steps/0', message: expect.stringContaining('/payload/job/steps/0') })]);
  });

  it('fails SDK-NO-MUTATION when the SDK adds a field to the binding', async () => {
    const { violations } = await call({
      submit: async (argument: SdkCallArgument) => {
        (argument.binding as unknown as Record<string, unknown>)['extra'] = 1;
        return '';
      },
    });
    expect(violations[0]).toMatchObject({ clauseId: 'SDK-NO-MUTATION', message: expect.stringContaining('/binding/extra') });
  });

  it("leaves the caller's request untouched and gives observe no payload", async () => {
    const seen: SdkCallArgument[] = [];
    const record = async (argument: SdkCallArgument) => {
      seen.push(argument);
      return '';
    };
    await call({ submit: record, observe: record }, OBSERVE);
    await call({ submit: record, observe: record }, SUBMIT);
    expect('payload' in (seen[0] as object)).toBe(false);
    expect(seen[1]).toMatchObject({ binding: BINDING, payload: PAYLOAD, timeoutMs: 200, maxOutputBytes: 1_024 });
    expect(Object.isFrozen((seen[1]?.payload as { job: object }).job)).toBe(true);
    expect(Object.isFrozen(SUBMIT.payload)).toBe(false);
  });

  it('breaks SDK-SHAPE for a non-promise return, a synchronous throw and a missing function', async () => {
    const plain = await call({ submit: () => '{}' });
    expect(plain.record).toMatchObject({ stdout: '{}', uncertainty: null });
    expect(plain.violations).toEqual([expect.objectContaining({ clauseId: 'SDK-SHAPE', message: expect.stringContaining('instead of a promise') })]);

    const thrown = await call({
      submit: () => {
        throw new Error('boom');
      },
    });
    expect(thrown.record.uncertainty).toBe('sdk-rejected');
    expect(thrown.violations).toEqual([expect.objectContaining({ clauseId: 'SDK-SHAPE', message: expect.stringContaining('threw synchronously') })]);

    const missing = await call({ submit: async () => '' }, OBSERVE);
    expect(missing.record.uncertainty).toBe('spawn-failure');
    expect(missing.violations).toEqual([expect.objectContaining({ clauseId: 'SDK-SHAPE', message: expect.stringContaining('no observe function') })]);
  });

  it('accepts a default export object holding the functions, bound to it', async () => {
    const sdk = {
      prefix: 'ok:',
      async submit() {
        return `${this.prefix}1`;
      },
    };
    const { record } = await call({ default: sdk });
    expect(record.stdout).toBe('ok:1');
  });

  it('caps a long string at the output bound as output-overflow', async () => {
    const { record } = await call({ submit: async () => 'é'.repeat(600) });
    expect(record).toMatchObject({ uncertainty: 'output-overflow', stdoutTruncated: true, stdoutBytes: 1_025 });
    expect(Buffer.byteLength(record.stdout)).toBeLessThanOrEqual(1_024);
  });

  it('does not call the SDK when the signal is aborted before dispatch, and records a later abort as canceled', async () => {
    let calls = 0;
    const never = {
      submit: () => {
        calls += 1;
        return new Promise(() => {});
      },
    };
    const aborted = await call(never, SUBMIT, { ...BOUNDS, signal: AbortSignal.abort() });
    expect(aborted.record.uncertainty).toBe('pre-aborted');
    expect(calls).toBe(0);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const canceled = await call(never, SUBMIT, { ...BOUNDS, timeoutMs: 5_000, signal: controller.signal });
    expect(canceled.record).toMatchObject({ uncertainty: 'canceled', timedOut: false });
    expect(calls).toBe(1);
  });

  it('reports a module that cannot be loaded on every call, and refuses raw text', async () => {
    const broken = new SdkTransport('/fake/missing.js', async () => Promise.reject(new Error('Cannot find module')));
    const { record } = await broken.call({ action: 'submit', requestText: canonicalJson(SUBMIT), request: SUBMIT }, BOUNDS);
    expect(record).toMatchObject({ uncertainty: 'spawn-failure', uncertaintyDetail: expect.stringContaining('Cannot find module') });
    await expect(broken.call({ action: 'submit', requestText: '{', request: null }, BOUNDS)).rejects.toBeInstanceOf(TransportMismatchError);
  });
});
