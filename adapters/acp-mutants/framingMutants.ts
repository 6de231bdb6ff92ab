import { identityWire } from '../acp-reference/stdioTransport.js';
import { defineAcpMutant, type AcpMutant } from './AcpMutantDefinition.js';
import { crash, editOutgoing, inspectIncoming, isResult, respond } from './wireMutations.js';

// Framing and transport: each mutant writes or reads the byte stream wrongly in one way.

const INPUT_LINE_LIMIT = 64 * 1024;

/** The framing mutants. */
export const framingMutants: readonly AcpMutant[] = [
  defineAcpMutant(
    {
      name: 'banner-on-stdout',
      claims: ['ACP-FRM-STDOUT-PURE'],
      description: 'Prints a start-up banner on stdout before any message (opencode#13634, quarantined from the ACP registry for it).',
    },
    { wire: { ...identityWire, start: (out) => out.write('acp-reference v1.0.0 listening on stdio\n') } },
  ),
  defineAcpMutant(
    {
      name: 'log-line-mid-run',
      claims: ['ACP-FRM-STDOUT-PURE'],
      description: 'Logs "session created" to stdout right after each session/new response (gptme#1268: a logger left on stdout).',
    },
    {
      wire: editOutgoing((message, line) => (isResult(message) && typeof message.result?.sessionId === 'string' ? `${line}\nINFO session ${message.result.sessionId} created\n` : undefined)),
    },
  ),
  defineAcpMutant(
    {
      name: 'blank-line-on-stdout',
      claims: ['ACP-FRM-STDOUT-PURE'],
      description: 'Writes an empty line after the initialize response (a stray print(); zed#44826 saw shell-profile output on the stream).',
    },
    { wire: editOutgoing((message, line) => (isResult(message) && message.result?.protocolVersion !== undefined ? `${line}\n\n` : undefined)) },
  ),
  defineAcpMutant(
    {
      name: 'unterminated-last-message',
      claims: ['ACP-FRM-LINE'],
      description: 'Writes a shutdown notification without its terminating newline as it exits (process.stdout.write(JSON.stringify(message)) on the exit path).',
    },
    { wire: { ...identityWire, finish: (out) => out.write(JSON.stringify({ jsonrpc: '2.0', method: '_acp-reference/shutdown', params: {} })) } },
  ),
  defineAcpMutant(
    {
      name: 'latin1-in-notification',
      claims: ['ACP-FRM-UTF8'],
      incidental: ['ACP-FRM-STDOUT-PURE', 'ACP-TURN-UPDATES-SCHEMA'],
      description: 'Encodes its available_commands_update as Latin-1, so "für" goes out as the invalid UTF-8 byte 0xFC (a stream opened with the platform encoding).',
    },
    {
      wire: editOutgoing((message) => {
        if (message.params?.update?.sessionUpdate !== 'available_commands_update') return undefined;
        message.params.update.availableCommands[0].description = 'Szenario für den Test';
        return Buffer.from(`${JSON.stringify(message)}\n`, 'latin1');
      }),
    },
  ),
  defineAcpMutant(
    {
      name: 'notification-without-jsonrpc',
      claims: ['ACP-FRM-ENVELOPE'],
      description: 'Sends its available_commands_update without "jsonrpc": "2.0" (a notification written by hand on its own code path).',
    },
    {
      wire: editOutgoing((message) => {
        if (message.params?.update?.sessionUpdate !== 'available_commands_update') return undefined;
        const { jsonrpc: _jsonrpc, ...rest } = message;
        return `${JSON.stringify(rest)}\n`;
      }),
    },
  ),
  defineAcpMutant(
    {
      name: 'duplicate-session-new-response',
      claims: ['ACP-FRM-ONE-RESPONSE'],
      description: 'Writes the session/new response twice (a retry after a slow flush that had in fact succeeded).',
    },
    { wire: editOutgoing((message, line) => (isResult(message) && typeof message.result?.sessionId === 'string' ? `${line}\n${line}\n` : undefined)) },
  ),
  defineAcpMutant(
    {
      name: 'answers-notifications',
      claims: ['ACP-FRM-NO-RESPONSE-TO-NOTIFICATION'],
      description: 'Answers every notification (session/cancel, unknown ones) with {"id": null, "result": null}: a dispatcher that treats a notification as a request.',
    },
    {
      wire: inspectIncoming((message, _line, out) => {
        if (message !== undefined && typeof message.method === 'string' && !('id' in message)) respond(out, null, { result: null });
        return 'pass';
      }),
    },
  ),
  defineAcpMutant(
    {
      name: 'read-chunk-is-a-message',
      claims: ['ACP-FRM-CHUNKED-INPUT'],
      incidental: ['ACP-FRM-LARGE-INPUT'],
      description: 'Takes each read from stdin as a whole message, ending it where the read ends (a reader that never buffers a partial line).',
    },
    { wire: { ...identityWire, incomingChunk: (chunk) => (chunk.at(-1) === 0x0a ? chunk : Buffer.concat([chunk, Buffer.from('\n')])) } },
  ),
  defineAcpMutant(
    {
      name: 'input-line-limit-64k',
      claims: ['ACP-FRM-LARGE-INPUT'],
      description: 'Dies on an input line longer than 64 KiB (kimi-cli#831: asyncio LimitOverrunError crashed the agent on a large prompt).',
    },
    { wire: inspectIncoming((_message, line) => (line.byteLength > INPUT_LINE_LIMIT ? crash('LimitOverrunError: Separator is found, but chunk is longer than limit') : 'pass')) },
  ),
];
