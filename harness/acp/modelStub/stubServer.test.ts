import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../../__test-helpers__/until.js';
import { geminiWire } from './geminiWire.js';
import { startModelStub, type ModelStub, type ModelStubOptions } from './index.js';
import { DEFAULT_CHUNK_COUNT, type ScriptSettings } from './scenarioEngine.js';
import { serializeSseEvent, startStubServer, type ProviderWire } from './stubServer.js';

// The stub through plain HTTP, as an agent reaches it: the Gemini wire module behind the shared
// server. No agent is needed; these requests are what gemini-cli sends, cut to what matters.

const running: ModelStub[] = [];
const script: ScriptSettings = { readPath: 'notes.txt', writePath: 'out.txt', writeContent: '', shellCommand: 'echo hi', mcpToolName: undefined, chunkCount: DEFAULT_CHUNK_COUNT };

async function stub(options: Partial<ModelStubOptions> = {}): Promise<ModelStub> {
  const started = await startModelStub({ provider: 'gemini', chunkCount: 3, ...options });
  running.push(started);
  return started;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((started) => started.stop()));
});

const tools = [
  {
    functionDeclarations: [
      { name: 'read_file', parametersJsonSchema: { type: 'object', properties: { file_path: { type: 'string' } }, required: ['file_path'] } },
      { name: 'run_shell_command', parametersJsonSchema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] } },
      { name: 'mcp_fixture_record_note', parametersJsonSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
    ],
  },
];

function turn(prompt: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { contents: [{ role: 'user', parts: [{ text: '<session_context>…</session_context>' }, { text: prompt }] }], tools, ...extra };
}

const STREAM = '/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse';

async function post(base: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

/**
 * The events of a server-sent event stream, checked strictly: every event is exactly one
 * `data: <JSON>` line followed by a blank line, and nothing follows the last event.
 */
function sseEvents(raw: string): Record<string, unknown>[] {
  expect(raw.endsWith('\n\n')).toBe(true);
  return raw
    .slice(0, -2)
    .split('\n\n')
    .map((event) => {
      expect(event).toMatch(/^data: [^\n]+$/);
      return JSON.parse(event.slice('data: '.length)) as Record<string, unknown>;
    });
}

type Candidate = { content?: { role: string; parts: Record<string, unknown>[] }; finishReason?: string };
const candidateOf = (chunk: Record<string, unknown>): Candidate => (chunk['candidates'] as Candidate[])[0]!;

describe('the Gemini stub over HTTP', () => {
  it('streams the chunks scenario as server-sent events, one text part each, the finish reason on the last', async () => {
    const model = await stub();
    const response = await post(model.baseUrl, STREAM, turn('Go. [scenario:chunks]'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = sseEvents(await response.text());
    expect(events.map((event) => candidateOf(event).content?.parts)).toEqual([[{ text: 'chunk 1 of 3. ' }], [{ text: 'chunk 2 of 3. ' }], [{ text: 'chunk 3 of 3. ' }]]);
    expect(events.map((event) => candidateOf(event).finishReason)).toEqual([undefined, undefined, 'STOP']);
    expect(events.at(-1)?.['usageMetadata']).toBeDefined();
  });

  it('answers generateContent whole, texts joined into one part', async () => {
    const model = await stub();
    const response = await post(model.baseUrl, '/v1beta/models/gemini-2.5-pro:generateContent', turn('[scenario:max-tokens]'));
    const body = (await response.json()) as Record<string, unknown>;
    expect(candidateOf(body)).toEqual({ content: { role: 'model', parts: [{ text: 'chunk 1 of 3. chunk 2 of 3. chunk 3 of 3. ' }] }, index: 0, finishReason: 'MAX_TOKENS' });
  });

  it('calls a declared tool, then answers the final text after its result, and records both steps', async () => {
    const model = await stub({ mcpToolName: 'record_note' });
    const first = sseEvents(await (await post(model.baseUrl, STREAM, turn('[scenario:terminal]'))).text());
    expect(first).toHaveLength(1);
    expect(candidateOf(first[0]!)).toMatchObject({
      content: { parts: [{ functionCall: { name: 'run_shell_command', args: { command: 'echo hello from the model stub' } } }] },
      finishReason: 'STOP',
    });
    const followUp = turn('[scenario:terminal]');
    followUp['contents'] = [
      ...(followUp['contents'] as unknown[]),
      { role: 'model', parts: [{ functionCall: { name: 'run_shell_command', args: {} } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'run_shell_command', response: { output: 'hi' } } }] },
    ];
    const second = sseEvents(await (await post(model.baseUrl, STREAM, followUp)).text());
    expect(candidateOf(second[0]!).content?.parts[0]).toEqual({ text: "Done: the terminal scenario's tool ran." });
    expect(model.requests().map(({ scenario, step, toolChosen, mcpToolDeclared, declaredTools }) => ({ scenario, step, toolChosen, mcpToolDeclared, declaredTools }))).toEqual([
      { scenario: 'terminal', step: 'first', toolChosen: 'run_shell_command', mcpToolDeclared: true, declaredTools: ['read_file', 'run_shell_command', 'mcp_fixture_record_note'] },
      { scenario: 'terminal', step: 'after-tool-result', toolChosen: undefined, mcpToolDeclared: true, declaredTools: ['read_file', 'run_shell_command', 'mcp_fixture_record_note'] },
    ]);
  });

  it('records whether the MCP tool was declared, request by request', async () => {
    const model = await stub({ mcpToolName: 'record_note' });
    await (await post(model.baseUrl, STREAM, turn('hi', { tools: [] }))).text();
    await (await post(model.baseUrl, STREAM, turn('hi'))).text();
    expect(model.requests().map((record) => record.mcpToolDeclared)).toEqual([false, true]);
    const withoutName = await stub();
    await (await post(withoutName.baseUrl, STREAM, turn('hi'))).text();
    expect(withoutName.requests()[0]?.mcpToolDeclared).toBeUndefined();
  });

  it('answers an agent’s structured request with JSON text matching its schema', async () => {
    const model = await stub({ mcpToolName: 'record_note' });
    const schema = { type: 'OBJECT', properties: { complexity_score: { type: 'INTEGER' } }, required: ['complexity_score'] };
    const response = await post(
      model.baseUrl,
      '/v1beta/models/gemini-2.5-flash-lite:generateContent',
      turn('[scenario:terminal]', { tools: undefined, generationConfig: { responseMimeType: 'application/json', responseJsonSchema: schema } }),
    );
    const text = candidateOf((await response.json()) as Record<string, unknown>).content?.parts[0]?.['text'];
    expect(JSON.parse(String(text))).toEqual({ complexity_score: 0 });
    expect(model.requests()[0]).toMatchObject({ step: 'structured', scenario: undefined, mcpToolDeclared: undefined, model: 'gemini-2.5-flash-lite' });
  });

  it('answers token counting and the model listing, and records them as not being model turns', async () => {
    const model = await stub();
    const counted = (await (await post(model.baseUrl, '/v1beta/models/gemini-2.5-pro:countTokens', { contents: [{ role: 'user', parts: [{ text: 'x' }] }] })).json()) as Record<
      string,
      unknown
    >;
    expect(counted['totalTokens']).toEqual(expect.any(Number));
    const listed = (await (await fetch(`${model.baseUrl}/v1beta/models`)).json()) as { models: { name: string }[] };
    expect(listed.models.map((entry) => entry.name)).toContain('models/gemini-2.5-pro');
    expect(model.requests().map(({ operation, isModelTurn, status }) => ({ operation, isModelTurn, status }))).toEqual([
      { operation: 'countTokens', isModelTurn: false, status: 200 },
      { operation: 'listModels', isModelTurn: false, status: 200 },
    ]);
  });

  it.each([
    ['an unknown path', 'POST', '/v2/whatever', '{}', 404, /^unknown path \/v2\/whatever/],
    ['an unsupported operation', 'POST', '/v1beta/models/m:embedContent', '{}', 404, /^unsupported operation embedContent/],
    ['a stream without alt=sse', 'POST', '/v1beta/models/m:streamGenerateContent', '{}', 400, /without alt=sse/],
    ['a body that is not JSON', 'POST', '/v1beta/models/m:generateContent', '{not json', 400, /not JSON/],
    ['contents that are not an array', 'POST', '/v1beta/models/m:generateContent', '{"contents":3}', 400, /"contents" is not an array/],
    ['a GET of an operation', 'GET', '/v1beta/models/m:generateContent', undefined, 405, /is POST/],
    ['an unknown scenario', 'POST', STREAM, JSON.stringify(turn('[scenario:bogus]')), 400, /^unknown scenario "bogus"/],
  ] as const)('answers %s with an HTTP error in Gemini’s error shape, and records why', async (_, method, path, body, status, reason) => {
    const model = await stub();
    const response = await fetch(`${model.baseUrl}${path}`, { method, ...(body === undefined ? {} : { body }) });
    expect(response.status).toBe(status);
    const error = ((await response.json()) as { error: { code: number; message: string } }).error;
    expect(error.code).toBe(status);
    expect(error.message).toMatch(/^\[model stub\] /);
    const [record] = model.requests();
    expect(record).toMatchObject({ method, path, status, end: 'answered' });
    expect(record?.reason).toMatch(reason);
  });

  it('keeps a long stream going until the client disconnects, and records that end', async () => {
    const model = await stub({ longStreamIntervalMs: 1 });
    const response = await post(model.baseUrl, STREAM, turn('[scenario:long-stream]'));
    const reader = response.body!.getReader();
    let received = '';
    while ((received.match(/\n\n/g) ?? []).length < 200) received += new TextDecoder().decode((await reader.read()).value);
    expect(sseEvents(received.slice(0, received.lastIndexOf('\n\n') + 2)).every((event) => candidateOf(event).finishReason === undefined)).toBe(true);
    expect(model.requests()[0]?.end).toBe('in-progress');
    await reader.cancel();
    expect(await until(() => model.requests()[0]?.end !== 'in-progress', 10_000)).toBe(true);
    expect(model.requests()[0]).toMatchObject({ scenario: 'long-stream', streamed: true, end: 'client-disconnected' });
  });

  it('holds a whole long-stream answer open, without a body, until the client disconnects', async () => {
    const model = await stub();
    const controller = new AbortController();
    const response = await fetch(`${model.baseUrl}/v1beta/models/gemini-2.5-pro:generateContent`, {
      method: 'POST',
      body: JSON.stringify(turn('[scenario:long-stream]')),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(model.requests()[0]).toMatchObject({ streamed: false, end: 'in-progress' });
    controller.abort();
    expect(await until(() => model.requests()[0]?.end !== 'in-progress', 10_000)).toBe(true);
    expect(model.requests()[0]?.end).toBe('client-disconnected');
  });

  it('ends a long stream when it stops, and records that end', async () => {
    const model = await stub();
    const ended = new Promise<string>((resolve) => {
      const request = httpRequest(`${model.baseUrl}${STREAM}`, { method: 'POST' }, (response) => {
        response.resume();
        response.once('data', () => void model.stop());
        response.once('close', () => resolve('closed'));
        response.once('error', () => resolve('closed'));
      });
      request.on('error', () => resolve('closed'));
      request.end(JSON.stringify(turn('[scenario:long-stream]')));
    });
    expect(await ended).toBe('closed');
    await model.stop();
    expect(model.requests()[0]?.end).toBe('stopped');
  });
});

describe('the stub’s listener', () => {
  it('listens on 127.0.0.1 only, at an ephemeral port, and nothing listens there after stop', async () => {
    const model = await stub();
    const port = Number(new URL(model.baseUrl).port);
    expect(model.baseUrl).toBe(`http://127.0.0.1:${port}`);
    expect(listeners(port)).toEqual(['127.0.0.1']);
    await model.stop();
    await model.stop();
    expect(listeners(port)).toEqual([]);
    await expect(canConnect(port)).resolves.toBe(false);
  });

  it('stops with a stream open and leaves nothing listening', async () => {
    const model = await stub();
    const port = Number(new URL(model.baseUrl).port);
    const response = await post(model.baseUrl, STREAM, turn('[scenario:long-stream]'));
    await response.body!.getReader().read();
    await model.stop();
    expect(listeners(port)).toEqual([]);
  });

  it('refuses invalid options with an error naming the option', async () => {
    await expect(startModelStub({ provider: 'openai' as 'gemini' })).rejects.toMatchObject({ name: 'UsageError', option: 'provider', message: expect.stringContaining('"openai", string') });
    await expect(startModelStub({ provider: 'gemini', chunkCount: 0 })).rejects.toMatchObject({ name: 'UsageError', option: 'chunkCount' });
    await expect(startModelStub({ provider: 'gemini', readPath: '' })).rejects.toMatchObject({ name: 'UsageError', option: 'readPath' });
  });

  it('refuses a body over its bound with 413, and records why', async () => {
    const server = await startStubServer({ wire: geminiWire, script, longStreamIntervalMs: 10, maxBodyBytes: 1000 });
    try {
      const response = await post(`http://127.0.0.1:${server.port}`, STREAM, turn('x'.repeat(2000)));
      expect(response.status).toBe(413);
      expect(server.records()[0]).toMatchObject({ status: 413, reason: 'request body larger than 1000 bytes', isModelTurn: false });
    } finally {
      await server.close();
    }
  });

  it('points an agent at itself through the variable it is given, or the provider’s usual one', async () => {
    const model = await stub();
    expect(model.envFor()).toEqual({ GOOGLE_GEMINI_BASE_URL: model.baseUrl });
    expect(model.envFor('MY_BASE_URL')).toEqual({ MY_BASE_URL: model.baseUrl });
  });
});

/** The addresses of the TCP sockets listening on `port` (IPv4 and IPv6), from the kernel's tables. */
function listeners(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const LISTEN = '0A';
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((table) => {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      return [];
    }
    return text
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[1]?.endsWith(`:${hexPort}`) === true && fields[3] === LISTEN)
      .map((fields) => hexAddress(fields[1]!.split(':')[0]!));
  });
}

function hexAddress(hex: string): string {
  if (hex.length !== 8) return hex;
  // IPv4 in /proc/net/tcp is little-endian.
  return [3, 2, 1, 0].map((index) => parseInt(hex.slice(index * 2, index * 2 + 2), 16)).join('.');
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('the server behind any provider', () => {
  /** A made-up wire API: the server and engine must drive it with no Gemini knowledge. */
  const toyWire: ProviderWire = {
    provider: 'toy',
    baseUrlEnv: 'TOY_BASE_URL',
    decode: (method, url, body) => {
      if (method !== 'POST' || url.pathname !== '/turn') return { kind: 'rejected', operation: undefined, status: 404, reason: `no ${url.pathname}` };
      const { text, tools: names } = JSON.parse(body) as { text: string; tools: string[] };
      const declaredTools = names.map((name) => ({ name, parameters: { type: 'object', properties: { command: { type: 'string' } } } }));
      return { kind: 'model', operation: 'turn', streaming: true, request: { latestUserText: text, endsWithToolResult: false, declaredTools, model: undefined, responseSchema: undefined } };
    },
    encodeWhole: (events) => events,
    encodeStream: function* (events) {
      for (const event of events) yield { event: event.type, data: event };
    },
    errorBody: (status, reason) => ({ status, reason }),
  };

  it('plays a scenario through another wire module, with named server-sent events', async () => {
    const server = await startStubServer({ wire: toyWire, script, longStreamIntervalMs: 10, maxBodyBytes: 1000 });
    try {
      const response = await post(`http://127.0.0.1:${server.port}`, '/turn', { text: '[scenario:terminal]', tools: ['exec_command'] });
      expect(await response.text()).toBe(
        'event: tool-call\ndata: {"type":"tool-call","name":"exec_command","args":{"command":"echo hi"}}\n\n' + 'event: finish\ndata: {"type":"finish","reason":"stop"}\n\n',
      );
      expect(server.records()[0]).toMatchObject({ operation: 'turn', scenario: 'terminal', toolChosen: 'exec_command', declaredTools: ['exec_command'] });
    } finally {
      await server.close();
    }
  });

  it('writes an event as one data line of JSON, after its name when it has one', () => {
    expect(serializeSseEvent({ data: { text: 'a\nb' } })).toBe('data: {"text":"a\\nb"}\n\n');
    expect(serializeSseEvent({ event: 'delta', data: 1 })).toBe('event: delta\ndata: 1\n\n');
  });
});
