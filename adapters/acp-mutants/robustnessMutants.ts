import { identityWire } from '../acp-reference/stdioTransport.js';
import { defineAcpMutant, type AcpMutant } from './AcpMutantDefinition.js';
import { crash, editOutgoing, inspectIncoming } from './wireMutations.js';

// Robustness and process lifecycle: each mutant mishandles one kind of input, or one way of
// being ended.

const INT32_MAX = 2 ** 31 - 1;

/** The robustness mutants. */
export const robustnessMutants: readonly AcpMutant[] = [
  defineAcpMutant(
    {
      name: 'unknown-method-crash',
      claims: ['ACP-ROB-UNKNOWN-METHOD'],
      description: 'Dies on a request method it does not know (an unhandled "no handler" exception).',
    },
    { extendApp: (app) => void app.onRequest('*', ({ method }) => crash(`Error: no handler for ${method}`)) },
  ),
  defineAcpMutant(
    {
      name: 'unknown-notification-crash',
      claims: ['ACP-ROB-UNKNOWN-NOTIFICATION'],
      description: 'Dies on a notification it does not know.',
    },
    { extendApp: (app) => void app.onNotification('*', ({ method }) => crash(`Error: no handler for notification ${method}`)) },
  ),
  defineAcpMutant(
    {
      name: 'invalid-json-exits',
      claims: ['ACP-ROB-INVALID'],
      description: 'Dies on an input line that is not JSON (JSON.parse outside any try).',
    },
    {
      wire: inspectIncoming((message, line) => {
        if (message === undefined && Buffer.from(line).toString('utf8').trim() !== '') crash('SyntaxError: Unexpected token in JSON at position 0');
        return 'pass';
      }),
    },
  ),
  defineAcpMutant(
    {
      name: 'large-number-id-as-string',
      claims: ['ACP-ROB-ID-TYPES'],
      description: 'Echoes a number id outside the 32-bit range (or negative) as a string (an int32 id type with a string fallback).',
    },
    {
      wire: editOutgoing((message) =>
        message.method === undefined && typeof message.id === 'number' && (message.id < 0 || message.id > INT32_MAX)
          ? `${JSON.stringify({ ...message, id: String(message.id) })}\n`
          : undefined,
      ),
    },
  ),
  defineAcpMutant(
    {
      name: 'extra-root-field',
      claims: ['ACP-NO-ROOT-EXTRAS'],
      description: 'Adds a custom "createdAt" field at the root of the session/new result instead of under _meta.',
    },
    { newSessionResponse: (reference) => ({ ...reference, createdAt: new Date(0).toISOString() }) as typeof reference },
  ),
];

/** The process lifecycle mutants. */
export const lifecycleMutants: readonly AcpMutant[] = [
  defineAcpMutant(
    {
      name: 'no-exit-on-stdin-eof',
      claims: ['ACP-LIFE-STDIN-EOF'],
      description: 'Keeps running after its stdin closes (claude-agent-acp#325: orphans of about 97 MB each).',
    },
    { lifecycle: { exitOnStdinEnd: false, exitOnSigterm: true, wrapsLeavingChild: false } },
  ),
  defineAcpMutant(
    {
      name: 'ignores-sigterm',
      claims: ['ACP-LIFE-SIGTERM'],
      description: 'Ignores SIGTERM (a handler that only logs).',
    },
    { lifecycle: { exitOnStdinEnd: true, exitOnSigterm: false, wrapsLeavingChild: false } },
  ),
  defineAcpMutant(
    {
      name: 'wrapper-leaves-child',
      claims: ['ACP-LIFE-NO-ORPHANS'],
      description: 'An npx-style wrapper: exits on SIGTERM while the agent it started keeps running on the same stdio (rust-sdk#249).',
    },
    { lifecycle: { exitOnStdinEnd: true, exitOnSigterm: true, wrapsLeavingChild: true } },
  ),
  defineAcpMutant(
    {
      name: 'latin1-on-stderr',
      claims: ['ACP-LIFE-STDERR'],
      description: 'Writes its start-up log line to stderr in Latin-1 ("Démarrage" with the byte 0xE9).',
    },
    { wire: { ...identityWire, start: () => void process.stderr.write(Buffer.from('Démarrage de l’agent\n', 'latin1')) } },
  ),
];
