import * as fc from 'fast-check';
import { clientCapabilityVector, metaObject, unsupportedProtocolVersion, type ClientCapabilityVector } from '../../generators/acp/acpMessages.js';
import { describeOutcome, stillServing, type AcpCaseContext, type AcpSuite, type InitializedAgent } from '../../harness/acp/AcpCase.js';
import type { AcpConnection } from '../../harness/acp/AcpConnection.js';
import { checkAcpProperty, type PropertyRecorder } from '../../harness/acp/acpProperty.js';
import { acpSchemaErrors } from '../../harness/acp/acpSchema.js';

// Initialization and capabilities: the shared agent's initialize, then fresh agents for the
// properties that need a first initialize of their own (random versions and capability vectors).

/** Fresh agent processes the initialize property starts at most (start-up is the expensive part). */
const MAX_INITIALIZE_PROCESSES = 4;

function judgeSharedInitialize(context: AcpCaseContext, shared: InitializedAgent): void {
  const { outcome, result } = shared;
  if (result === null) {
    const rule = `initialize got ${describeOutcome(outcome)}`;
    if (outcome.kind === 'no-response' && outcome.why !== 'bound' && outcome.why !== 'exited' && outcome.why !== 'stdout-closed') context.inconclusive('ACP-INIT-RESPONDS', rule);
    else context.fail('ACP-INIT-RESPONDS', `${rule}; a result with protocolVersion and agentCapabilities is required`, outcome.kind === 'no-response' ? null : outcome.frame);
    return;
  }
  const frame = outcome.kind === 'no-response' ? null : outcome.frame;
  if (typeof result['protocolVersion'] !== 'number' || result['agentCapabilities'] === undefined) {
    context.fail('ACP-INIT-RESPONDS', `the initialize result lacks ${typeof result['protocolVersion'] !== 'number' ? 'an integer protocolVersion' : 'agentCapabilities'}`, frame);
  } else context.pass('ACP-INIT-RESPONDS');
  if (result['protocolVersion'] === 1) context.pass('ACP-INIT-VERSION');
  else context.fail('ACP-INIT-VERSION', `asked for version 1, the agent answered ${JSON.stringify(result['protocolVersion'])}`, frame);
  // Schema violations are recorded by the connection as the frame arrives; this case only adds the pass.
  if (acpSchemaErrors('InitializeResponse', result).length === 0) context.pass('ACP-INIT-SCHEMA');
  const info = result['agentInfo'] as { name?: unknown; version?: unknown } | undefined;
  if (typeof info?.name === 'string' && info.name !== '' && typeof info.version === 'string' && info.version !== '') context.pass('ACP-INIT-INFO');
  else context.fail('ACP-INIT-INFO', `agentInfo ${info === undefined ? 'is missing' : `lacks a non-empty ${typeof info.name === 'string' && info.name !== '' ? 'version' : 'name'}`}`, frame);
  if (shared.connection.violations.every((violation) => violation.clauseId !== 'ACP-NO-ROOT-EXTRAS')) context.pass('ACP-NO-ROOT-EXTRAS');
}

function initializeParams(version: number, vector: ClientCapabilityVector, meta: Record<string, unknown> | undefined): Record<string, unknown> {
  return {
    protocolVersion: version,
    ...(vector.capabilities === undefined ? {} : { clientCapabilities: vector.capabilities }),
    ...(meta === undefined ? {} : { _meta: meta }),
  };
}

// One case of the initialize property: a fresh agent's first initialize with an unsupported version and a drawn capability vector.
async function judgeFirstInitialize(context: AcpCaseContext, connection: AcpConnection, params: Record<string, unknown>, version: number, record: PropertyRecorder): Promise<void> {
  const { outcome, result } = await context.initialize(connection, params);
  const what = `initialize ${JSON.stringify(params).slice(0, 200)}`;
  if (outcome.kind === 'no-response' && outcome.why === 'inactivity') {
    record.inconclusive('ACP-INIT-OMITTED-CAPS', `${what}: ${outcome.detail}`);
    return;
  }
  const frame = outcome.kind === 'no-response' ? null : outcome.frame;
  if (result === null) {
    const rule = `${what} got ${describeOutcome(outcome)}, not a result`;
    record.fail('ACP-INIT-VERSION', rule, frame);
    record.fail('ACP-INIT-OMITTED-CAPS', rule, frame);
    record.fail('ACP-INIT-EXTENSIBLE', rule, frame);
    return;
  }
  record.pass('ACP-INIT-OMITTED-CAPS');
  const answered = result['protocolVersion'];
  // The latest version it supports: a v1 agent answers 1; never the unsupported version echoed back.
  if (typeof answered === 'number' && Number.isInteger(answered) && answered >= 1 && answered !== version) record.pass('ACP-INIT-VERSION');
  else
    record.fail(
      'ACP-INIT-VERSION',
      `asked for unsupported version ${version}, the agent answered protocolVersion ${JSON.stringify(answered)} (the latest version it supports is expected)`,
      frame,
    );
  const serving = await stillServing(context, connection);
  if (serving === null) record.pass('ACP-INIT-EXTENSIBLE');
  else record.fail('ACP-INIT-EXTENSIBLE', `after ${what}: ${serving}`, null);
}

export const acpSuite: AcpSuite = {
  title: 'Initialization and capabilities',
  cases: [
    {
      name: 'ACP-INIT-RESPONDS ACP-INIT-VERSION ACP-INIT-SCHEMA ACP-INIT-INFO ACP-NO-ROOT-EXTRAS: initialize with the full client capabilities',
      clauses: ['ACP-INIT-RESPONDS', 'ACP-INIT-VERSION', 'ACP-INIT-SCHEMA', 'ACP-INIT-INFO', 'ACP-NO-ROOT-EXTRAS'],
      run: async (context) => judgeSharedInitialize(context, await context.shared()),
    },
    {
      name: 'ACP-INIT-VERSION ACP-INIT-OMITTED-CAPS ACP-INIT-EXTENSIBLE: unsupported versions, random client capability vectors and unknown keys, each a first initialize',
      clauses: ['ACP-INIT-VERSION', 'ACP-INIT-OMITTED-CAPS', 'ACP-INIT-EXTENSIBLE'],
      run: async (context) => {
        const shared = await context.shared();
        if (shared.result === null) {
          // An agent that cannot initialize with the full capabilities says nothing about versions or vectors.
          for (const clauseId of ['ACP-INIT-VERSION', 'ACP-INIT-OMITTED-CAPS', 'ACP-INIT-EXTENSIBLE'] as const)
            context.inconclusive(clauseId, `initialize with the full client capabilities did not succeed either (${describeOutcome(shared.outcome)})`);
          return;
        }
        await checkAcpProperty(context, {
          arbitrary: fc.record({ version: unsupportedProtocolVersion(), vector: clientCapabilityVector(), meta: fc.option(metaObject(), { nil: undefined }) }),
          numRuns: Math.min(context.runs, MAX_INITIALIZE_PROCESSES),
          // The must-try case first: no client capabilities at all, an unsupported version, unknown _meta.
          examples: [{ version: 2, vector: { capabilities: undefined, readTextFile: false, writeTextFile: false, terminal: false }, meta: { 'aq.unknown': { nested: true } } }],
          describe: ({ version, vector, meta }) => `a first initialize ${JSON.stringify(initializeParams(version, vector, meta))}`,
          run: async ({ version, vector, meta }, record) => {
            const connection = await context.startAgent();
            try {
              await judgeFirstInitialize(context, connection, initializeParams(version, vector, meta), version, record);
            } finally {
              connection.close();
            }
          },
        });
      },
    },
    {
      name: 'ACP-INIT-BEFORE: a session method before initialize, then initialize',
      clauses: ['ACP-INIT-BEFORE'],
      run: async (context) => {
        const connection = await context.startAgent();
        const root = await context.freshRoot(connection);
        const early = await connection.request('session/new', { cwd: root, mcpServers: [] }, { boundMs: context.bootstrapMs }).response;
        if (early.kind === 'result') {
          context.fail('ACP-INIT-BEFORE', 'session/new before initialize got a result, not an error', early.frame);
          return;
        }
        if (early.kind === 'no-response' && (early.why === 'exited' || early.why === 'stdout-closed')) {
          context.fail('ACP-INIT-BEFORE', `session/new before initialize: ${early.detail}`, null);
          return;
        }
        if (early.kind === 'no-response') {
          context.fail('ACP-INIT-BEFORE', `session/new before initialize: ${early.detail} (an error response is expected)`, null);
          return;
        }
        const { result, outcome } = await context.initialize(connection);
        if (result === null) {
          context.fail('ACP-INIT-BEFORE', `after the refused session/new, initialize got ${describeOutcome(outcome)}`, outcome.kind === 'no-response' ? null : outcome.frame);
          return;
        }
        const serving = await stillServing(context, connection);
        if (serving === null) context.pass('ACP-INIT-BEFORE');
        else context.fail('ACP-INIT-BEFORE', `after initialize: ${serving}`, null);
      },
    },
    {
      name: 'ACP-AUTH-REQUIRED: session/new without authenticate',
      clauses: ['ACP-AUTH-REQUIRED'],
      run: async (context) => {
        const shared = await context.shared();
        if (shared.result === null) {
          context.inconclusive('ACP-AUTH-REQUIRED', 'initialize did not succeed');
          return;
        }
        const session = await context.newSession(shared.connection);
        const methods = shared.result['authMethods'];
        if (session.sessionId !== null) {
          context.notApplicable('ACP-AUTH-REQUIRED', 'the agent serves session/new without authentication');
          return;
        }
        if (session.outcome.kind === 'error' && session.outcome.error.code === -32000) context.pass('ACP-AUTH-REQUIRED');
        else if (session.outcome.kind === 'error' && Array.isArray(methods) && methods.length === 0)
          context.inconclusive('ACP-AUTH-REQUIRED', `session/new failed with ${describeOutcome(session.outcome)} and no auth methods are advertised`);
        else
          context.fail(
            'ACP-AUTH-REQUIRED',
            `session/new without authentication got ${describeOutcome(session.outcome)}, not error -32000`,
            session.outcome.kind === 'no-response' ? null : session.outcome.frame,
          );
      },
    },
  ],
};
