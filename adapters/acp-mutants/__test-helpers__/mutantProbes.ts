/* eslint-disable @typescript-eslint/no-explicit-any -- frames are arbitrary JSON the probes pick apart */
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  delay,
  exitsBefore,
  freshDir,
  mcpFixture,
  spawnAgent,
  stdoutIsPure,
  stopAgent,
  textPrompt,
  updatesOf,
  type AgentProcess,
  type SpawnOptions,
} from '../../acp-reference/__test-helpers__/agentProcess.js';
import type { AcpMutant } from '../AcpMutantDefinition.js';

// One probe per mutant: a short session over real stdio that answers "did the defect show?". Each
// probe runs against its mutant (must show) and against the reference agent (must not), so a probe
// that cannot tell the two apart fails; a plain session then checks the mutant otherwise works.

/** Starts an agent: the mutant under test or the reference, with the same options. */
export type Spawn = (options?: Omit<SpawnOptions, 'mutant'>) => AgentProcess;

/** Whether the defect showed. */
export type Probe = (spawn: Spawn) => Promise<boolean>;

/** Grace for a reaction that the reference gives in milliseconds (an exit, an answer). */
const GRACE_MS = 3_000;

const longStream = async (agent: AgentProcess, sessionId: string, id: string | number = `prompt-${Math.random()}`) => {
  const prompt = agent.request('session/prompt', textPrompt(sessionId, '[scenario:long-stream]'), id);
  await agent.waitFor((frame) => frame.params?.update?.sessionUpdate === 'agent_message_chunk' && frame.params.sessionId === sessionId);
  return prompt;
};
const cancelledLongStream = async (spawn: Spawn) => {
  const agent = spawn();
  const sessionId = await agent.start();
  const prompt = longStream(agent, sessionId);
  await agent.waitFor(isChunk);
  agent.notify('session/cancel', { sessionId });
  return { agent, sessionId, response: await prompt };
};
const isChunk = (frame: any) => frame.method === 'session/update' && frame.params?.update?.sessionUpdate === 'agent_message_chunk';
const withFixture = () => {
  const log = join(freshDir('mcp'), 'mcp.log');
  return { log, server: { name: 'fixture', command: process.execPath, args: [mcpFixture, log], env: [] } };
};
const isValidUtf8 = (bytes: Buffer) => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};
const within = <T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> => Promise.race([promise, delay(ms).then(() => 'timeout' as const)]);
const childrenOf = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const stopReasonOf = async (agent: AgentProcess, sessionId: string, text: string) => (await agent.request('session/prompt', textPrompt(sessionId, text))).result?.stopReason;
const loadInFreshProcess = async (spawn: Spawn, method: 'session/load' | 'session/resume') => {
  const stateDir = freshDir('state');
  const first = spawn({ stateDir });
  const sessionId = await first.start();
  await first.request('session/prompt', textPrompt(sessionId, 'first turn'));
  await first.request('session/prompt', textPrompt(sessionId, '[scenario:chunks] second turn'));
  first.child.kill('SIGKILL');
  await first.exited;
  const second = spawn({ stateDir });
  await second.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
  const answer = await second.request(method, { sessionId, cwd: freshDir('cwd'), mcpServers: [] });
  const before = updatesOf(second, sessionId).filter((frame) => second.frames.indexOf(frame) < second.frames.indexOf(answer));
  return { second, sessionId, answer, before };
};

/** The probe of each mutant, by name. */
export const mutantProbes: Record<string, Probe> = {
  // Framing
  'banner-on-stdout': async (spawn) => {
    const agent = spawn();
    await agent.start();
    return !stdoutIsPure(agent);
  },
  'log-line-mid-run': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    await agent.request('session/prompt', textPrompt(sessionId, 'hi'));
    return !stdoutIsPure(agent);
  },
  'blank-line-on-stdout': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    await agent.request('session/prompt', textPrompt(sessionId, 'hi'));
    return agent.lines.includes('');
  },
  'unterminated-last-message': async (spawn) => {
    const agent = spawn();
    await agent.start();
    agent.closeStdin();
    await agent.exited;
    return !agent.stdout().toString('utf8').endsWith('\n');
  },
  'latin1-in-notification': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    await agent.request('session/prompt', textPrompt(sessionId, 'hi'));
    return !isValidUtf8(agent.stdout());
  },
  'notification-without-jsonrpc': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    await agent.request('session/prompt', textPrompt(sessionId, 'hi'));
    return agent.frames.some((frame) => frame.method !== undefined && frame.jsonrpc !== '2.0');
  },
  'duplicate-session-new-response': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    await agent.request('session/prompt', textPrompt(sessionId, 'hi'));
    return agent.frames.filter((frame) => frame.result?.sessionId === sessionId).length > 1;
  },
  'answers-notifications': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    agent.notify('session/cancel', { sessionId });
    agent.notify('_vendor/notice', {});
    await agent.request('session/prompt', textPrompt(sessionId, 'hi'));
    return agent.frames.some((frame) => 'id' in frame && frame.id === null);
  },
  'read-chunk-is-a-message': async (spawn) => {
    const agent = spawn();
    await agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
    const line = `${JSON.stringify({ jsonrpc: '2.0', id: 'split', method: 'session/new', params: { cwd: freshDir('cwd'), mcpServers: [] } })}\n`;
    agent.sendRaw(line.slice(0, 20));
    await delay(300);
    agent.sendRaw(line.slice(20));
    const answer = await agent.waitFor((frame) => frame.id === 'split' || frame.error?.code === -32700);
    return answer.id !== 'split';
  },
  'input-line-limit-64k': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    return exitsBefore(agent, agent.request('session/prompt', textPrompt(sessionId, 'x'.repeat(70_000))));
  },
  // Initialization
  'initialize-without-capabilities': async (spawn) => (await spawn().request('initialize', { protocolVersion: 1, clientCapabilities: {} })).result?.agentCapabilities === undefined,
  'version-mismatch-error': async (spawn) => (await spawn().request('initialize', { protocolVersion: 2, clientCapabilities: {} })).error !== undefined,
  'version-echo': async (spawn) => (await spawn().request('initialize', { protocolVersion: 2, clientCapabilities: {} })).result?.protocolVersion === 2,
  'session-capabilities-list-true': async (spawn) =>
    (await spawn().request('initialize', { protocolVersion: 1, clientCapabilities: {} })).result?.agentCapabilities?.sessionCapabilities?.list === true,
  'requires-client-capabilities': async (spawn) => (await spawn().request('initialize', { protocolVersion: 1 })).error !== undefined,
  'rejects-unknown-fields': async (spawn) =>
    (
      await spawn().request('initialize', {
        protocolVersion: 1,
        clientCapabilities: { fs: { readTextFile: true }, terminal: true, futureCapability: { x: 1 } },
        _meta: { 'vendor.example/trace': 'abc' },
      })
    ).error !== undefined,
  'no-agent-info': async (spawn) => (await spawn().request('initialize', { protocolVersion: 1, clientCapabilities: {} })).result?.agentInfo === undefined,
  'crash-before-initialize': async (spawn) => {
    const agent = spawn();
    return exitsBefore(agent, agent.request('session/new', { cwd: freshDir('cwd'), mcpServers: [] }));
  },
  'auth-required-exits': async (spawn) => {
    const agent = spawn();
    return exitsBefore(agent, agent.start());
  },
  // Sessions
  'duplicate-session-id': async (spawn) => {
    const agent = spawn();
    const first = await agent.start();
    return (await agent.request('session/new', { cwd: freshDir('cwd'), mcpServers: [] })).result?.sessionId === first;
  },
  'paths-under-spawn-directory': async (spawn) => {
    const agent = spawn();
    const cwd = freshDir('cwd');
    const sessionId = await agent.start({ cwd });
    await agent.request('session/prompt', textPrompt(sessionId, '[scenario:permission-read]'));
    const read = agent.clientRequests.find((frame) => frame.method === 'fs/read_text_file');
    return !String(read?.params.path).startsWith(`${cwd}/`);
  },
  'relative-paths': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    await agent.request('session/prompt', textPrompt(sessionId, '[scenario:permission-read]'));
    return !isAbsolute(String(agent.clientRequests.find((frame) => frame.method === 'fs/read_text_file')?.params.path));
  },
  'update-before-session-new-response': async (spawn) => {
    const agent = spawn();
    await agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
    const created = await agent.request('session/new', { cwd: freshDir('cwd'), mcpServers: [] });
    const update = await agent.waitFor((frame) => frame.method === 'session/update' && frame.params.sessionId === created.result.sessionId);
    return agent.frames.indexOf(update) < agent.frames.indexOf(created);
  },
  'unknown-session-adopted': async (spawn) => {
    const agent = spawn();
    await agent.start();
    return (await agent.request('session/prompt', textPrompt('sess_never_created', 'hi'))).result !== undefined;
  },
  'mcp-servers-ignored': async (spawn) => {
    const agent = spawn();
    const { log, server } = withFixture();
    await agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
    const sessionId = (await agent.request('session/new', { cwd: freshDir('cwd'), mcpServers: [server] })).result.sessionId;
    await agent.request('session/prompt', textPrompt(sessionId, '[scenario:mcp-tool]'));
    return !existsSync(log);
  },
  'mcp-listed-after-first-step': async (spawn) => {
    const agent = spawn();
    const { log, server } = withFixture();
    await agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
    await agent.request('session/new', { cwd: freshDir('cwd'), mcpServers: [server] });
    return !(existsSync(log) && readFileSync(log, 'utf8').includes('"tools/list"'));
  },
  'mcp-server-env-dropped': async (spawn) => {
    const agent = spawn();
    const { log, server } = withFixture();
    await agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
    await agent.request('session/new', { cwd: freshDir('cwd'), mcpServers: [{ ...server, env: [{ name: 'FIXTURE_ENV', value: 'given' }] }] });
    return !readFileSync(log, 'utf8').includes('"fixtureEnv":"given"');
  },
  'load-replays-last-turn': async (spawn) =>
    (await loadInFreshProcess(spawn, 'session/load')).before.filter((frame) => frame.params.update.sessionUpdate === 'user_message_chunk').length < 2,
  'load-replays-after-response': async (spawn) => (await loadInFreshProcess(spawn, 'session/load')).before.length === 0,
  'sessions-not-persisted': async (spawn) => (await loadInFreshProcess(spawn, 'session/load')).answer.error !== undefined,
  'resume-replays-history': async (spawn) => (await loadInFreshProcess(spawn, 'session/resume')).before.length > 0,
  'close-leaves-turn-running': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    const prompt = longStream(agent, sessionId);
    await agent.waitFor(isChunk);
    const closed = await agent.request('session/close', { sessionId });
    const from = agent.frames.indexOf(closed) + 1;
    return Promise.race([prompt.then(() => false), agent.waitFor(isChunk, from).then(() => true)]);
  },
  'config-answer-changed-only': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    return (await agent.request('session/set_config_option', { sessionId, configId: 'model', value: 'scripted-large' })).result?.configOptions.length !== 2;
  },
  'config-ignored-by-prompt': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    await agent.request('session/set_config_option', { sessionId, configId: 'model', value: 'scripted-large' });
    const from = agent.frames.length;
    await agent.request('session/prompt', textPrompt(sessionId, '[scenario:echo-config]'));
    const echoed = agent.frames.slice(from).find(isChunk);
    return JSON.parse(echoed?.params.update.content.text ?? '{}').model !== 'scripted-large';
  },
  'load-replays-agent-only': async (spawn) => !(await loadInFreshProcess(spawn, 'session/load')).before.some((frame) => frame.params.update.sessionUpdate === 'user_message_chunk'),
  'config-answer-stale-value': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    const answer = await agent.request('session/set_config_option', { sessionId, configId: 'model', value: 'scripted-large' });
    return answer.result?.configOptions.find((option: any) => option.id === 'model')?.currentValue !== 'scripted-large';
  },
  // Prompt turns
  'stop-reason-error': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    return (await stopReasonOf(agent, sessionId, '[scenario:max-tokens]')) === 'error';
  },
  'rejects-resource-link': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    return (await agent.request('session/prompt', { sessionId, prompt: [{ type: 'resource_link', uri: 'file:///tmp/a.txt', name: 'a.txt' }] })).error !== undefined;
  },
  'crash-on-unadvertised-content': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    return exitsBefore(agent, agent.request('session/prompt', { sessionId, prompt: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] }));
  },
  'chunk-content-as-string': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    await agent.request('session/prompt', textPrompt(sessionId, 'hi'));
    return updatesOf(agent, sessionId).some((frame) => typeof frame.params.update.content === 'string');
  },
  'update-after-response': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    const response = await agent.request('session/prompt', textPrompt(sessionId, 'hi'));
    await agent.request('session/set_config_option', { sessionId, configId: 'model', value: 'scripted-large' });
    return agent.frames.slice(agent.frames.indexOf(response)).some(isChunk);
  },
  'tool-call-update-unknown-id': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    await agent.request('session/prompt', textPrompt(sessionId, '[scenario:permission-read]'));
    const updates = updatesOf(agent, sessionId).map((frame) => frame.params.update);
    const announced = new Set(updates.filter((update) => update.sessionUpdate === 'tool_call').map((update) => update.toolCallId));
    return updates.some((update) => update.sessionUpdate === 'tool_call_update' && !announced.has(update.toolCallId));
  },
  'second-prompt-busy': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    await agent.request('session/prompt', textPrompt(sessionId, 'one'));
    return (await agent.request('session/prompt', textPrompt(sessionId, 'two'))).error !== undefined;
  },
  'updates-on-newest-session': async (spawn) => {
    const agent = spawn();
    const first = await agent.start();
    const second = (await agent.request('session/new', { cwd: freshDir('cwd'), mcpServers: [] })).result.sessionId;
    await agent.request('session/prompt', textPrompt(first, 'hi'));
    return agent.frames.some((frame) => isChunk(frame) && frame.params.sessionId === second);
  },
  // Cancellation
  'cancel-answered-end-turn': async (spawn) => (await cancelledLongStream(spawn)).response.result?.stopReason === 'end_turn',
  'cancel-answered-error': async (spawn) => (await cancelledLongStream(spawn)).response.error !== undefined,
  'cancelled-turn-never-answered': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    const prompt = longStream(agent, sessionId);
    await agent.waitFor(isChunk);
    agent.notify('session/cancel', { sessionId });
    return (await within(prompt, GRACE_MS)) === 'timeout';
  },
  'update-after-cancelled-response': async (spawn) => {
    const { agent, sessionId, response } = await cancelledLongStream(spawn);
    await agent.request('session/set_config_option', { sessionId, configId: 'model', value: 'scripted-large' });
    return agent.frames.slice(agent.frames.indexOf(response)).some(isChunk);
  },
  'permission-cancelled-end-turn': async (spawn) => {
    const agent = spawn({ answers: { 'session/request_permission': () => 'hold' } });
    const sessionId = await agent.start();
    const prompt = agent.request('session/prompt', textPrompt(sessionId, '[scenario:permission-read]'));
    const held = await agent.waitForHeld('session/request_permission');
    agent.notify('session/cancel', { sessionId });
    held.answer({ result: { outcome: { outcome: 'cancelled' } } });
    return (await prompt).result?.stopReason !== 'cancelled';
  },
  'idle-cancel-carries-over': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    agent.notify('session/cancel', { sessionId });
    return (await stopReasonOf(agent, sessionId, 'hi')) !== 'end_turn';
  },
  'cancel-request-unanswered': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    const prompt = longStream(agent, sessionId, 'p-1');
    await agent.waitFor(isChunk);
    agent.notify('$/cancel_request', { requestId: 'p-1' });
    return (await within(prompt, GRACE_MS)) === 'timeout';
  },
  // Agent-to-client requests
  'fs-without-capability': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start({ clientCapabilities: {} });
    await agent.request('session/prompt', textPrompt(sessionId, '[scenario:permission-read]'));
    return agent.clientRequests.some((frame) => frame.method?.startsWith('fs/'));
  },
  'terminal-without-capability': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start({ clientCapabilities: {} });
    await agent.request('session/prompt', textPrompt(sessionId, '[scenario:terminal]'));
    return agent.clientRequests.some((frame) => frame.method?.startsWith('terminal/'));
  },
  'terminal-never-released': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    await agent.request('session/prompt', textPrompt(sessionId, '[scenario:terminal]'));
    return !agent.clientRequests.some((frame) => frame.method === 'terminal/release');
  },
  'terminal-kept-on-cancel': async (spawn) => {
    const agent = spawn({ answers: { 'terminal/wait_for_exit': () => 'hold' } });
    const sessionId = await agent.start();
    const prompt = agent.request('session/prompt', textPrompt(sessionId, '[scenario:terminal]'));
    const held = await agent.waitForHeld('terminal/wait_for_exit');
    agent.notify('session/cancel', { sessionId });
    await agent.waitFor((frame) => frame.method === 'terminal/kill');
    held.answer({ result: { exitCode: null, signal: 'SIGKILL' } });
    const response = await prompt;
    return !agent.frames.slice(0, agent.frames.indexOf(response)).some((frame) => frame.method === 'terminal/release');
  },
  'permission-duplicate-option-ids': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    await agent.request('session/prompt', textPrompt(sessionId, '[scenario:permission-read]'));
    const options: { optionId: string }[] = agent.clientRequests.find((frame) => frame.method === 'session/request_permission')?.params.options ?? [];
    return new Set(options.map((option) => option.optionId)).size !== options.length;
  },
  'runs-tool-after-reject': async (spawn) => {
    const agent = spawn({ answers: { 'session/request_permission': () => ({ result: { outcome: { outcome: 'selected', optionId: 'reject-once' } } }) } });
    const sessionId = await agent.start();
    await agent.request('session/prompt', textPrompt(sessionId, '[scenario:fs-write]'));
    return agent.clientRequests.some((frame) => frame.method === 'fs/write_text_file');
  },
  'client-error-exits': async (spawn) => {
    const agent = spawn({ answers: { 'fs/read_text_file': () => ({ error: { code: -32603, message: 'Internal error' } }) } });
    const sessionId = await agent.start();
    return exitsBefore(agent, agent.request('session/prompt', textPrompt(sessionId, '[scenario:permission-read]')));
  },
  // Robustness
  'unknown-method-crash': async (spawn) => {
    const agent = spawn();
    await agent.start();
    return exitsBefore(agent, agent.request('_vendor/unknown', {}));
  },
  'unknown-notification-crash': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    agent.notify('_vendor/notice', {});
    return exitsBefore(agent, agent.request('session/prompt', textPrompt(sessionId, 'hi')));
  },
  'invalid-json-exits': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    agent.sendRaw('{"jsonrpc": "2.0", oops\n');
    return exitsBefore(agent, agent.request('session/prompt', textPrompt(sessionId, 'hi')));
  },
  'large-number-id-as-string': async (spawn) => {
    const agent = spawn();
    const sessionId = await agent.start();
    agent.send({ jsonrpc: '2.0', id: -7, method: 'session/set_config_option', params: { sessionId, configId: 'model', value: 'scripted-large' } });
    return typeof (await agent.waitFor((frame) => frame.id === -7 || frame.id === '-7')).id === 'string';
  },
  'extra-root-field': async (spawn) => {
    const agent = spawn();
    await agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
    const created = await agent.request('session/new', { cwd: freshDir('cwd'), mcpServers: [] });
    return Object.keys(created.result).some((key) => !['sessionId', 'configOptions', 'modes', '_meta'].includes(key));
  },
  // Lifecycle
  'no-exit-on-stdin-eof': async (spawn) => {
    const agent = spawn();
    await agent.start();
    agent.closeStdin();
    return (await within(agent.exited, GRACE_MS)) === 'timeout';
  },
  'ignores-sigterm': async (spawn) => {
    const agent = spawn();
    await agent.start();
    agent.child.kill('SIGTERM');
    return (await within(agent.exited, GRACE_MS)) === 'timeout';
  },
  'wrapper-leaves-child': async (spawn) => {
    const agent = spawn();
    await agent.start();
    const children = childrenOf(agent.child.pid ?? 0);
    agent.child.kill('SIGTERM');
    await agent.exited;
    await delay(500);
    const survivors = children.filter(isAlive);
    for (const pid of survivors) process.kill(pid, 'SIGKILL');
    return survivors.length > 0;
  },
  'latin1-on-stderr': async (spawn) => {
    const agent = spawn();
    await agent.start();
    return !isValidUtf8(agent.stderrBytes());
  },
};

/**
 * Runs `check` with a spawn function for the mutant (or the reference), then stops every agent it
 * started, whatever the outcome.
 */
async function withAgents<T>(mutant: string | undefined, check: (spawn: Spawn) => Promise<T>): Promise<T> {
  const started: AgentProcess[] = [];
  const spawn: Spawn = (options = {}) => {
    const agent = spawnAgent({ ...options, ...(mutant === undefined ? {} : { mutant }) });
    started.push(agent);
    return agent;
  };
  try {
    return await check(spawn);
  } finally {
    await Promise.all(started.map((agent) => stopAgent(agent)));
  }
}

/**
 * Declares, for each mutant, that its probe shows the defect on the mutant and not on the
 * reference, and that a plain session on the mutant otherwise works like the reference's. Each
 * check stops the agents it started, whatever its outcome.
 * @param mutants - the mutants of one family module
 * @param withoutPlainSession - mutants whose defect makes a plain session impossible
 */
export function describeMutants(mutants: readonly AcpMutant[], withoutPlainSession: readonly string[] = []): void {
  describe.each(mutants.map((mutant) => [mutant.name] as const))('%s', (name) => {
    const probe = mutantProbes[name];
    it('shows its defect', async () => {
      expect(probe, `no probe for ${name}`).toBeDefined();
      expect(await withAgents(name, probe!)).toBe(true);
    });
    it('the reference does not', async () => {
      expect(await withAgents(undefined, probe!)).toBe(false);
    });
    it.skipIf(withoutPlainSession.includes(name))('serves a plain session otherwise', async () => {
      await withAgents(name, async (spawn) => {
        const agent = spawn();
        const sessionId = await agent.start();
        expect((await agent.request('session/prompt', textPrompt(sessionId, 'hi'))).result).toEqual({ stopReason: 'end_turn' });
      });
    });
  });
}
