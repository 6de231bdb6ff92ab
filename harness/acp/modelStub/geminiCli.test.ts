import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAcpTestClient, type AcpTestClient } from './__test-helpers__/acpTestClient.js';
import { startModelStub, type ModelStub } from './index.js';

// The real gemini-cli, pinned, through the model stub: one agent process, one session, the
// scenarios the stub plays, every model request checked in the stub's evidence. gemini-cli is
// installed in a folder of its own (never a dependency of this package); without it, this file
// is skipped and says why.

const PINNED_VERSION = '0.61.0';
const GEMINI_DIR_ENV = 'ADAPTER_QUALIFY_GEMINI_DIR';
const geminiDir = process.env[GEMINI_DIR_ENV] ?? '/tmp/adapter-qualify-gemini-cli';
const geminiPackage = join(geminiDir, 'node_modules', '@google', 'gemini-cli');
const geminiEntry = join(geminiPackage, 'bundle', 'gemini.js');
const installed = existsSync(geminiEntry);
// A CI step that points at an install expects it there: missing is then a failure, not a skip.
const required = process.env[GEMINI_DIR_ENV] !== undefined;
const skipReason =
  installed || required
    ? ''
    : ` (skipped: no gemini-cli at ${geminiEntry}; install it with \`npm install @google/gemini-cli@${PINNED_VERSION}\` in a folder of its own and set ${GEMINI_DIR_ENV} to that folder)`;
const mcpServer = fileURLToPath(new URL('./__test-helpers__/mcpRecordingServer.mjs', import.meta.url));

describe.runIf(required && !installed)(`gemini-cli at ${GEMINI_DIR_ENV}`, () => {
  it('is installed where the variable points', () => {
    expect.fail(`${GEMINI_DIR_ENV}=${geminiDir}, but ${geminiEntry} does not exist`);
  });
});

describe.skipIf(!installed)(`gemini-cli ${PINNED_VERSION} --acp through the model stub${skipReason}`, () => {
  let stub: ModelStub;
  let client: AcpTestClient;
  let root: string;
  let cwd: string;
  let sessionId: string;
  let mcpLog: string;
  let startUpMs: number;

  beforeAll(async () => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'model-stub-gemini-')));
    const home = join(root, 'home');
    cwd = join(root, 'cwd');
    for (const folder of [home, cwd]) mkdirSync(folder);
    mcpLog = join(root, 'mcp.log');
    const settings = join(root, 'system-settings.json');
    // Usage statistics off: without it gemini-cli tries to reach play.googleapis.com.
    writeFileSync(settings, JSON.stringify({ privacy: { usageStatisticsEnabled: false } }));
    writeFileSync(join(cwd, 'notes.txt'), 'notes on disk\n');
    stub = await startModelStub({ provider: 'gemini', mcpToolName: 'record_note', chunkCount: 12 });
    const started = performance.now();
    client = startAcpTestClient(process.execPath, [geminiEntry, '--acp'], {
      cwd,
      env: {
        PATH: process.env['PATH'] ?? '/usr/bin:/bin',
        HOME: home,
        TERM: 'dumb',
        GEMINI_API_KEY: 'test',
        // Without trust, gemini-cli refuses stdio MCP servers and "allow always" answers.
        GEMINI_CLI_TRUST_WORKSPACE: 'true',
        GEMINI_CLI_SYSTEM_SETTINGS_PATH: settings,
        ...stub.envFor('GOOGLE_GEMINI_BASE_URL'),
      },
      script: {
        files: new Map([
          [join(cwd, 'notes.txt'), 'notes served by the client\n'],
          // gemini-cli reads the target before writing, and fails the write when the client answers
          // that a new file is not found (docs/model-stub.md): the target exists here.
          [join(cwd, 'acp-reference-output.txt'), 'old content\n'],
        ]),
      },
    });
    const initialized = await client.call('initialize', { protocolVersion: 1, clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: true } });
    expect(initialized['protocolVersion']).toBe(1);
    const session = await client.call('session/new', { cwd, mcpServers: [{ name: 'fixture', command: process.execPath, args: [mcpServer, mcpLog], env: [] }] });
    sessionId = String(session['sessionId']);
    startUpMs = performance.now() - started;
  }, 180_000);

  afterAll(async () => {
    await client?.close();
    await stub?.stop();
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
  });

  const prompt = (text: string): Promise<Record<string, unknown>> => client.call('session/prompt', { sessionId, prompt: [{ type: 'text', text }] });
  /** The stub's records since `from` that are conversational turns (not gemini-cli's own router requests). */
  const turnsSince = (from: number) =>
    stub
      .requests()
      .slice(from)
      .filter((record) => record.isModelTurn && record.step !== 'structured');
  const textsSince = (from: number): string =>
    client.updates
      .slice(from)
      .filter((update) => update['sessionUpdate'] === 'agent_message_chunk')
      .map((update) => String((update['content'] as { text?: string }).text ?? ''))
      .join('');

  it('is the pinned version, and started (spawn to session/new answered)', () => {
    const manifest = JSON.parse(readFileSync(join(geminiPackage, 'package.json'), 'utf8')) as { version: string };
    expect(manifest.version).toBe(PINNED_VERSION);
    expect(startUpMs).toBeGreaterThan(0);
    console.info(`gemini-cli start-up (spawn to session/new answered): ${Math.round(startUpMs)} ms`);
  });

  it('plays plain: the stub’s text comes back as the agent’s message, end_turn', async () => {
    const [records, updates] = [stub.requests().length, client.updates.length];
    await expect(prompt('Say hello. [scenario:plain]')).resolves.toMatchObject({ stopReason: 'end_turn' });
    expect(textsSince(updates)).toBe('Hello from the model stub.');
    expect(turnsSince(records)).toMatchObject([{ operation: 'streamGenerateContent', streamed: true, scenario: 'plain', step: 'first', status: 200, end: 'answered' }]);
  }, 120_000);

  it('plays chunks: every streamed chunk arrives, in order', async () => {
    const [records, updates] = [stub.requests().length, client.updates.length];
    await expect(prompt('Count. [scenario:chunks]')).resolves.toMatchObject({ stopReason: 'end_turn' });
    expect(textsSince(updates)).toBe(Array.from({ length: 12 }, (_, index) => `chunk ${index + 1} of 12. `).join(''));
    expect(turnsSince(records).map((record) => record.scenario)).toEqual(['chunks']);
  }, 120_000);

  it('plays permission-read: the stub calls the agent’s declared file-read tool, then answers after its result', async () => {
    const records = stub.requests().length;
    await expect(prompt('Read the notes. [scenario:permission-read]')).resolves.toMatchObject({ stopReason: 'end_turn' });
    expect(turnsSince(records).map(({ step, toolChosen, reason }) => ({ step, toolChosen, reason }))).toEqual([
      { step: 'first', toolChosen: 'read_file', reason: undefined },
      { step: 'after-tool-result', toolChosen: undefined, reason: undefined },
    ]);
  }, 120_000);

  it('plays fs-write: the stub calls the agent’s declared file-write tool, and the content reaches the client’s fs/write_text_file', async () => {
    const [records, requests] = [stub.requests().length, client.agentRequests.length];
    await expect(prompt('Write it. [scenario:fs-write]')).resolves.toMatchObject({ stopReason: 'end_turn' });
    expect(turnsSince(records).map(({ step, toolChosen }) => ({ step, toolChosen }))).toEqual([
      { step: 'first', toolChosen: 'write_file' },
      { step: 'after-tool-result', toolChosen: undefined },
    ]);
    const writes = client.agentRequests.slice(requests).filter((request) => request.method === 'fs/write_text_file');
    expect(writes.map((request) => request.params)).toEqual([{ sessionId, path: join(cwd, 'acp-reference-output.txt'), content: 'written by the model stub\n' }]);
  }, 120_000);

  it('plays terminal: the stub calls the agent’s declared shell tool, then answers after its result', async () => {
    const records = stub.requests().length;
    await expect(prompt('Run it. [scenario:terminal]')).resolves.toMatchObject({ stopReason: 'end_turn' });
    expect(turnsSince(records).map(({ step, toolChosen }) => ({ step, toolChosen }))).toEqual([
      { step: 'first', toolChosen: 'run_shell_command' },
      { step: 'after-tool-result', toolChosen: undefined },
    ]);
  }, 120_000);

  it('plays mcp-tool: the MCP fixture’s tool is declared to the model, called, and its call reaches the fixture', async () => {
    const records = stub.requests().length;
    await expect(prompt('Note it. [scenario:mcp-tool]')).resolves.toMatchObject({ stopReason: 'end_turn' });
    const turns = turnsSince(records);
    expect(turns.map(({ step, toolChosen, mcpToolDeclared }) => ({ step, toolChosen, mcpToolDeclared }))).toEqual([
      { step: 'first', toolChosen: 'mcp_fixture_record_note', mcpToolDeclared: true },
      { step: 'after-tool-result', toolChosen: undefined, mcpToolDeclared: true },
    ]);
    const methods = readFileSync(mcpLog, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(' ')[1]);
    expect(methods).toEqual(expect.arrayContaining(['initialize', 'tools/list', 'tools/call']));
  }, 120_000);

  it('plays echo-config: the model chosen with session/set_model is the model the next request names', async () => {
    const [records, updates] = [stub.requests().length, client.updates.length];
    await client.call('session/set_model', { sessionId, modelId: 'gemini-3.5-flash-lite' });
    await expect(prompt('Which model? [scenario:echo-config]')).resolves.toMatchObject({ stopReason: 'end_turn' });
    expect(textsSince(updates)).toBe('model=gemini-3.5-flash-lite');
    expect(turnsSince(records).map((record) => record.model)).toEqual(['gemini-3.5-flash-lite']);
  }, 120_000);

  it('plays long-stream until session/cancel: the turn ends cancelled and the agent closes the stream', async () => {
    const records = stub.requests().length;
    const updates = client.updates.length;
    const turn = prompt('Go on forever. [scenario:long-stream]');
    // Cancel once the stream is visibly flowing: a frame count, not a delay.
    await expect.poll(() => textsSince(updates).split('stream chunk').length, { timeout: 60_000, interval: 20 }).toBeGreaterThan(20);
    client.notify('session/cancel', { sessionId });
    await expect(turn).resolves.toMatchObject({ stopReason: 'cancelled' });
    await expect.poll(() => turnsSince(records).at(-1)?.end, { timeout: 30_000 }).toBe('client-disconnected');
    expect(turnsSince(records).map((record) => record.scenario)).toEqual(['long-stream']);
  }, 120_000);

  it('left no request unanswered and none refused', () => {
    const refused = stub.requests().filter((record) => record.status !== 200);
    expect(refused).toEqual([]);
    expect(client.strayLines).toEqual([]);
  });
});
