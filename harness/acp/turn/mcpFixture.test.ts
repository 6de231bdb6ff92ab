import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_NONCE_VARIABLE, McpFixture } from './mcpFixture.js';

// The fixture as an agent would start it (from its `mcpServers` entry), driven over stdio here.

let fixture: McpFixture | null = null;
let child: ChildProcessWithoutNullStreams | null = null;

afterEach(() => {
  child?.kill('SIGKILL');
  fixture?.close();
  child = null;
  fixture = null;
});

/** Polls `condition` (the answers arrive on the child's stdout, not as reports). */
async function until(condition: () => boolean): Promise<boolean> {
  for (let waited = 0; waited < 10_000; waited += 10) {
    if (condition()) return true;
    await new Promise((resolveWait) => setTimeout(resolveWait, 10));
  }
  return condition();
}

async function startFixture(passEnv: boolean): Promise<{ readonly fixture: McpFixture; readonly answers: Map<number, unknown>; readonly send: (message: object) => void }> {
  const opened = await McpFixture.open(mkdtempSync(join(tmpdir(), 'aq-mcp-fixture-')));
  if (typeof opened === 'string') throw new Error(opened);
  fixture = opened;
  const env = passEnv ? Object.fromEntries(opened.entry.env.map((variable) => [variable.name, variable.value])) : {};
  child = spawn(opened.entry.command, [...opened.entry.args], { env: { PATH: process.env['PATH'] ?? '', ...env }, stdio: 'pipe' });
  const answers = new Map<number, unknown>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as { id: number };
    answers.set(message.id, message);
  });
  const stdin = child.stdin;
  return { fixture: opened, answers, send: (message) => stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`) };
}

describe('McpFixture', () => {
  it('reports how it was started and each message, in order', async () => {
    const { fixture: opened, answers, send } = await startFixture(true);
    send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/list', params: {} });
    expect(await until(() => answers.has(2))).toBe(true);
    expect(opened.starts).toEqual([{ pid: child!.pid, argv: opened.entry.args.slice(1), environmentNonce: opened.environmentNonce }]);
    expect(opened.messages.map(({ method, request }) => [method, request])).toEqual([
      ['initialize', true],
      ['notifications/initialized', false],
      ['tools/list', true],
    ]);
    expect(answers.get(2)).toMatchObject({ result: { tools: [{ name: 'record_note' }] } });
  });

  it('reports an environment it was not given as unset', async () => {
    const { fixture: opened, answers, send } = await startFixture(false);
    send({ id: 1, method: 'ping' });
    expect(await until(() => answers.has(1))).toBe(true);
    expect(opened.starts[0]?.environmentNonce).toBeNull();
    expect(opened.entry.env[0]?.name).toBe(FIXTURE_NONCE_VARIABLE);
  });

  it('answers a request only once the gate lets it', async () => {
    const { fixture: opened, answers, send } = await startFixture(false);
    let release: () => void = () => {};
    const gateOpen = new Promise<void>((resolveGate) => (release = resolveGate));
    opened.gateRequests((message) => (message.method === 'tools/list' ? gateOpen : undefined));
    send({ id: 1, method: 'tools/list', params: {} });
    send({ id: 2, method: 'ping' });
    // The ping, sent after the held tools/list, is answered: the fixture read and reported both.
    expect(await until(() => answers.has(2) && opened.messages.length === 2)).toBe(true);
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
    expect(answers.has(1)).toBe(false);
    release();
    expect(await until(() => answers.has(1))).toBe(true);
  });
});
