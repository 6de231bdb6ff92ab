import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CHUNK_COUNT, READ_FILE_NAME, WRITE_FILE_NAME } from './scriptedModel.js';
import { agentMain, mutantMain, freshDir, mcpFixture, spawnAgent, stdoutIsPure, stopAgent, textPrompt, updatesOf, type AgentProcess, type Frame } from './__test-helpers__/agentProcess.js';

// The reference agent over real stdio (the built dist/ entry, as a host runs it): every scenario of
// the scripted model, cancellation, load in a fresh process, close, config options, MCP, exit.

const running: AgentProcess[] = [];
function agent(...args: Parameters<typeof spawnAgent>): AgentProcess {
  const started = spawnAgent(...args);
  running.push(started);
  return started;
}
afterEach(async () => {
  for (const started of running.splice(0)) {
    expect(stdoutIsPure(started), `stdout: ${started.stdout().toString('utf8').slice(0, 500)}`).toBe(true);
    await stopAgent(started);
  }
});

const turnKinds = new Set(['agent_message_chunk', 'agent_thought_chunk', 'tool_call', 'tool_call_update', 'plan']);
const kindsOf = (frames: Frame[]) => frames.map((frame) => frame.params.update.sessionUpdate as string);
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const indexOf = (process: AgentProcess, frame: Frame) => process.frames.indexOf(frame);

describe('initialize', () => {
  it('advertises load, close, resume, stdio MCP, the baseline prompt content and agentInfo', async () => {
    const reference = agent();
    const answer = await reference.request('initialize', { protocolVersion: 1, clientCapabilities: {} }, 0);
    expect(answer.result).toEqual({
      protocolVersion: 1,
      agentCapabilities: {
        loadSession: true,
        promptCapabilities: { image: false, audio: false, embeddedContext: false },
        mcpCapabilities: { http: false, sse: false },
        sessionCapabilities: { close: {}, resume: {} },
      },
      authMethods: [],
      agentInfo: { name: 'acp-reference-agent', title: 'ACP reference agent (adapter-qualify)', version: '1.0.0' },
    });
  });

  it('answers a version it does not support with version 1, as a result', async () => {
    const reference = agent();
    for (const version of [0, 2, 7, 65535]) {
      const answer = await reference.request('initialize', { protocolVersion: version, clientCapabilities: {} });
      expect(answer.result?.protocolVersion, `asked for ${version}`).toBe(1);
    }
  });

  it('serves a session/new sent in the same write as initialize', async () => {
    const reference = agent();
    reference.sendRaw(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: 1 } })}\n${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'session/new', params: { cwd: freshDir('cwd'), mcpServers: [] } })}\n`,
    );
    const created = await reference.waitFor((frame) => frame.id === 2);
    expect(created.result?.sessionId).toMatch(/^sess_/);
  });
});

describe('sessions', () => {
  it('gives each session its own id and announces commands only after the session/new response', async () => {
    const reference = agent();
    const first = await reference.start();
    const second = (await reference.request('session/new', { cwd: freshDir('cwd'), mcpServers: [] })).result.sessionId;
    expect(second).not.toBe(first);
    const response = reference.frames.findIndex((frame) => frame.result?.sessionId === first);
    const announced = reference.frames.findIndex((frame) => frame.method === 'session/update' && frame.params.sessionId === first);
    await reference.waitFor((frame) => frame.method === 'session/update' && frame.params.sessionId === second);
    expect(announced === -1 || announced > response).toBe(true);
  });

  it('announces commands after the session/new response even when session/new reuses an answered request id', async () => {
    const reference = agent();
    await reference.request('initialize', { protocolVersion: 1, clientCapabilities: {} }, 5);
    const created = await reference.request('session/new', { cwd: freshDir('cwd'), mcpServers: [] }, 5);
    const sessionId = created.result.sessionId as string;
    const announced = await reference.waitFor((frame) => frame.method === 'session/update' && frame.params.sessionId === sessionId);
    expect(indexOf(reference, announced)).toBeGreaterThan(indexOf(reference, created));
  });

  it('answers requests for an unknown session with an error and keeps serving', async () => {
    const reference = agent();
    const sessionId = await reference.start();
    for (const [method, params] of [
      ['session/prompt', textPrompt('sess_unknown', 'hi')],
      ['session/set_config_option', { sessionId: 'sess_unknown', configId: 'model', value: 'scripted-large' }],
      ['session/load', { sessionId: 'sess_unknown', cwd: freshDir('cwd'), mcpServers: [] }],
    ] as const) {
      expect((await reference.request(method, params)).error?.code, method).toBe(-32002);
    }
    expect((await reference.request('session/prompt', textPrompt(sessionId, 'hi'))).result).toEqual({ stopReason: 'end_turn' });
  });

  it('set_config_option answers the complete list with the new value, and the next prompt uses it', async () => {
    const reference = agent();
    const sessionId = await reference.start();
    const set = await reference.request('session/set_config_option', { sessionId, configId: 'model', value: 'scripted-large' });
    expect(set.result.configOptions.map((option: { id: string; currentValue: string }) => [option.id, option.currentValue])).toEqual([
      ['model', 'scripted-large'],
      ['thought_level', 'low'],
    ]);
    expect(set.result.configOptions[0].category).toBe('model');
    expect((await reference.request('session/set_config_option', { sessionId, configId: 'model', value: 'gpt-9' })).error?.code).toBe(-32602);
    const from = reference.frames.length;
    await reference.request('session/prompt', textPrompt(sessionId, '[scenario:echo-config]'));
    const echoed = reference.frames.slice(from).find((frame) => frame.params?.update?.sessionUpdate === 'agent_message_chunk');
    expect(JSON.parse(echoed?.params.update.content.text)).toEqual({ model: 'scripted-large', thought_level: 'low' });
  });

  it('session/load in a fresh process replays the whole conversation before its response', async () => {
    const stateDir = freshDir('state');
    const first = agent({ stateDir });
    const sessionId = await first.start();
    await first.request('session/prompt', textPrompt(sessionId, 'first turn'));
    await first.request('session/prompt', textPrompt(sessionId, '[scenario:chunks] second turn'));
    const sent = kindsOf(updatesOf(first, sessionId)).filter((kind) => turnKinds.has(kind));
    first.child.kill('SIGKILL');
    await first.exited;

    const second = agent({ stateDir });
    await second.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
    const loaded = await second.request('session/load', { sessionId, cwd: freshDir('cwd'), mcpServers: [] }, 'load-1');
    const replayed = updatesOf(second, sessionId);
    expect(replayed.every((frame) => indexOf(second, frame) < indexOf(second, loaded))).toBe(true);
    expect(kindsOf(replayed).filter((kind) => kind === 'user_message_chunk')).toHaveLength(2);
    expect(kindsOf(replayed).filter((kind) => turnKinds.has(kind))).toEqual(sent);
    expect(loaded.result.configOptions).toHaveLength(2);
    expect((await second.request('session/prompt', textPrompt(sessionId, 'third'))).result).toEqual({ stopReason: 'end_turn' });
  });

  it('session/resume replays nothing', async () => {
    const stateDir = freshDir('state');
    const first = agent({ stateDir });
    const sessionId = await first.start();
    await first.request('session/prompt', textPrompt(sessionId, 'hello'));
    const second = agent({ stateDir });
    await second.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
    const resumed = await second.request('session/resume', { sessionId, cwd: freshDir('cwd') });
    expect(resumed.result.configOptions).toHaveLength(2);
    expect(updatesOf(second, sessionId)).toEqual([]);
  });

  it('session/close during a turn ends that turn cancelled', async () => {
    const reference = agent();
    const sessionId = await reference.start();
    const prompt = reference.request('session/prompt', textPrompt(sessionId, '[scenario:long-stream]'));
    await reference.waitFor((frame) => frame.params?.update?.sessionUpdate === 'agent_message_chunk');
    const closed = await reference.request('session/close', { sessionId });
    expect(closed.result).toEqual({});
    expect((await prompt).result).toEqual({ stopReason: 'cancelled' });
  });
});

describe('prompt turns', () => {
  it.each([
    ['plain', 'end_turn', 1],
    ['chunks', 'end_turn', CHUNK_COUNT],
    ['max-tokens', 'max_tokens', CHUNK_COUNT],
    ['refusal', 'refusal', 0],
  ] as const)('%s ends %s after %i chunks, with no update after the response', async (scenario, stopReason, chunks) => {
    const reference = agent();
    const sessionId = await reference.start();
    const from = reference.frames.length;
    const response = await reference.request('session/prompt', textPrompt(sessionId, `[scenario:${scenario}]`));
    expect(response.result).toEqual({ stopReason });
    const turn = reference.frames.slice(from, indexOf(reference, response));
    expect(turn.filter((frame) => frame.params?.update?.sessionUpdate === 'agent_message_chunk')).toHaveLength(chunks);
    await reference.request('session/prompt', textPrompt(sessionId, 'next'));
  });

  it('accepts resource_link blocks and refuses an unadvertised image block with invalid params', async () => {
    const reference = agent();
    const sessionId = await reference.start();
    const link = await reference.request('session/prompt', { sessionId, prompt: [{ type: 'resource_link', uri: 'file:///tmp/x.txt', name: 'x.txt' }] });
    expect(link.result).toEqual({ stopReason: 'end_turn' });
    const image = await reference.request('session/prompt', { sessionId, prompt: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] });
    expect(image.error?.code).toBe(-32602);
  });

  it('permission-read: tool call, permission, fs read under the session cwd, completed, end_turn', async () => {
    const reference = agent();
    const cwd = freshDir('cwd');
    const sessionId = await reference.start({ cwd });
    const from = reference.frames.length;
    expect((await reference.request('session/prompt', textPrompt(sessionId, '[scenario:permission-read]'))).result).toEqual({ stopReason: 'end_turn' });
    const steps = reference.frames.slice(from).map((frame) => (frame.method === 'session/update' ? frame.params.update.sessionUpdate : (frame.method ?? 'response')));
    expect(steps.filter((step) => step !== 'available_commands_update')).toEqual([
      'tool_call',
      'session/request_permission',
      'tool_call_update',
      'fs/read_text_file',
      'tool_call_update',
      'agent_message_chunk',
      'response',
    ]);
    const read = reference.clientRequests.find((frame) => frame.method === 'fs/read_text_file');
    expect(read?.params.path).toBe(join(cwd, READ_FILE_NAME));
    const permission = reference.clientRequests.find((frame) => frame.method === 'session/request_permission');
    expect(new Set(permission?.params.options.map((option: { optionId: string }) => option.optionId)).size).toBe(3);
  });

  it('without the fs or terminal capability it sends no fs or terminal request', async () => {
    const reference = agent();
    const sessionId = await reference.start({ clientCapabilities: {} });
    for (const scenario of ['permission-read', 'fs-write', 'terminal']) {
      expect((await reference.request('session/prompt', textPrompt(sessionId, `[scenario:${scenario}]`))).result).toEqual({ stopReason: 'end_turn' });
    }
    expect(reference.clientRequests.map((frame) => frame.method)).toEqual(['session/request_permission', 'session/request_permission', 'session/request_permission']);
  });

  it('fs-write writes an absolute path under the cwd; after reject_once nothing is written', async () => {
    let reject = false;
    const reference = agent({
      answers: { 'session/request_permission': () => ({ result: { outcome: { outcome: 'selected', optionId: reject ? 'reject-once' : 'allow-once' } } }) },
    });
    const cwd = freshDir('cwd');
    const sessionId = await reference.start({ cwd });
    await reference.request('session/prompt', textPrompt(sessionId, '[scenario:fs-write]'));
    expect(reference.clientRequests.filter((frame) => frame.method === 'fs/write_text_file').map((frame) => frame.params.path)).toEqual([join(cwd, WRITE_FILE_NAME)]);
    reject = true;
    expect((await reference.request('session/prompt', textPrompt(sessionId, '[scenario:fs-write]'))).result).toEqual({ stopReason: 'end_turn' });
    expect(reference.clientRequests.filter((frame) => frame.method === 'fs/write_text_file')).toHaveLength(1);
  });

  it('an error answer to an fs request ends the turn with a stop reason, and the agent keeps serving', async () => {
    const reference = agent({ answers: { 'fs/read_text_file': () => ({ error: { code: -32002, message: 'Resource not found' } }) } });
    const sessionId = await reference.start();
    expect((await reference.request('session/prompt', textPrompt(sessionId, '[scenario:permission-read]'))).result).toEqual({ stopReason: 'end_turn' });
    expect((await reference.request('session/prompt', textPrompt(sessionId, 'again'))).result).toEqual({ stopReason: 'end_turn' });
  });

  it('terminal: create, wait_for_exit, output, release, in that order, before the response', async () => {
    const reference = agent();
    const sessionId = await reference.start();
    await reference.request('session/prompt', textPrompt(sessionId, '[scenario:terminal]'));
    expect(reference.clientRequests.map((frame) => frame.method)).toEqual(['session/request_permission', 'terminal/create', 'terminal/wait_for_exit', 'terminal/output', 'terminal/release']);
  });

  it('mcp-tool: the stdio server is started and listed before session/new answers, and its tool is called', async () => {
    const log = join(freshDir('mcp'), 'mcp.log');
    const reference = agent();
    await reference.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
    const created = await reference.request('session/new', {
      cwd: freshDir('cwd'),
      mcpServers: [{ name: 'fixture', command: process.execPath, args: [mcpFixture, log], env: [] }],
    });
    const listedBeforeResponse = readFileSync(log, 'utf8');
    expect(listedBeforeResponse).toContain('"tools/list"');
    const sessionId = created.result.sessionId;
    await reference.request('session/prompt', textPrompt(sessionId, '[scenario:mcp-tool]'));
    expect(readFileSync(log, 'utf8')).toContain('"tools/call"');
    const completed = updatesOf(reference, sessionId).find((frame) => frame.params.update.status === 'completed');
    expect(completed?.params.update.content[0].content.text).toContain('echo: hello');
  });
});

describe('cancellation', () => {
  it('a long stream cancelled ends cancelled, with no update after the response', async () => {
    const reference = agent();
    const sessionId = await reference.start();
    const prompt = reference.request('session/prompt', textPrompt(sessionId, '[scenario:long-stream]'));
    await reference.waitFor((frame) => frame.params?.update?.content?.text === 'stream chunk 5. ');
    reference.notify('session/cancel', { sessionId });
    const response = await prompt;
    expect(response.result).toEqual({ stopReason: 'cancelled' });
    await reference.request('session/prompt', textPrompt(sessionId, 'next'));
    const after = reference.frames.slice(indexOf(reference, response) + 1).filter((frame) => frame.method === 'session/update');
    expect(after.every((frame) => frame.params.update.content?.text === 'Hello from the ACP reference agent.')).toBe(true);
  });

  it('a pending permission answered cancelled ends the turn cancelled', async () => {
    const reference = agent({ answers: { 'session/request_permission': () => 'hold' } });
    const sessionId = await reference.start();
    const prompt = reference.request('session/prompt', textPrompt(sessionId, '[scenario:permission-read]'));
    const held = await reference.waitForHeld('session/request_permission');
    reference.notify('session/cancel', { sessionId });
    held.answer({ result: { outcome: { outcome: 'cancelled' } } });
    expect((await prompt).result).toEqual({ stopReason: 'cancelled' });
    expect(reference.clientRequests.some((frame) => frame.method === 'fs/read_text_file')).toBe(false);
  });

  it('a cancel while terminal/wait_for_exit is held still releases the terminal before answering cancelled', async () => {
    const reference = agent({ answers: { 'terminal/wait_for_exit': () => 'hold' } });
    const sessionId = await reference.start();
    const prompt = reference.request('session/prompt', textPrompt(sessionId, '[scenario:terminal]'));
    const held = await reference.waitForHeld('terminal/wait_for_exit');
    reference.notify('session/cancel', { sessionId });
    await reference.waitFor((frame) => frame.method === 'terminal/kill');
    held.answer({ result: { exitCode: null, signal: 'SIGKILL' } });
    const response = await prompt;
    expect(response.result).toEqual({ stopReason: 'cancelled' });
    const release = reference.frames.findIndex((frame) => frame.method === 'terminal/release');
    expect(release).toBeGreaterThan(-1);
    expect(release).toBeLessThan(indexOf(reference, response));
  });

  it.each(['fs/read_text_file', 'terminal/wait_for_exit'])('a cancel and the answer to the held %s in one write end the turn cancelled', async (method) => {
    const reference = agent({ answers: { [method]: () => 'hold' } });
    const sessionId = await reference.start();
    const scenario = method.startsWith('fs/') ? 'permission-read' : 'terminal';
    const prompt = reference.request('session/prompt', textPrompt(sessionId, `[scenario:${scenario}]`));
    const held = await reference.waitForHeld(method);
    const result = method.startsWith('fs/') ? { content: 'notes' } : { exitCode: 0 };
    reference.sendRaw(`${JSON.stringify({ jsonrpc: '2.0', method: 'session/cancel', params: { sessionId } })}\n${JSON.stringify({ jsonrpc: '2.0', id: held.frame.id, result })}\n`);
    expect((await prompt).result).toEqual({ stopReason: 'cancelled' });
  });

  it('a cancel with no turn running changes nothing', async () => {
    const reference = agent();
    const sessionId = await reference.start();
    reference.notify('session/cancel', { sessionId });
    expect((await reference.request('session/prompt', textPrompt(sessionId, 'hi'))).result).toEqual({ stopReason: 'end_turn' });
  });

  it('$/cancel_request of a prompt still gets exactly one response', async () => {
    const reference = agent();
    const sessionId = await reference.start();
    const prompt = reference.request('session/prompt', textPrompt(sessionId, '[scenario:long-stream]'), 'p-1');
    await reference.waitFor((frame) => frame.params?.update?.sessionUpdate === 'agent_message_chunk');
    reference.notify('$/cancel_request', { requestId: 'p-1' });
    expect((await prompt).result).toEqual({ stopReason: 'cancelled' });
    await reference.request('session/prompt', textPrompt(sessionId, 'next'));
    expect(reference.frames.filter((frame) => frame.id === 'p-1')).toHaveLength(1);
  });
});

describe('robustness', () => {
  it('unknown methods get -32601, unknown notifications and invalid JSON do not stop it, ids keep their type', async () => {
    const reference = agent();
    const sessionId = await reference.start();
    expect((await reference.request('_vendor/unknown', {})).error?.code).toBe(-32601);
    reference.notify('_vendor/notice', { x: 1 });
    reference.sendRaw('{not json\n');
    for (const id of [0, -5, 2 ** 53 - 1, 'ü-id']) {
      const answer = await reference.request('session/set_config_option', { sessionId, configId: 'thought_level', value: 'high' }, id);
      expect(answer.id).toStrictEqual(id);
    }
    expect(reference.frames.some((frame) => frame.error?.code === -32700)).toBe(true);
    expect(reference.frames.filter((frame) => 'id' in frame && frame.id === null && frame.error?.code !== -32700)).toEqual([]);
  });

  it('a request line of 8 MiB gets a response', async () => {
    const reference = agent();
    const sessionId = await reference.start();
    const answer = await reference.request('session/prompt', textPrompt(sessionId, 'x'.repeat(8 * 1024 * 1024)));
    expect(answer.result).toEqual({ stopReason: 'end_turn' });
  });
});

describe('lifecycle', () => {
  it.each([
    [['--bogus'], 'unexpected argument "--bogus"'],
    [['--state-dir'], 'unexpected argument "--state-dir"'],
    [['--mutant', 'no-such-mutant'], 'unknown mutant "no-such-mutant"; one of: banner-on-stdout,', mutantMain],
    [['--mutant', 'banner-on-stdout'], 'the reference agent has none'],
  ])('%j exits 2 before serving, saying why on stderr', async (args, message, main = agentMain) => {
    const child = spawn(process.execPath, [main, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
  });

  it('exits promptly on stdin EOF mid-turn, and its MCP server with it', async () => {
    const log = join(freshDir('mcp'), 'mcp.log');
    const reference = agent();
    await reference.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
    const sessionId = (await reference.request('session/new', { cwd: freshDir('cwd'), mcpServers: [{ name: 'fixture', command: process.execPath, args: [mcpFixture, log], env: [] }] }))
      .result.sessionId;
    void reference.request('session/prompt', textPrompt(sessionId, '[scenario:long-stream]')).catch(() => {});
    await reference.waitFor((frame) => frame.params?.update?.sessionUpdate === 'agent_message_chunk');
    const closedAt = Date.now();
    reference.closeStdin();
    const exit = await reference.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - closedAt).toBeLessThan(5_000);
    const serverPid = (JSON.parse(readFileSync(log, 'utf8').split('\n')[0] ?? '{}') as { pid: number }).pid;
    await expect.poll(() => isAlive(serverPid), { timeout: 5_000 }).toBe(false);
  });

  it('exits on SIGTERM', async () => {
    const reference = agent();
    await reference.start();
    const sentAt = Date.now();
    reference.child.kill('SIGTERM');
    const exit = await reference.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - sentAt).toBeLessThan(5_000);
  });
});
