import * as fc from 'fast-check';
import { inputSplit, metaObject, splitSizes, unknownMethod } from '../../generators/acp/acpMessages.js';
import { describeOutcome, stillServing, type AcpCaseContext, type AcpSuite } from '../../harness/acp/AcpCase.js';
import type { AcpConnection } from '../../harness/acp/AcpConnection.js';
import { checkAcpProperty, liveShared } from '../../harness/acp/acpProperty.js';

// Framing and transport, judged on the shared agent: every frame it writes is classified by the
// connection (STDOUT-PURE, LINE, UTF8, ENVELOPE, ONE-RESPONSE); these cases add what input must do.

/** Request line lengths the catalog names (newline not counted): 64 KiB + 1, 1 MiB, 8 MiB. */
export const LARGE_LINE_BYTES = [65_537, 1024 * 1024, 8 * 1024 * 1024] as const;

/** A `session/new` line of exactly `length` bytes, padded inside `_meta` (which agents must accept). */
function paddedSessionNew(id: number, cwd: string, length: number): Buffer {
  const bare = JSON.stringify({ jsonrpc: '2.0', id, method: 'session/new', params: { cwd, mcpServers: [], _meta: { 'aq.pad': '' } } });
  const padding = length - Buffer.byteLength(bare);
  if (padding < 0) throw new RangeError(`a padded request cannot be ${length} bytes`);
  return Buffer.from(JSON.stringify({ jsonrpc: '2.0', id, method: 'session/new', params: { cwd, mcpServers: [], _meta: { 'aq.pad': 'x'.repeat(padding) } } }));
}

async function sharedOrInconclusive(context: AcpCaseContext, clauses: readonly Parameters<AcpCaseContext['inconclusive']>[0][]): Promise<AcpConnection | null> {
  const shared = await context.shared();
  if (shared.result !== null) return shared.connection;
  for (const clauseId of clauses) context.inconclusive(clauseId, `initialize did not succeed (${describeOutcome(shared.outcome)})`);
  return null;
}

/** Ids of raw-written requests: far from the connection's own counter. */
let rawId = 1_000_000;

export const acpSuite: AcpSuite = {
  title: 'Framing and transport',
  cases: [
    {
      name: 'ACP-FRM-CHUNKED-INPUT: requests split one byte at a time, at random cuts, two per write, and inside a UTF-8 character',
      clauses: ['ACP-FRM-CHUNKED-INPUT'],
      run: async (context) => {
        await checkAcpProperty(context, {
          arbitrary: fc.record({ meta: metaObject(), split: inputSplit() }),
          numRuns: Math.max(2, Math.min(context.runs, 6)),
          // The must-try splits first: inside the 4-byte character, then one byte at a time.
          examples: [
            { meta: { 'aq.case': 'inside-character' }, split: { kind: 'inside-character' } },
            { meta: { 'aq.case': 'byte-by-byte' }, split: { kind: 'byte-by-byte' } },
          ],
          describe: ({ meta, split }) => `a session/new with _meta ${JSON.stringify(meta)} written ${split.kind === 'cuts' ? `in pieces of ${split.sizes.join(', ')} bytes` : split.kind}`,
          run: async ({ meta, split }, record) => {
            const connection = await liveShared(context, 'ACP-FRM-CHUNKED-INPUT', record);
            if (connection === null) return;
            const root = await context.freshRoot(connection);
            const id = rawId++;
            // Non-ASCII text, so that some cuts fall inside a multi-byte character.
            const line = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id, method: 'session/new', params: { cwd: root, mcpServers: [], _meta: { ...meta, 'aq.text': 'é😀ü' } } }));
            const writes = splitSizes(split, line.length + 1, line.indexOf(Buffer.from('😀')));
            const sent = connection.sendRaw(line, { pieces: writes, kind: 'request' });
            const outcome = await connection.expectResponse(id, 'session/new', sent, context.bootstrapMs);
            if (outcome.kind === 'result') record.pass('ACP-FRM-CHUNKED-INPUT');
            else if (outcome.kind === 'error' && outcome.error.code !== -32700) record.pass('ACP-FRM-CHUNKED-INPUT');
            else if (outcome.kind === 'no-response' && outcome.why === 'inactivity') record.inconclusive('ACP-FRM-CHUNKED-INPUT', outcome.detail);
            else
              record.fail(
                'ACP-FRM-CHUNKED-INPUT',
                `a session/new written in ${writes.length} pieces (${writes.slice(0, 8).join(', ')}${writes.length > 8 ? ', …' : ''} bytes) got ${describeOutcome(outcome)}`,
                sent,
              );
          },
        });
        // A replay runs only the property's one case.
        if (context.replayPath !== null) return;
        const connection = await sharedOrInconclusive(context, ['ACP-FRM-CHUNKED-INPUT']);
        if (connection === null) return;
        // Two messages in one write.
        const first = rawId++;
        const second = rawId++;
        const roots = [await context.freshRoot(connection), await context.freshRoot(connection)];
        const lines = [first, second].map((id, index) => JSON.stringify({ jsonrpc: '2.0', id, method: 'session/new', params: { cwd: roots[index], mcpServers: [] } }));
        const sent = connection.sendRaw(Buffer.from(`${lines[0]}\n${lines[1]}`), { kind: 'request' });
        const outcomes = await Promise.all([
          connection.expectResponse(first, 'session/new', sent, context.bootstrapMs),
          connection.expectResponse(second, 'session/new', sent, context.bootstrapMs),
        ]);
        if (outcomes.every((outcome) => outcome.kind === 'result')) context.pass('ACP-FRM-CHUNKED-INPUT');
        else context.fail('ACP-FRM-CHUNKED-INPUT', `two session/new requests in one write got ${outcomes.map(describeOutcome).join(' and ')}`, sent);
      },
    },
    {
      name: 'ACP-FRM-LARGE-INPUT: request lines of 65,537 bytes, 1 MiB and 8 MiB',
      clauses: ['ACP-FRM-LARGE-INPUT'],
      run: async (context) => {
        for (const length of LARGE_LINE_BYTES) {
          const connection = await sharedOrInconclusive(context, ['ACP-FRM-LARGE-INPUT']);
          if (connection === null) return;
          const root = await context.freshRoot(connection);
          const id = rawId++;
          const sent = connection.sendRaw(paddedSessionNew(id, root, length), { kind: 'request' });
          const outcome = await connection.expectResponse(id, 'session/new', sent, context.bootstrapMs);
          if (outcome.kind === 'no-response') {
            if (outcome.why === 'inactivity') context.inconclusive('ACP-FRM-LARGE-INPUT', outcome.detail);
            else context.fail('ACP-FRM-LARGE-INPUT', `a request line of ${length} bytes got no response: ${outcome.detail}`, sent);
            continue;
          }
          const serving = await stillServing(context, connection);
          if (serving === null) context.pass('ACP-FRM-LARGE-INPUT');
          else context.fail('ACP-FRM-LARGE-INPUT', `after a request line of ${length} bytes: ${serving}`, sent);
        }
      },
    },
    {
      name: 'ACP-FRM-NO-RESPONSE-TO-NOTIFICATION ACP-ROB-UNKNOWN-NOTIFICATION: session/cancel while idle and random unknown notifications',
      clauses: ['ACP-FRM-NO-RESPONSE-TO-NOTIFICATION', 'ACP-ROB-UNKNOWN-NOTIFICATION'],
      run: async (context) => {
        await checkAcpProperty(context, {
          arbitrary: fc.record({ method: unknownMethod(), meta: fc.option(metaObject(), { nil: undefined }) }),
          numRuns: Math.max(3, Math.min(context.runs, 8)),
          describe: ({ method, meta }) => `session/cancel while idle, then the notification ${JSON.stringify(method)}${meta === undefined ? '' : ` with _meta ${JSON.stringify(meta)}`}`,
          run: async ({ method, meta }, record) => {
            const connection = await liveShared(context, 'ACP-ROB-UNKNOWN-NOTIFICATION', record);
            if (connection === null) return;
            const session = await context.newSession(connection);
            const before = connection.violations.length;
            connection.notify('session/cancel', { sessionId: session.sessionId ?? 'none' });
            connection.notify(method, meta === undefined ? {} : { _meta: meta });
            // A probe after the pair: a response to a notification would arrive before the probe's.
            const serving = await stillServing(context, connection);
            if (serving === null) record.pass('ACP-ROB-UNKNOWN-NOTIFICATION');
            else record.fail('ACP-ROB-UNKNOWN-NOTIFICATION', `after the notification ${JSON.stringify(method)}: ${serving}`, null);
            const answered = connection.violations.slice(before).find((violation) => violation.clauseId === 'ACP-FRM-NO-RESPONSE-TO-NOTIFICATION');
            if (answered !== undefined) record.fail('ACP-FRM-NO-RESPONSE-TO-NOTIFICATION', answered.rule, answered.frame);
            else if (serving === null) record.pass('ACP-FRM-NO-RESPONSE-TO-NOTIFICATION');
          },
        });
      },
    },
  ],
};
