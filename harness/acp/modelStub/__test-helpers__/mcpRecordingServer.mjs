// A tiny stdio MCP server for the stub's end-to-end test: one tool, `record_note`, and a log of
// every method it receives (`<epoch ms> <method>` per line, in the file named by its argument).
import { appendFileSync } from 'node:fs';

const logFile = process.argv[2];
let buffer = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (data) => {
  buffer += data;
  for (let end = buffer.indexOf('\n'); end !== -1; end = buffer.indexOf('\n')) {
    const line = buffer.slice(0, end).trim();
    buffer = buffer.slice(end + 1);
    if (line === '') continue;
    const message = JSON.parse(line);
    if (logFile !== undefined) appendFileSync(logFile, `${Date.now()} ${message.method ?? '(response)'}\n`);
    if (message.id === undefined || message.method === undefined) continue;
    const reply = (body) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: message.id, ...body })}\n`);
    if (message.method === 'initialize') {
      reply({ result: { protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'stub-test-fixture', version: '1.0.0' } } });
    } else if (message.method === 'tools/list') {
      const inputSchema = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] };
      reply({ result: { tools: [{ name: 'record_note', description: 'Records a note.', inputSchema }] } });
    } else if (message.method === 'tools/call') {
      reply({ result: { content: [{ type: 'text', text: 'noted' }] } });
    } else {
      reply({ error: { code: -32601, message: `method not found: ${message.method}` } });
    }
  }
});
