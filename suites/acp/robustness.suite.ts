import * as fc from 'fast-check';
import { metaObject, requestId, unknownMethod } from '../../generators/acp/acpMessages.js';
import { describeOutcome, stillServing, type AcpSuite } from '../../harness/acp/AcpCase.js';
import type { AcpConnection } from '../../harness/acp/AcpConnection.js';
import { checkAcpProperty, liveShared } from '../../harness/acp/acpProperty.js';

// Robustness on the shared agent: unknown methods, request ids of both types, invalid lines and params.

/** Request ids every run tries first: zero, negative, beyond 32 bits, a digit string, non-ASCII. */
const MUST_TRY_IDS: readonly (string | number)[] = [0, -1, Number.MAX_SAFE_INTEGER, '1', 'ünï-códe'];

export const acpSuite: AcpSuite = {
  title: 'Robustness',
  cases: [
    {
      name: 'ACP-ROB-UNKNOWN-METHOD: random unknown request methods, _-prefixed extensions included',
      clauses: ['ACP-ROB-UNKNOWN-METHOD'],
      run: async (context) => {
        const shared = await context.shared();
        if (shared.result === null) {
          context.inconclusive('ACP-ROB-UNKNOWN-METHOD', `initialize did not succeed (${describeOutcome(shared.outcome)})`);
          return;
        }
        await checkAcpProperty(context, {
          arbitrary: fc.record({ method: unknownMethod(), meta: fc.option(metaObject(), { nil: undefined }) }),
          numRuns: Math.max(3, Math.min(context.runs, 8)),
          examples: [{ method: '_aq/unknown_extension', meta: undefined }],
          describe: ({ method, meta }) => `request ${JSON.stringify(method)}${meta === undefined ? '' : ` with _meta ${JSON.stringify(meta)}`}`,
          run: async ({ method, meta }, record) => {
            // Each case on a live agent: one that an earlier case killed is started again, so a shrunk case is one that broke it.
            const connection = await liveShared(context, 'ACP-ROB-UNKNOWN-METHOD', record);
            if (connection === null) return;
            const { sent, response } = connection.request(method, meta === undefined ? {} : { _meta: meta }, { boundMs: context.bootstrapMs });
            const outcome = await response;
            if (outcome.kind === 'result') {
              record.fail('ACP-ROB-UNKNOWN-METHOD', `the unknown method ${JSON.stringify(method)} got a result, not an error`, outcome.frame);
              return;
            }
            if (outcome.kind === 'no-response') {
              if (outcome.why === 'inactivity') record.inconclusive('ACP-ROB-UNKNOWN-METHOD', outcome.detail);
              else record.fail('ACP-ROB-UNKNOWN-METHOD', `the unknown method ${JSON.stringify(method)} got no response: ${outcome.detail}`, sent);
              return;
            }
            const serving = await stillServing(context, connection);
            if (serving === null) record.pass('ACP-ROB-UNKNOWN-METHOD');
            else record.fail('ACP-ROB-UNKNOWN-METHOD', `after the unknown method ${JSON.stringify(method)}: ${serving}`, sent);
          },
        });
      },
    },
    {
      name: 'ACP-ROB-ID-TYPES: string and number request ids (0, negative, large, non-ASCII) are echoed with their type',
      clauses: ['ACP-ROB-ID-TYPES'],
      run: async (context) => {
        const shared = await context.shared();
        if (shared.result === null) {
          context.inconclusive('ACP-ROB-ID-TYPES', `initialize did not succeed (${describeOutcome(shared.outcome)})`);
          return;
        }
        const usedIds = new WeakMap<AcpConnection, Set<string>>();
        await checkAcpProperty(context, {
          arbitrary: requestId(),
          numRuns: MUST_TRY_IDS.length + Math.max(4, Math.min(context.runs * 2, 12)),
          examples: MUST_TRY_IDS,
          describe: (id) => `session/new with request id ${JSON.stringify(id)} (a ${typeof id})`,
          run: async (id, record) => {
            const connection = await liveShared(context, 'ACP-ROB-ID-TYPES', record);
            if (connection === null) return;
            // An id is sent once per agent: a second request with an answered id is another test (of id reuse), not this one.
            const used = usedIds.get(connection) ?? new Set<string>();
            usedIds.set(connection, used);
            if (used.has(`${typeof id}:${String(id)}`)) return;
            used.add(`${typeof id}:${String(id)}`);
            const root = await context.freshRoot(connection);
            const before = connection.violations.length;
            const { sent, response } = connection.request('session/new', { cwd: root, mcpServers: [] }, { id, boundMs: context.bootstrapMs });
            const outcome = await response;
            const mistyped = connection.violations.slice(before).find((violation) => violation.clauseId === 'ACP-ROB-ID-TYPES');
            if (mistyped !== undefined) record.fail('ACP-ROB-ID-TYPES', mistyped.rule, mistyped.frame);
            else if (outcome.kind === 'no-response') {
              if (outcome.why === 'inactivity') record.inconclusive('ACP-ROB-ID-TYPES', outcome.detail);
              else record.fail('ACP-ROB-ID-TYPES', `no response carries the request's id ${JSON.stringify(id)} (${outcome.detail})`, sent);
            } else record.pass('ACP-ROB-ID-TYPES');
          },
        });
      },
    },
    {
      name: 'ACP-ROB-INVALID: an invalid JSON line and invalid params',
      clauses: ['ACP-ROB-INVALID'],
      run: async (context) => {
        const shared = await context.shared();
        if (shared.result === null) {
          context.inconclusive('ACP-ROB-INVALID', `initialize did not succeed (${describeOutcome(shared.outcome)})`);
          return;
        }
        const { connection } = shared;
        for (const garbage of ['{"jsonrpc":"2.0","id":', 'not json at all', '{"jsonrpc":"2.0","id":7,"method":"session/new","params":{"cwd":}']) {
          const sent = connection.sendRaw(Buffer.from(garbage), { kind: 'invalid' });
          const serving = await stillServing(context, connection);
          if (serving === null) context.pass('ACP-ROB-INVALID');
          else context.fail('ACP-ROB-INVALID', `after an invalid JSON line: ${serving}`, sent);
        }
        const { sent, response } = connection.request('session/new', { cwd: 42, mcpServers: 'none' }, { boundMs: context.bootstrapMs });
        const outcome = await response;
        if (outcome.kind === 'result') context.fail('ACP-ROB-INVALID', 'session/new with cwd 42 and mcpServers "none" got a result, not error -32602', outcome.frame);
        else if (outcome.kind === 'no-response') context.fail('ACP-ROB-INVALID', `session/new with invalid params got no response: ${outcome.detail}`, sent);
        else if (outcome.error.code !== -32602) context.fail('ACP-ROB-INVALID', `session/new with invalid params got error ${outcome.error.code}, not -32602`, outcome.frame);
        else {
          const serving = await stillServing(context, connection);
          if (serving === null) context.pass('ACP-ROB-INVALID');
          else context.fail('ACP-ROB-INVALID', `after invalid params: ${serving}`, sent);
        }
      },
    },
  ],
};
