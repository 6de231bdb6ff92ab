import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AcpCaseContext } from '../AcpCase.js';
import { describeOutcome } from '../AcpCase.js';
import type { AcpClauseId } from '../acpClauses.js';
import type { AcpConnection } from '../AcpConnection.js';
import { drivableShared, scriptedModelProblem } from './drivableAgent.js';
import { finishTurn, scenarioText, startTurn, STOP_REASONS, stopReasonOf, type FinishedTurn, type PromptBlock } from './promptTurn.js';

// What the agent may send or must accept given what each side advertised: no fs or terminal
// request the client did not advertise (ACP-FS-GATED, ACP-TERM-GATED), the baseline prompt content
// accepted (ACP-TURN-BASELINE-CONTENT), and content kinds the agent did not advertise refused with
// an error (ACP-TURN-CONTENT-GATED).

/** The clauses of the client-capability case. */
export const CLIENT_GATE_CLAUSES: readonly AcpClauseId[] = ['ACP-FS-GATED', 'ACP-TERM-GATED'];

/** Scenarios of the scripted model that use fs and terminal requests when the client offers them. */
const TOOL_SCENARIOS = ['permission-read', 'fs-write', 'terminal'] as const;

/** Client capability vectors that leave something out, each a fresh agent's first initialize. */
const GATED_VECTORS = [
  { label: 'no client capabilities', capabilities: {} },
  { label: 'fs.readTextFile alone', capabilities: { fs: { readTextFile: true, writeTextFile: false }, terminal: false } },
] as const;

type Gate = 'fs' | 'terminal';

function gateOf(method: string): Gate | null {
  if (method === 'fs/read_text_file' || method === 'fs/write_text_file') return 'fs';
  return method.startsWith('terminal/') ? 'terminal' : null;
}

const GATE_CLAUSE: Readonly<Record<Gate, AcpClauseId>> = { fs: 'ACP-FS-GATED', terminal: 'ACP-TERM-GATED' };

async function toolTurns(context: AcpCaseContext, connection: AcpConnection): Promise<FinishedTurn[] | string> {
  const session = await context.newSession(connection);
  if (session.sessionId === null) return `session/new got ${describeOutcome(session.outcome)}`;
  await writeFile(join(session.root, 'notes.txt'), 'adapter-qualify notes\n');
  const turns: FinishedTurn[] = [];
  for (const scenario of TOOL_SCENARIOS) turns.push(await finishTurn(startTurn(connection, session.sessionId, scenario), context.bootstrapMs));
  return turns;
}

/**
 * Plays the tool scenarios with the full client capabilities (to see which gates they exercise), then
 * on fresh agents that were offered less. A gated request is recorded as a FAIL by the connection as it
 * arrives; a gate passes when tool turns ended on every such agent without one, and the same scenarios
 * do send that kind of request when it is offered.
 * @param context - the case's context
 */
export async function judgeClientGates(context: AcpCaseContext): Promise<void> {
  const shared = await drivableShared(context, CLIENT_GATE_CLAUSES);
  if (shared === null) return;
  const offered = await toolTurns(context, shared.connection);
  if (typeof offered === 'string') {
    for (const clauseId of CLIENT_GATE_CLAUSES) context.inconclusive(clauseId, offered);
    return;
  }
  const exercised = new Set(offered.flatMap((turn) => turn.requests.map((request) => gateOf(request.method))));
  const broken = new Set<Gate>();
  const problems: string[] = [];
  let gatedTurns = 0;
  for (const vector of GATED_VECTORS) {
    const connection = await context.startAgent();
    const initialized = await context.initialize(connection, { protocolVersion: 1, clientCapabilities: vector.capabilities, clientInfo: { name: 'adapter-qualify', version: '0' } });
    if (initialized.result === null) {
      problems.push(`initialize with ${vector.label} got ${describeOutcome(initialized.outcome)}`);
      continue;
    }
    const modelProblem = await scriptedModelProblem(context, connection);
    if (modelProblem !== null) {
      problems.push(`with ${vector.label}: ${modelProblem}`);
      continue;
    }
    const turns = await toolTurns(context, connection);
    if (typeof turns === 'string') {
      problems.push(`with ${vector.label}: ${turns}`);
      continue;
    }
    gatedTurns += turns.filter((turn) => turn.outcome.kind !== 'no-response').length;
    for (const violation of connection.violations)
      if (violation.clauseId === 'ACP-FS-GATED' || violation.clauseId === 'ACP-TERM-GATED') broken.add(violation.clauseId === 'ACP-FS-GATED' ? 'fs' : 'terminal');
  }
  for (const gate of ['fs', 'terminal'] as const) {
    const clauseId = GATE_CLAUSE[gate];
    // A request the client did not offer was already recorded as this clause's FAIL by the connection.
    if (broken.has(gate)) continue;
    if (gatedTurns === 0) context.inconclusive(clauseId, problems.join('; ') || 'no tool turn ended on an agent offered less than the full client capabilities');
    else if (!exercised.has(gate)) context.inconclusive(clauseId, `the tool scenarios sent no ${gate} request even with ${gate} offered, so withholding it tested nothing`);
    else context.pass(clauseId);
  }
}

/** The clauses of the prompt-content case. */
export const CONTENT_CLAUSES: readonly AcpClauseId[] = ['ACP-TURN-BASELINE-CONTENT', 'ACP-TURN-CONTENT-GATED'];

/** A 1×1 PNG and a 1-sample WAV, the smallest valid payloads of their kinds. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const WAV_1_SAMPLE = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQIAAAAAAA==';

/** Content kinds an agent may advertise in `promptCapabilities`, each with a block of that kind. */
function gatedBlocks(root: string): readonly { readonly capability: 'image' | 'audio' | 'embeddedContext'; readonly block: PromptBlock }[] {
  const uri = pathToFileURL(join(root, 'notes.txt')).href;
  return [
    { capability: 'image', block: { type: 'image', mimeType: 'image/png', data: PNG_1X1 } },
    { capability: 'audio', block: { type: 'audio', mimeType: 'audio/wav', data: WAV_1_SAMPLE } },
    { capability: 'embeddedContext', block: { type: 'resource', resource: { uri, mimeType: 'text/plain', text: 'adapter-qualify notes\n' } } },
  ];
}

/** Why a turn that got no response says nothing (inconclusive), or null when the agent died (a failure). */
function silentTurn(turn: FinishedTurn): string | null {
  if (turn.outcome.kind !== 'no-response' || turn.outcome.why === 'exited' || turn.outcome.why === 'stdout-closed') return null;
  return turn.outcome.detail;
}

/**
 * Prompts of text and `resource_link` blocks on the shared agent (ACP-TURN-BASELINE-CONTENT); a fresh
 * agent then gets each content kind it did not advertise (ACP-TURN-CONTENT-GATED).
 * @param context - the case's context
 */
export async function judgePromptContent(context: AcpCaseContext): Promise<void> {
  const shared = await context.shared();
  if (shared.result === null) {
    for (const clauseId of CONTENT_CLAUSES) context.inconclusive(clauseId, `initialize did not succeed (${describeOutcome(shared.outcome)})`);
    return;
  }
  await judgeBaselineContent(context, shared.connection);
  const promptCapabilities = ((shared.result['agentCapabilities'] as { promptCapabilities?: Record<string, unknown> } | undefined)?.promptCapabilities ?? {}) as Record<string, unknown>;
  await judgeGatedContent(context, promptCapabilities);
}

async function judgeBaselineContent(context: AcpCaseContext, connection: AcpConnection): Promise<void> {
  const clauseId = 'ACP-TURN-BASELINE-CONTENT';
  const session = await context.newSession(connection);
  if (session.sessionId === null) {
    context.inconclusive(clauseId, `session/new got ${describeOutcome(session.outcome)}`);
    return;
  }
  await writeFile(join(session.root, 'notes.txt'), 'adapter-qualify notes\n');
  const link = { type: 'resource_link', uri: pathToFileURL(join(session.root, 'notes.txt')).href, name: 'notes.txt', mimeType: 'text/plain' };
  const prompts: readonly { readonly label: string; readonly blocks: readonly PromptBlock[] }[] = [
    { label: 'a text and a resource_link block', blocks: [{ type: 'text', text: scenarioText('plain') }, link] },
    { label: 'a resource_link block alone', blocks: [link] },
  ];
  let accepted = 0;
  for (const { label, blocks } of prompts) {
    const turn = await finishTurn(startTurn(connection, session.sessionId, 'plain', blocks), context.bootstrapMs);
    const silent = silentTurn(turn);
    if (silent !== null) {
      context.inconclusive(clauseId, `a prompt of ${label} got no response: ${silent}`);
      continue;
    }
    if (turn.outcome.kind === 'no-response') {
      context.fail(clauseId, `a prompt of ${label} was not answered: ${connection.describeExit()}`, turn.sent);
      return;
    }
    if (turn.outcome.kind === 'error') {
      context.fail(clauseId, `a prompt of ${label} was refused with ${describeOutcome(turn.outcome)}`, turn.outcome.frame);
      continue;
    }
    const stopReason = stopReasonOf(turn.outcome);
    // A stop reason outside the set is ACP-TURN-STOPREASON's finding; the prompt was accepted either way.
    if (typeof stopReason === 'string' && STOP_REASONS.has(stopReason)) accepted += 1;
  }
  if (accepted === prompts.length) context.pass(clauseId);
}

async function judgeGatedContent(context: AcpCaseContext, promptCapabilities: Readonly<Record<string, unknown>>): Promise<void> {
  const clauseId = 'ACP-TURN-CONTENT-GATED';
  // The blocks name files of the session's root, known once the session is open; which of them are gated is known now.
  const unadvertisedIn = (root: string) => gatedBlocks(root).filter(({ capability }) => promptCapabilities[capability] !== true);
  if (unadvertisedIn('/').length === 0) {
    context.notApplicable(clauseId, 'the agent advertises image, audio and embeddedContext prompt content');
    return;
  }
  // A fresh agent: an agent that dies on such a block takes only this case's process with it.
  const connection = await context.startAgent();
  const initialized = await context.initialize(connection);
  if (initialized.result === null) {
    context.inconclusive(clauseId, `initialize of a fresh agent got ${describeOutcome(initialized.outcome)}`);
    return;
  }
  const session = await context.newSession(connection);
  if (session.sessionId === null) {
    context.inconclusive(clauseId, `session/new got ${describeOutcome(session.outcome)}`);
    return;
  }
  const unadvertised = unadvertisedIn(session.root);
  let refused = 0;
  for (const { capability, block } of unadvertised) {
    const what = `a ${String(block['type'])} block (promptCapabilities.${capability} not advertised)`;
    const turn = await finishTurn(startTurn(connection, session.sessionId, 'plain', [{ type: 'text', text: scenarioText('plain') }, block]), context.bootstrapMs);
    const { outcome } = turn;
    if (outcome.kind === 'error') refused += 1;
    else if (outcome.kind === 'result')
      context.fail(clauseId, `a prompt with ${what} was accepted (stopReason ${JSON.stringify(stopReasonOf(outcome))}) instead of refused with an error`, outcome.frame);
    else if (outcome.why === 'exited' || outcome.why === 'stdout-closed') {
      context.fail(clauseId, `a prompt with ${what} was not answered: ${connection.describeExit()}`, turn.sent);
      return;
    } else {
      context.fail(clauseId, `a prompt with ${what} hung instead of being refused: ${outcome.detail}`, turn.sent);
      return;
    }
  }
  if (refused === unadvertised.length) context.pass(clauseId);
}
