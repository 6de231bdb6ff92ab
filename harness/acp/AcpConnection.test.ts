import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AcpConnection } from './AcpConnection.js';
import { AcpTranscript } from './AcpTranscript.js';

// A scripted agent per test: `node -e` with a line handler, so each rule is shown by exactly the bytes that break it.

const work = mkdtempSync(join(tmpdir(), 'acp-connection-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let agents = 0;

async function scripted(onLine: string, inactivityMs = 10_000): Promise<AcpConnection> {
  agents += 1;
  const script = `const out = (v) => process.stdout.write(typeof v === 'string' ? v : JSON.stringify(v) + '\\n');
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => { const m = JSON.parse(line); ${onLine} });`;
  return AcpConnection.open(
    { executable: process.execPath, argv: ['-e', script], env: { PATH: process.env['PATH'] ?? '' }, cwd: work, root: work, callId: `connection-test-${process.pid}-${agents}` },
    { agent: agents, transcript: new AcpTranscript(null), bounds: { frameBytes: 1024 * 1024, bootstrapMs: 5000, inactivityMs } },
  );
}

const clausesOf = (connection: AcpConnection) => connection.violations.map((violation) => violation.clauseId);

describe('AcpConnection', { timeout: 60_000 }, () => {
  it('matches a response to its request and settles it once; a second response breaks ACP-FRM-ONE-RESPONSE', async () => {
    const connection = await scripted(`if (m.id !== undefined) { out({ jsonrpc: '2.0', id: m.id, result: {} }); out({ jsonrpc: '2.0', id: m.id, result: {} }); }`);
    const outcome = await connection.request('x/ping', {}, { boundMs: 5000 }).response;
    expect(outcome.kind).toBe('result');
    await connection.waitUntil(() => connection.violations.length > 0, 5000);
    expect(clausesOf(connection)).toEqual(['ACP-FRM-ONE-RESPONSE']);
    connection.close();
  });

  it('an id echoed with another JSON type breaks ACP-ROB-ID-TYPES, not a match', async () => {
    const connection = await scripted(`if (m.id !== undefined) out({ jsonrpc: '2.0', id: String(m.id), result: {} });`);
    const outcome = await connection.request('x/ping', {}, { id: 4242, boundMs: 1500 }).response;
    expect(outcome.kind).toBe('no-response');
    expect(clausesOf(connection)).toEqual(['ACP-ROB-ID-TYPES']);
    connection.close();
  });

  it('a response to a notification breaks ACP-FRM-NO-RESPONSE-TO-NOTIFICATION', async () => {
    const connection = await scripted(`out({ jsonrpc: '2.0', id: m.id ?? null, result: null });`);
    connection.notify('_aq/hello', {});
    await connection.waitUntil(() => connection.violations.length > 0, 5000);
    expect(clausesOf(connection)).toEqual(['ACP-FRM-NO-RESPONSE-TO-NOTIFICATION']);
    connection.close();
  });

  it('counts inactivity from the request when the agent was left idle longer than the limit before it', async () => {
    const connection = await scripted(`if (m.id !== undefined) setTimeout(() => out({ jsonrpc: '2.0', id: m.id, result: {} }), 300);`, 1000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const outcome = await connection.request('x/ping', {}).response;
    expect(outcome.kind).toBe('result');
    connection.close();
  });

  it("judges an exited agent's unterminated last message once its stdout ends, though a process it left behind still held stdout when it exited", async () => {
    const connection = await scripted(
      `require('node:child_process').spawn('sleep', ['1.5'], { stdio: ['ignore', 'inherit', 'ignore'] }); out(JSON.stringify({ jsonrpc: '2.0', method: '_aq/bye', params: {} })); process.exit(0);`,
    );
    connection.notify('_aq/hello', {});
    expect(await connection.waitForExit(10_000)).not.toBeNull();
    // The window a case's end used to close: the agent is gone, its last bytes unread as a line.
    expect(connection.stdoutEnded).toBe(false);
    expect(clausesOf(connection)).toEqual([]);
    await connection.drainAfterExit(10_000);
    expect(connection.stdoutEnded).toBe(true);
    expect(clausesOf(connection)).toContain('ACP-FRM-LINE');
    connection.close();
  });

  it('does not wait for the stdout of an agent the suite closed itself: it dropped that stdout', async () => {
    const connection = await scripted(`out({ jsonrpc: '2.0', method: '_aq/hi', params: {} });`);
    connection.close();
    expect(await connection.waitForExit(10_000)).not.toBeNull();
    const started = Date.now();
    await connection.drainAfterExit(10_000);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a message pretty-printed over lines breaks ACP-FRM-LINE (and ACP-FRM-STDOUT-PURE per line)', async () => {
    const connection = await scripted(`out(JSON.stringify({ jsonrpc: '2.0', method: 'session/update', params: { a: 1 } }, null, 2) + '\\n');`);
    connection.notify('_aq/hello', {});
    await connection.waitUntil(() => clausesOf(connection).includes('ACP-FRM-LINE'), 5000);
    expect(clausesOf(connection)).toContain('ACP-FRM-LINE');
    expect(
      clausesOf(connection)
        .filter((id) => id !== 'ACP-FRM-LINE')
        .every((id) => id === 'ACP-FRM-STDOUT-PURE'),
    ).toBe(true);
    connection.close();
  });

  it('answers an agent request exactly once: fs outside the session root is refused and recorded, unknown methods get -32601', async () => {
    const connection = await scripted(
      `if (m.method === 'go') { out({ jsonrpc: '2.0', id: 'r1', method: 'fs/read_text_file', params: { sessionId: 's', path: '/etc/passwd' } }); out({ jsonrpc: '2.0', id: 'r2', method: '_x/unknown', params: {} }); } else if (m.id === 'r1' || m.id === 'r2') out({ jsonrpc: '2.0', method: 'answered', params: m });`,
    );
    connection.advertise({ readTextFile: true, writeTextFile: false, terminal: false });
    connection.registerSession('s', [work]);
    connection.notify('go', {});
    await connection.waitUntil(() => connection.notifications.length >= 2, 5000);
    const answers = connection.notifications.map((notification) => notification.params as { id: string; error?: { code: number }; result?: unknown });
    expect(answers.map((answer) => answer.id).sort()).toEqual(['r1', 'r2']);
    expect(answers.find((answer) => answer.id === 'r2')?.error?.code).toBe(-32601);
    expect(answers.find((answer) => answer.id === 'r1')?.result).toBeUndefined();
    expect(clausesOf(connection)).toEqual(['ACP-SESS-CWD']);
    connection.close();
  });
});
