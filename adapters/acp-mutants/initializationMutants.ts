import { RequestError } from '@agentclientprotocol/sdk';
import { defineAcpMutant, type AcpMutant } from './AcpMutantDefinition.js';
import { crash, inspectIncoming, isRequest, respond } from './wireMutations.js';

// Initialization and capabilities: each mutant answers or gates `initialize` wrongly in one way.

/** The client capability keys ACP v1 defines. */
const KNOWN_CLIENT_CAPABILITIES = new Set(['fs', 'terminal', 'session', 'elicitation', 'auth', '_meta']);

/** Whether the value holds a non-empty `_meta` object anywhere. */
function hasMeta(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, entry]) => (key === '_meta' && entry !== null && typeof entry === 'object' && Object.keys(entry).length > 0) || hasMeta(entry));
}

let initialized = false;

/** The initialization mutants. */
export const initializationMutants: readonly AcpMutant[] = [
  defineAcpMutant(
    {
      name: 'initialize-without-capabilities',
      claims: ['ACP-INIT-RESPONDS'],
      description: 'Answers initialize with protocolVersion alone, leaving agentCapabilities out (a minimal agent that "has no capabilities").',
    },
    { initialize: (_request, reference) => ({ protocolVersion: reference.protocolVersion, authMethods: [], ...(reference.agentInfo ? { agentInfo: reference.agentInfo } : {}) }) },
  ),
  defineAcpMutant(
    {
      name: 'version-mismatch-error',
      claims: ['ACP-INIT-VERSION'],
      incidental: ['ACP-INIT-OMITTED-CAPS', 'ACP-INIT-EXTENSIBLE'],
      description: 'Answers a protocolVersion it does not support with a JSON-RPC error instead of its own latest version.',
    },
    {
      initialize: (request, reference) => {
        if (request.protocolVersion !== reference.protocolVersion) throw RequestError.unsupportedProtocolVersion(request.protocolVersion, [reference.protocolVersion]);
        return reference;
      },
    },
  ),
  defineAcpMutant(
    {
      name: 'version-echo',
      claims: ['ACP-INIT-VERSION'],
      description: 'Echoes whatever protocolVersion the client asked for, supported or not.',
    },
    { initialize: (request, reference) => ({ ...reference, protocolVersion: request.protocolVersion }) },
  ),
  defineAcpMutant(
    {
      name: 'session-capabilities-list-true',
      claims: ['ACP-INIT-SCHEMA'],
      description: 'Advertises sessionCapabilities.list as true where the schema wants an object (Codewhale#5969).',
    },
    {
      initialize: (_request, reference) =>
        ({
          ...reference,
          agentCapabilities: { ...reference.agentCapabilities, sessionCapabilities: { ...reference.agentCapabilities?.sessionCapabilities, list: true } },
        }) as unknown as typeof reference,
    },
  ),
  defineAcpMutant(
    {
      name: 'requires-client-capabilities',
      claims: ['ACP-INIT-OMITTED-CAPS'],
      incidental: ['ACP-INIT-VERSION', 'ACP-INIT-EXTENSIBLE'],
      description: 'Fails initialize with an internal error when the client omits clientCapabilities.fs or .terminal (reads clientCapabilities.fs.readTextFile unguarded).',
    },
    {
      wire: inspectIncoming((message, _line, out) => {
        if (!isRequest(message) || message.method !== 'initialize') return 'pass';
        const capabilities = message.params?.clientCapabilities;
        if (capabilities?.fs !== undefined && capabilities?.terminal !== undefined) return 'pass';
        respond(out, message.id, { error: { code: -32603, message: "Internal error: Cannot read properties of undefined (reading 'readTextFile')" } });
        return 'drop';
      }),
    },
  ),
  defineAcpMutant(
    {
      name: 'rejects-unknown-fields',
      claims: ['ACP-INIT-EXTENSIBLE'],
      incidental: ['ACP-INIT-VERSION', 'ACP-INIT-OMITTED-CAPS', 'ACP-SESS-NEW'],
      description: 'Refuses any request carrying _meta entries or unknown client capability keys with invalid params (a decoder with deny_unknown_fields).',
    },
    {
      wire: inspectIncoming((message, _line, out) => {
        if (!isRequest(message)) return 'pass';
        const capabilities = message.params?.clientCapabilities;
        const unknownCapability = capabilities !== null && typeof capabilities === 'object' && Object.keys(capabilities).some((key) => !KNOWN_CLIENT_CAPABILITIES.has(key));
        if (!unknownCapability && !hasMeta(message.params)) return 'pass';
        respond(out, message.id, { error: { code: -32602, message: 'Invalid params: unknown field' } });
        return 'drop';
      }),
    },
  ),
  defineAcpMutant(
    {
      name: 'no-agent-info',
      claims: ['ACP-INIT-INFO'],
      description: 'Leaves agentInfo out of the initialize result, so a host cannot tell which agent or version it runs.',
    },
    {
      initialize: (_request, reference) => {
        const { agentInfo: _agentInfo, ...rest } = reference;
        return rest;
      },
    },
  ),
  defineAcpMutant(
    {
      name: 'crash-before-initialize',
      claims: ['ACP-INIT-BEFORE'],
      description: 'Dies on a session method sent before initialize (dereferences the client capabilities it has not received yet).',
    },
    {
      wire: inspectIncoming((message) => {
        if (!isRequest(message)) return 'pass';
        if (message.method === 'initialize') initialized = true;
        else if (!initialized) crash("TypeError: Cannot read properties of undefined (reading 'clientCapabilities')");
        return 'pass';
      }),
    },
  ),
  defineAcpMutant(
    {
      name: 'auth-required-exits',
      claims: ['ACP-AUTH-REQUIRED'],
      incidental: ['ACP-SESS-NEW'],
      description: 'Needs an API key it does not have and exits on session/new instead of failing it with -32000 (early gemini-cli without credentials).',
    },
    {
      initialize: (_request, reference) => ({ ...reference, authMethods: [{ id: 'api-key', name: 'API key', description: 'Set ACP_REFERENCE_API_KEY' }] }),
      beforeNewSession: () => {
        if (process.env['ACP_REFERENCE_API_KEY'] === undefined) crash('Error: not authenticated: set ACP_REFERENCE_API_KEY');
      },
    },
  ),
];
