import * as fc from 'fast-check';
import { metaObject } from '../../generators/acp/acpMessages.js';
import { checkAcpProperty, liveShared } from '../../harness/acp/acpProperty.js';
import { describeOutcome, stillServing, type AcpCaseContext, type AcpSuite } from '../../harness/acp/AcpCase.js';
import type { AcpClauseId } from '../../harness/acp/acpClauses.js';
import type { AcpConnection, ResponseOutcome } from '../../harness/acp/AcpConnection.js';

// Sessions without a prompt turn: new sessions and their ids, update order, unknown sessions,
// resume (NOT-APPLICABLE unless the agent advertises it). Load, close and config options are the
// session lifecycle suite's.

function capabilitiesOf(result: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const capabilities = result['agentCapabilities'];
  return capabilities !== null && typeof capabilities === 'object' ? (capabilities as Record<string, unknown>) : {};
}

function sessionCapability(result: Readonly<Record<string, unknown>>, name: string): boolean {
  const session = capabilitiesOf(result)['sessionCapabilities'];
  if (session === null || typeof session !== 'object') return false;
  const value = (session as Record<string, unknown>)[name];
  return value !== undefined && value !== null && value !== false;
}

async function sharedResult(context: AcpCaseContext, clauses: readonly AcpClauseId[]): Promise<Awaited<ReturnType<AcpCaseContext['shared']>> | null> {
  const shared = await context.shared();
  if (shared.result !== null) return shared;
  for (const clauseId of clauses) context.inconclusive(clauseId, `initialize did not succeed (${describeOutcome(shared.outcome)})`);
  return null;
}

export const acpSuite: AcpSuite = {
  title: 'Sessions',
  cases: [
    {
      name: 'ACP-SESS-NEW ACP-SESS-ORDER ACP-INIT-EXTENSIBLE: several sessions in one process, random _meta in session/new',
      clauses: ['ACP-SESS-NEW', 'ACP-SESS-ORDER', 'ACP-INIT-EXTENSIBLE'],
      run: async (context) => {
        let optionSet = false;
        await checkAcpProperty(context, {
          arbitrary: fc.array(fc.option(metaObject(), { nil: undefined }), { minLength: 2, maxLength: 4 }),
          numRuns: Math.max(3, Math.min(context.runs, 6)),
          // Two plain sessions (a reused id), then one with unknown _meta keys.
          examples: [
            [undefined, undefined],
            [undefined, { 'aq.must-try': { nested: [1, 'two'] } }],
          ],
          describe: (metas) => metas.map((meta) => (meta === undefined ? 'session/new' : `session/new with _meta ${JSON.stringify(meta).slice(0, 120)}`)).join(', '),
          run: async (metas, record) => {
            const connection = await liveShared(context, 'ACP-SESS-NEW', record);
            if (connection === null) {
              for (const clauseId of ['ACP-SESS-ORDER', 'ACP-INIT-EXTENSIBLE'] as const) record.inconclusive(clauseId, 'no initialized shared agent');
              return;
            }
            const before = connection.violations.length;
            const seen = new Map<string, number>();
            for (const meta of metas) {
              const session = await context.newSession(connection, meta === undefined ? {} : { _meta: meta });
              const frame = session.outcome.kind === 'no-response' ? null : session.outcome.frame;
              if (session.sessionId === null || session.sessionId === '') {
                if (session.outcome.kind === 'no-response' && session.outcome.why === 'inactivity') record.inconclusive('ACP-SESS-NEW', session.outcome.detail);
                else
                  record.fail(
                    'ACP-SESS-NEW',
                    `session/new${meta === undefined ? '' : ' with unknown _meta keys'} got ${session.outcome.kind === 'result' ? 'a result without a non-empty sessionId' : describeOutcome(session.outcome)}`,
                    frame,
                  );
                if (meta !== undefined && session.outcome.kind !== 'result')
                  record.fail('ACP-INIT-EXTENSIBLE', `session/new with _meta ${JSON.stringify(meta).slice(0, 120)} failed: ${describeOutcome(session.outcome)}`, frame);
                continue;
              }
              if (meta !== undefined) record.pass('ACP-INIT-EXTENSIBLE');
              if (!optionSet) {
                optionSet = true;
                await setFirstOptionToItsValue(context, connection, session.sessionId, session.outcome);
              }
              const earlier = seen.get(session.sessionId);
              if (earlier !== undefined)
                record.fail('ACP-SESS-NEW', `session/new answered the session id ${JSON.stringify(session.sessionId)} again (first in agent→client frame ${earlier})`, frame);
              else record.pass('ACP-SESS-NEW');
              if (frame !== null) seen.set(session.sessionId, frame.index);
            }
            // Updates announced before their session's response are recorded by the connection as they arrive.
            if (seen.size > 0 && connection.violations.slice(before).every((violation) => violation.clauseId !== 'ACP-SESS-ORDER')) record.pass('ACP-SESS-ORDER');
          },
        });
      },
    },
    {
      name: 'ACP-SESS-UNKNOWN: requests naming a session that does not exist',
      clauses: ['ACP-SESS-UNKNOWN'],
      run: async (context) => {
        const shared = await sharedResult(context, ['ACP-SESS-UNKNOWN']);
        if (shared === null) return;
        const { connection } = shared;
        const unknown = `aq-no-such-session-${context.seed}`;
        const requests: [string, unknown][] = [
          ['session/prompt', { sessionId: unknown, prompt: [{ type: 'text', text: 'hello' }] }],
          ['session/set_config_option', { sessionId: unknown, configId: 'model', value: 'none' }],
        ];
        if (capabilitiesOf(shared.result!)['loadSession'] === true) requests.push(['session/load', { sessionId: unknown, cwd: await context.freshRoot(connection), mcpServers: [] }]);
        for (const [method, params] of requests) {
          const { sent, response } = connection.request(method, params, { boundMs: context.bootstrapMs });
          const outcome = await response;
          if (outcome.kind === 'result') {
            context.fail('ACP-SESS-UNKNOWN', `${method} for the unknown session ${JSON.stringify(unknown)} got a result, not an error`, outcome.frame);
            continue;
          }
          if (outcome.kind === 'no-response') {
            if (outcome.why === 'inactivity') context.inconclusive('ACP-SESS-UNKNOWN', outcome.detail);
            else context.fail('ACP-SESS-UNKNOWN', `${method} for an unknown session got no response: ${outcome.detail}`, sent);
            continue;
          }
          const serving = await stillServing(context, connection);
          if (serving === null) context.pass('ACP-SESS-UNKNOWN');
          else context.fail('ACP-SESS-UNKNOWN', `after ${method} for an unknown session: ${serving}`, sent);
        }
      },
    },
    {
      name: 'ACP-SESS-RESUME: session/resume of a session of this process replays nothing before its response',
      clauses: ['ACP-SESS-RESUME'],
      run: async (context) => {
        const shared = await sharedResult(context, ['ACP-SESS-RESUME']);
        if (shared === null) return;
        if (!sessionCapability(shared.result!, 'resume')) {
          context.notApplicable('ACP-SESS-RESUME', 'the agent does not advertise sessionCapabilities.resume');
          return;
        }
        const { connection } = shared;
        const session = await context.newSession(connection);
        if (session.sessionId === null) {
          context.inconclusive('ACP-SESS-RESUME', `session/new got ${describeOutcome(session.outcome)}`);
          return;
        }
        // A conversation to (wrongly) replay: one plain turn. Without a model behind the agent it may not complete.
        const turn = await connection.request('session/prompt', { sessionId: session.sessionId, prompt: [{ type: 'text', text: '[scenario:plain] Say hello.' }] }).response;
        if (turn.kind !== 'result') {
          context.inconclusive('ACP-SESS-RESUME', `the prompt that gives the session a history got ${describeOutcome(turn)}`);
          return;
        }
        const start = connection.notifications.length;
        const { sent, response } = connection.request('session/resume', { sessionId: session.sessionId, cwd: session.root, mcpServers: [] }, { boundMs: context.bootstrapMs });
        const outcome = await response;
        if (outcome.kind !== 'result') {
          context.fail('ACP-SESS-RESUME', `session/resume of a live session got ${describeOutcome(outcome)}`, outcome.kind === 'no-response' ? sent : outcome.frame);
          return;
        }
        const replayed = connection.notifications
          .slice(start)
          .find((notification) => notification.method === 'session/update' && notification.frame.index < outcome.frame.index && isTurnContent(notification.params));
        if (replayed !== undefined) context.fail('ACP-SESS-RESUME', 'session/resume replayed conversation content before its response', replayed.frame);
        else context.pass('ACP-SESS-RESUME');
      },
    },
  ],
};

/**
 * Sets the session's first select config option to the value it already has: a change of nothing, which puts
 * set_config_option's answer on the wire (its frame is judged like every other; the option rules are the turn suites').
 */
async function setFirstOptionToItsValue(context: AcpCaseContext, connection: AcpConnection, sessionId: string, outcome: ResponseOutcome): Promise<void> {
  if (outcome.kind !== 'result') return;
  const options = (outcome.result as { configOptions?: unknown } | null)?.configOptions;
  const first = Array.isArray(options) ? (options[0] as { id?: unknown; currentValue?: unknown } | undefined) : undefined;
  if (typeof first?.id !== 'string' || first.currentValue === undefined) return;
  await connection.request('session/set_config_option', { sessionId, configId: first.id, value: first.currentValue }, { boundMs: context.bootstrapMs }).response;
}

const TURN_CONTENT = new Set(['user_message_chunk', 'agent_message_chunk', 'agent_thought_chunk', 'tool_call', 'tool_call_update', 'plan']);

function isTurnContent(params: unknown): boolean {
  const kind = (params as { update?: { sessionUpdate?: unknown } } | null)?.update?.sessionUpdate;
  return typeof kind === 'string' && TURN_CONTENT.has(kind);
}
