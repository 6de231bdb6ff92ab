import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AcpEvidence } from '../AcpCase.js';
import type { AcpConnection } from '../AcpConnection.js';
import { AcpTranscript } from '../AcpTranscript.js';
import { misunderstoodCause, modelRequestsOf, openAgentConnection, settleModelStubCase } from './agentModelStubs.js';

// A scripted agent that, asked `x/ask {path, body}`, sends that model request to the address in
// STUB_URL and answers the HTTP status: a stand-in for an agent whose prompt turn calls its model.

const work = mkdtempSync(join(tmpdir(), 'agent-model-stubs-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let agents = 0;

const AGENT = `const out = (v) => process.stdout.write(JSON.stringify(v) + '\\n');
require('node:readline').createInterface({ input: process.stdin }).on('line', async (line) => {
  const m = JSON.parse(line);
  if (m.method === 'x/url') return out({ jsonrpc: '2.0', id: m.id, result: { url: process.env.STUB_URL ?? null } });
  try {
    const response = await fetch(process.env.STUB_URL + m.params.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: m.params.body });
    out({ jsonrpc: '2.0', id: m.id, result: { status: response.status, text: await response.text() } });
  } catch (error) {
    out({ jsonrpc: '2.0', id: m.id, result: { status: 0, text: String(error) } });
  }
});`;

const MODEL = { stub: 'gemini', baseUrlEnv: 'STUB_URL' } as const;
const GENERATE = '/v1beta/models/test-model:generateContent';
const plainBody = JSON.stringify({ contents: [{ role: 'user', parts: [{ text: '[scenario:plain] hello' }] }] });

async function open(model: typeof MODEL | null, transcript = new AcpTranscript(null)): Promise<AcpConnection> {
  agents += 1;
  return openAgentConnection(
    model,
    { executable: process.execPath, argv: ['-e', AGENT], env: { PATH: process.env['PATH'] ?? '' }, cwd: work, root: work, callId: `model-stub-test-${process.pid}-${agents}` },
    { agent: agents, transcript, bounds: { frameBytes: 1024 * 1024, bootstrapMs: 10_000, inactivityMs: 20_000 } },
  );
}

async function ask(connection: AcpConnection, path: string, body: string): Promise<{ status: number; text: string }> {
  const outcome = await connection.request('x/ask', { path, body }, { boundMs: 15_000 }).response;
  if (outcome.kind !== 'result') throw new Error(`x/ask got ${outcome.kind}`);
  return outcome.result as { status: number; text: string };
}

async function urlOf(connection: AcpConnection): Promise<string | null> {
  const outcome = await connection.request('x/url', {}, { boundMs: 15_000 }).response;
  if (outcome.kind !== 'result') throw new Error(`x/url got ${outcome.kind}`);
  return (outcome.result as { url: string | null }).url;
}

const evidenceOfOneCase = (): AcpEvidence[] => [
  { clauseId: 'ACP-TURN-STOPREASON', status: 'pass', caseName: 'c' },
  { clauseId: 'ACP-TURN-UPDATES-SCHEMA', status: 'fail', caseName: 'c', rule: 'an update broke the schema', frame: null },
  { clauseId: 'ACP-TURN-SEQUENTIAL', status: 'inconclusive', caseName: 'c', reason: 'no scripted model for this agent' },
  { clauseId: 'ACP-FRM-LINE', status: 'pass', caseName: 'c' },
  { clauseId: 'ACP-FRM-ENVELOPE', status: 'fail', caseName: 'c', rule: 'not JSON-RPC', frame: null },
];

describe('openAgentConnection', { timeout: 90_000 }, () => {
  it('gives each agent process its own stub through the configured variable, and stops it when the agent exits', async () => {
    const [first, second] = await Promise.all([open(MODEL), open(MODEL)]);
    const [firstUrl, secondUrl] = await Promise.all([urlOf(first), urlOf(second)]);
    expect(firstUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(secondUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(firstUrl).not.toBe(secondUrl);
    expect((await ask(first, GENERATE, plainBody)).text).toContain('Hello from the model stub.');
    expect(modelRequestsOf(first)).toMatchObject([{ seq: 1, path: GENERATE, scenario: 'plain', status: 200 }]);
    expect(modelRequestsOf(second)).toEqual([]);
    first.close();
    second.close();
    await Promise.all([first.process.exited, second.process.exited]);
    // The stub stops on the agent's exit, asynchronously: poll until its port refuses.
    const deadline = Date.now() + 10_000;
    let refused = false;
    while (!refused && Date.now() < deadline) {
      refused = await fetch(`${firstUrl}${GENERATE}`, { method: 'POST', body: plainBody }).then(
        () => false,
        () => true,
      );
      if (!refused) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(refused).toBe(true);
  });

  it('opens as usual, with no stub and no variable, when the configuration has no model', async () => {
    const connection = await open(null);
    expect(await urlOf(connection)).toBeNull();
    expect(modelRequestsOf(connection)).toBeNull();
    const evidence = evidenceOfOneCase();
    settleModelStubCase([connection], evidence);
    expect(evidence).toEqual(evidenceOfOneCase());
    connection.close();
  });
});

describe('settleModelStubCase', { timeout: 90_000 }, () => {
  it("a request the stub refused makes the case's turn clauses INCONCLUSIVE naming it; other clauses and later cases keep their verdicts", async () => {
    const file = join(work, 'transcript.jsonl');
    const transcript = new AcpTranscript(file);
    const connection = await open(MODEL, transcript);
    expect((await ask(connection, '/v1beta/models/test-model:embedContent', plainBody)).status).toBe(404);

    const evidence = evidenceOfOneCase();
    settleModelStubCase([connection], evidence);
    const cause = /^the model stub did not understand agent \d+'s model request #1 \(POST \/v1beta\/models\/test-model:embedContent\) was answered HTTP 404: /;
    expect(evidence.slice(0, 3).map((item) => item.status)).toEqual(['inconclusive', 'inconclusive', 'inconclusive']);
    for (const item of evidence.slice(0, 3)) expect(item.status === 'inconclusive' && item.reason).toMatch(cause);
    expect(evidence[1]).toMatchObject({ reason: expect.stringContaining('the case saw: an update broke the schema') as unknown });
    expect(evidence[2]).toMatchObject({ reason: expect.stringContaining('the case said: no scripted model for this agent') as unknown });
    expect(evidence.slice(3)).toEqual(evidenceOfOneCase().slice(3));

    // The next case: a request the stub understood, so the verdicts stand.
    expect((await ask(connection, GENERATE, plainBody)).status).toBe(200);
    const next = evidenceOfOneCase();
    settleModelStubCase([connection], next);
    expect(next).toEqual(evidenceOfOneCase());

    connection.close();
    await connection.process.exited;
    await transcript.close();
    const events = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { direction: string; raw: string })
      .filter((entry) => entry.direction === 'event' && entry.raw.startsWith('model stub request '))
      .map((entry) => JSON.parse(entry.raw.slice('model stub request '.length)) as { seq: number; status: number });
    expect(events.map(({ seq, status }) => ({ seq, status }))).toEqual([
      { seq: 1, status: 404 },
      { seq: 2, status: 200 },
    ]);
  });
});

describe('misunderstoodCause', () => {
  const played = { seq: 1, at: '', sinceStartMs: 0, method: 'POST', path: '/', operation: 'generateContent', isModelTurn: true, model: 'm', scenario: 'terminal', step: 'first' } as const;
  const base = { ...played, declaredTools: [], mcpToolDeclared: undefined, toolChosen: 'run', status: 200, reason: undefined, streamed: false, end: 'answered' } as const;

  it('names an HTTP error and a scenario the stub could not play; a played scenario is no cause', () => {
    expect(misunderstoodCause(base)).toBeNull();
    expect(misunderstoodCause({ ...base, status: 400, reason: 'unknown scenario "x"' })).toBe('was answered HTTP 400: unknown scenario "x"');
    expect(misunderstoodCause({ ...base, toolChosen: undefined, reason: 'no declared tool fits a shell tool' })).toBe(
      'did not play its scenario terminal: no declared tool fits a shell tool',
    );
  });
});
