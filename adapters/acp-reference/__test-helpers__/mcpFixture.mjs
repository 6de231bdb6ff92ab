#!/usr/bin/env node
// A tiny stdio MCP server for the reference agent's tests: one tool, `echo`, and a log of every
// request it received (method, time, its own pid and its FIXTURE_ENV variable) appended to the file named by its first argument.
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const logFile = process.argv[2];
const record = (method) => logFile && appendFileSync(logFile, `${JSON.stringify({ method, at: Date.now(), pid: process.pid, fixtureEnv: process.env.FIXTURE_ENV ?? null })}\n`);
const reply = (id, result) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, result })}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  record(message.method);
  if (message.id === undefined) return;
  if (message.method === 'initialize') reply(message.id, { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'fixture', version: '1' } });
  else if (message.method === 'tools/list')
    reply(message.id, { tools: [{ name: 'echo', description: 'Echoes its text', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } }] });
  else if (message.method === 'tools/call') reply(message.id, { content: [{ type: 'text', text: `echo: ${message.params.arguments.text}` }] });
  else process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'not found' } })}\n`);
});
