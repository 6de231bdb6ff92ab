import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { agentStdio, identityWire } from './stdioTransport.js';

// The tap behind "announce after the response": it must wait for the response of the request being
// handled, not for any response that ever carried the same id (a client may reuse ids).

async function writeLine(output: WritableStream<Uint8Array>, message: object): Promise<void> {
  const writer = output.getWriter();
  await writer.write(new TextEncoder().encode(`${JSON.stringify(message)}\n`));
  writer.releaseLock();
}

describe('agentStdio responseWritten', () => {
  it('waits for the next response with the id, not one written before for an earlier request with that id', async () => {
    const stdio = agentStdio(new PassThrough(), new PassThrough(), identityWire);
    await writeLine(stdio.output, { jsonrpc: '2.0', id: 7, result: {} });
    let settled = false;
    const written = stdio.responseWritten(7).then(() => (settled = true));
    // A request to the client and a response to another id do not count.
    await writeLine(stdio.output, { jsonrpc: '2.0', id: 7, method: 'session/request_permission', params: {} });
    await writeLine(stdio.output, { jsonrpc: '2.0', id: 8, result: {} });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    await writeLine(stdio.output, { jsonrpc: '2.0', id: 7, result: { sessionId: 'sess_1' } });
    await written;
    expect(settled).toBe(true);
  });

  it('tells ids of different types apart', async () => {
    const stdio = agentStdio(new PassThrough(), new PassThrough(), identityWire);
    let settled = false;
    const written = stdio.responseWritten('7').then(() => (settled = true));
    await writeLine(stdio.output, { jsonrpc: '2.0', id: 7, result: {} });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    await writeLine(stdio.output, { jsonrpc: '2.0', id: '7', error: { code: -32603, message: 'x' } });
    await written;
    expect(settled).toBe(true);
  });
});
