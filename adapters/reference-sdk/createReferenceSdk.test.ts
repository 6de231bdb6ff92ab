import { dir } from 'tmp-promise';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bindingFor } from '../../harness/protocol/requests.js';
import { createReferenceSdk, type ReferenceSdk } from './createReferenceSdk.js';

let ledger: { path: string; cleanup: () => Promise<void> };
let sdk: ReferenceSdk;
beforeEach(async () => {
  ledger = await dir({ unsafeCleanup: true });
  sdk = createReferenceSdk({ ledgerDir: ledger.path, authorityId: 'ledger-a1' });
});
afterEach(async () => {
  await ledger.cleanup();
});

const PAYLOAD = { task: 'x' };
const BINDING = bindingFor({ operationId: 'op-1', authorityId: 'ledger-a1', payload: PAYLOAD });

describe('createReferenceSdk', () => {
  it('answers unknown before a submit, then accepted with one acceptanceRef, then terminal', async () => {
    expect(JSON.parse(await sdk.observe({ binding: BINDING }))).toMatchObject({ state: 'unknown', reason: 'missing' });
    const accepted = JSON.parse(await sdk.submit({ binding: BINDING, payload: PAYLOAD })) as { state: string; acceptanceRef: string };
    expect(accepted.state).toBe('accepted');
    expect(JSON.parse(await sdk.submit({ binding: BINDING, payload: PAYLOAD }))).toMatchObject({ acceptanceRef: accepted.acceptanceRef });
    await sdk.observe({ binding: BINDING });
    expect(JSON.parse(await sdk.observe({ binding: BINDING }))).toMatchObject({ state: 'terminal', acceptanceRef: accepted.acceptanceRef });
  });

  it('rejects what the reference adapter refuses: a payload off its digest, another authority', async () => {
    await expect(sdk.submit({ binding: BINDING, payload: { task: 'y' } })).rejects.toThrow(/digest/i);
    const foreign = bindingFor({ operationId: 'op-2', authorityId: 'ledger-b2', payload: PAYLOAD });
    await expect(sdk.observe({ binding: foreign })).rejects.toThrow(/authority/i);
  });

  it('honours its signal: aborted before or right after the call, it rejects and admits nothing', async () => {
    await expect(sdk.submit({ binding: BINDING, payload: PAYLOAD, signal: AbortSignal.abort() })).rejects.toThrow();
    const controller = new AbortController();
    const pending = sdk.submit({ binding: BINDING, payload: PAYLOAD, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect(JSON.parse(await sdk.observe({ binding: BINDING }))).toMatchObject({ state: 'unknown' });
  });
});
