import { describe, expect, it } from 'vitest';
import { classifyFrame, escapeRaw } from './classifyFrame.js';

const line = (text: string | Buffer) => classifyFrame({ kind: 'line', bytes: Buffer.isBuffer(text) ? text : Buffer.from(text) }, 1024);
const clauses = (text: string | Buffer) => line(text).violations.map((violation) => violation.clauseId);

describe('classifyFrame', () => {
  it('classifies requests, notifications and responses', () => {
    expect(line('{"jsonrpc":"2.0","id":"a","method":"fs/read_text_file","params":{}}').message).toMatchObject({ kind: 'request', id: 'a' });
    expect(line('{"jsonrpc":"2.0","method":"session/update","params":{}}').message).toMatchObject({ kind: 'notification' });
    expect(line('{"jsonrpc":"2.0","id":0,"result":null}').message).toMatchObject({ kind: 'response', id: 0, result: null });
    expect(line('{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"no"}}').message).toMatchObject({ kind: 'response', error: { code: -32601 } });
  });

  it('names a banner, a log line and a blank line as ACP-FRM-STDOUT-PURE', () => {
    expect(clauses('Welcome to agent v1.2')).toEqual(['ACP-FRM-STDOUT-PURE']);
    expect(clauses('')).toEqual(['ACP-FRM-STDOUT-PURE']);
    expect(clauses('\u001b[32mINFO\u001b[0m ready')).toEqual(['ACP-FRM-STDOUT-PURE']);
  });

  it('names invalid UTF-8 as ACP-FRM-UTF8', () => {
    expect(clauses(Buffer.from([0x7b, 0xff, 0x7d]))).toEqual(['ACP-FRM-UTF8']);
  });

  it('names envelope defects as ACP-FRM-ENVELOPE', () => {
    for (const text of [
      '{"id":1,"result":{}}',
      '{"jsonrpc":"2.0","id":1}',
      '{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"x"}}',
      '{"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"m"}}',
      '{"jsonrpc":"2.0","id":{},"result":1}',
      '[1]',
    ]) {
      expect(clauses(text), text).toEqual(['ACP-FRM-ENVELOPE']);
    }
  });

  it('names an over-long and an unterminated line as ACP-FRM-LINE', () => {
    expect(classifyFrame({ kind: 'overlong', length: 5000, head: Buffer.from('{'), terminated: true }, 1024).violations.map((violation) => violation.clauseId)).toEqual(['ACP-FRM-LINE']);
    expect(classifyFrame({ kind: 'unterminated', bytes: Buffer.from('{"jsonrpc":"2.0","method":"x"}') }, 1024).violations.map((violation) => violation.clauseId)).toEqual(['ACP-FRM-LINE']);
  });

  it('escapes and bounds a raw line', () => {
    expect(escapeRaw(Buffer.from('a\nb\u0007'))).toBe('a\\nb\\u0007');
    expect(escapeRaw(Buffer.alloc(1000, 0x61), 1000, 10)).toBe('aaaaaaaaaa… (1000 bytes)');
  });
});
