import { payload } from '../generators/payload.js';
import { bindingFor } from '../harness/protocol/requests.js';
import type { JsonValue } from '../harness/protocol/canonicalJson.js';
import type { Binding } from '../harness/protocol/types.js';
import type { AdapterSession } from '../harness/suite/AdapterSession.js';
import type { CaseResult } from '../harness/model/caseResult.js';
import type { OperationIds } from '../harness/model/OperationIds.js';
import { qualifyTest } from '../harness/suite/qualifyTest.js';
import type { WorkerServices } from '../harness/suite/workerServices.js';
import type { SdkCallArgument, SdkSurface, SdkTransport } from '../harness/transport/SdkTransport.js';
import { violation } from '../harness/violation.js';

// The SDK seam (the SDK clauses). These tests run only with `run --sdk`: for a command run
// `notApplicableClauses` skips them with a reason. Every call a suite makes
// through the SDK transport is also checked for SDK-SHAPE and SDK-NO-MUTATION,
// and its value for every OUT clause, whichever suite made it.

function sdkTransport(services: WorkerServices): SdkTransport {
  if (services.transport.kind !== 'sdk') throw new Error('the SDK suite runs only with run --sdk (notApplicableClauses skips it otherwise)');
  return services.transport;
}

function freshBinding(ids: OperationIds, session: AdapterSession, value: JsonValue, tag: string): Binding {
  return bindingFor({ operationId: ids.fresh(tag), authorityId: session.authorityId, payload: value });
}

qualifyTest({ clauses: ['SDK-SHAPE'], title: 'the module exports submit and observe, and each returns a promise' }, async ({ services, session, ids, recorder }) => {
  const loaded = await sdkTransport(services).surface();
  if (!loaded.ok) {
    recorder.fail(violation('SDK-SHAPE', loaded.detail));
    return;
  }
  recorder.count('SDK-SHAPE');
  for (const name of ['submit', 'observe'] as const) {
    const found = loaded.surface[name];
    if (typeof found !== 'function') recorder.fail(violation('SDK-SHAPE', `the module exports no ${name} function (got ${typeof found})`));
  }
  // Each call below is checked by the transport: a non-promise return or a synchronous throw breaks SDK-SHAPE.
  const binding = freshBinding(ids, session, { shape: true }, 'sdk-shape');
  await session.observe(binding);
  await session.submit(binding, { shape: true });
  await session.observe(binding);
});

qualifyTest({ clauses: ['SDK-NO-MUTATION'], title: 'the request (binding, payload) is deep-frozen for every call and unchanged after it' }, async ({ property, session, ids, options }) => {
  await property({
    arbitrary: payload(options.payload),
    describe: () => 'submit a fresh binding with a deep-frozen payload, observe it, submit it again; compare the request before and after each call',
    // The transport records SDK-NO-MUTATION on every settled call; this walk makes sure it gets nested payloads.
    run: async (value): Promise<CaseResult> => {
      const binding = freshBinding(ids, session, value, 'sdk-frozen');
      const first = await session.submit(binding, value);
      await session.observe(binding);
      await session.submit(binding, value);
      return first.kind === 'uncertain' && first.record?.uncertainty === 'timeout' ? { verdict: 'undecided', reason: 'the submit timed out' } : { verdict: 'held' };
    },
  });
});

qualifyTest({ clauses: ['SDK-OBSERVE-NO-PAYLOAD'], title: 'observe is never given a payload, and answers without one' }, async ({ property, session, ids, options }) => {
  await property({
    numRuns: Math.min(options.runs, 3),
    arbitrary: payload(options.payload),
    describe: () => 'observe a fresh binding (no payload), submit it, observe it again (no payload)',
    run: async (value): Promise<CaseResult> => {
      const binding = freshBinding(ids, session, value, 'sdk-observe');
      // The transport never passes a payload to observe (it throws if it would); here observe must answer without one.
      for (const step of ['before the submit', 'after the submit'] as const) {
        if (step === 'after the submit') await session.submit(binding, value);
        const answer = await session.observe(binding);
        const rejected = answer.kind === 'uncertain' && answer.record?.uncertainty === 'sdk-rejected';
        if (rejected) {
          const detail = answer.record?.uncertaintyDetail ?? 'no detail';
          return { verdict: 'violated', violations: [violation('SDK-OBSERVE-NO-PAYLOAD', `observe without a payload, ${step}, rejected (${detail})`)] };
        }
        if (answer.kind === 'uncertain' && answer.reason !== 'invalid-output') return { verdict: 'undecided', reason: `observe ${step} was uncertain (${answer.reason})` };
      }
      return { verdict: 'held' };
    },
  });
});

/** How one cancellation case goes: when the signal is aborted relative to the call. */
type CancelCase = { readonly action: 'submit' | 'observe'; readonly abort: 'before-the-call' | 'right-after-the-call' };

const CANCEL_CASES: readonly CancelCase[] = [
  { action: 'submit', abort: 'before-the-call' },
  { action: 'submit', abort: 'right-after-the-call' },
  { action: 'observe', abort: 'before-the-call' },
  { action: 'observe', abort: 'right-after-the-call' },
];

qualifyTest({ clauses: ['SDK-CANCEL'], title: 'an aborted signal settles the promise within the deadline' }, async ({ services, session, ids, options, recorder }) => {
  const loaded = await sdkTransport(services).surface();
  if (!loaded.ok) {
    recorder.inconclusive('SDK-CANCEL', loaded.detail);
    return;
  }
  for (const cancelCase of CANCEL_CASES) {
    const value = { cancel: `${cancelCase.action} ${cancelCase.abort}` };
    const binding = freshBinding(ids, session, value, 'sdk-cancel');
    const settled = await abortedCall(loaded.surface, cancelCase, binding, value, options);
    if (settled === 'no function') {
      recorder.inconclusive('SDK-CANCEL', `the module exports no ${cancelCase.action} function (SDK-SHAPE)`);
      continue;
    }
    recorder.count('SDK-CANCEL');
    if (!settled) {
      recorder.fail(
        violation('SDK-CANCEL', `${cancelCase.action} with its signal aborted ${cancelCase.abort.replace(/-/g, ' ')} had not settled ${options.timeoutMs} ms later`, {
          details: { ...cancelCase, operationId: binding.operationId, timeoutMs: options.timeoutMs },
        }),
        // Called directly (not through the transport, which would stop waiting at the abort), so no transcript line.
        { description: `${cancelCase.action} of ${binding.operationId} called directly with a signal aborted ${cancelCase.abort.replace(/-/g, ' ')}`, calls: [] },
      );
    }
  }
});

// Calls the SDK directly with a signal aborted before or right after the call; whether the promise settled within the deadline.
async function abortedCall(
  surface: SdkSurface,
  cancelCase: CancelCase,
  binding: Binding,
  value: JsonValue,
  bounds: { readonly timeoutMs: number; readonly maxOutputBytes: number },
): Promise<boolean | 'no function'> {
  const method = surface[cancelCase.action];
  if (typeof method !== 'function') return 'no function';
  const controller = new AbortController();
  if (cancelCase.abort === 'before-the-call') controller.abort();
  const base = { binding, signal: controller.signal, timeoutMs: bounds.timeoutMs, maxOutputBytes: bounds.maxOutputBytes };
  const argument: SdkCallArgument = cancelCase.action === 'submit' ? { ...base, payload: value } : base;
  let returned: unknown;
  try {
    returned = (method as (argument: SdkCallArgument) => unknown)(argument);
  } catch {
    return true; // a synchronous throw settles at once (SDK-SHAPE judges the throw)
  }
  controller.abort();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), bounds.timeoutMs);
  });
  const settles = Promise.resolve(returned).then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([settles, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
