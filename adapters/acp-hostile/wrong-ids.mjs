#!/usr/bin/env node
// Answers every request, but with the id of the request before it (the first with id 999).
import { createInterface } from 'node:readline';
let previous = 999;
createInterface({ input: process.stdin }).on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message.id === undefined) return;
  const result = message.method === 'initialize' ? { protocolVersion: 1, agentCapabilities: {}, authMethods: [] } : message.method === 'session/new' ? { sessionId: `s-${message.id}` } : {};
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: previous, result })}\n`);
  previous = message.id;
});
