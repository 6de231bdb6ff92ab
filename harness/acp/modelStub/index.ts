// The loopback model stub (catalog §6): a scripted model on 127.0.0.1 that real ACP agents talk to
// through their provider's wire API, so their prompt turns run offline and every model request is
// evidence. The scenario engine is shared; each provider is one wire module.
import { describeReceived, UsageError } from '../../UsageError.js';
import { geminiWire } from './geminiWire.js';
import { DEFAULT_CHUNK_COUNT, type ScriptSettings } from './scenarioEngine.js';
import { startStubServer, type ModelRequestRecord, type ProviderWire } from './stubServer.js';

export { scenarioNames, type ScenarioName, type ScenarioStep } from './scenarioEngine.js';
export type { ModelRequestRecord, RequestEnd } from './stubServer.js';

/** The wire modules, one per provider the stub speaks. */
const PROVIDERS = { gemini: geminiWire } as const satisfies Record<string, ProviderWire>;

/** A provider whose wire API the stub speaks. */
export type ModelStubProvider = keyof typeof PROVIDERS;

/** The providers the stub speaks, for a config loader's validation. */
export const modelStubProviders = Object.keys(PROVIDERS) as readonly ModelStubProvider[];

/** Options of {@link startModelStub}. */
export interface ModelStubOptions {
  /** The wire API to speak. */
  readonly provider: ModelStubProvider;
  /**
   * The MCP fixture's tool name as its server lists it: the stub records, per model request,
   * whether a declared tool is that tool (agents may prefix it with the server's name), and the
   * `mcp-tool` scenario calls it.
   * @defaultValue undefined (no MCP fixture: `mcpToolDeclared` is not recorded)
   */
  readonly mcpToolName?: string | undefined;
  /**
   * The file the `permission-read` scenario asks the agent's file-read tool to read. A prompt may
   * name another with a `[path:PATH]` marker.
   * @defaultValue `'notes.txt'` (the reference agent's file)
   */
  readonly readPath?: string | undefined;
  /**
   * The file the `fs-write` scenario asks the agent's file-write tool to write (or `[path:PATH]`).
   * @defaultValue `'acp-reference-output.txt'`
   */
  readonly writePath?: string | undefined;
  /**
   * What the `fs-write` scenario writes.
   * @defaultValue `'written by the model stub\n'`
   */
  readonly writeContent?: string | undefined;
  /**
   * The command line the `terminal` scenario asks the agent's shell tool to run.
   * @defaultValue `'echo hello from the model stub'`
   */
  readonly shellCommand?: string | undefined;
  /**
   * Text chunks of the `chunks` and `max-tokens` scenarios.
   * @defaultValue 40
   */
  readonly chunkCount?: number | undefined;
  /**
   * Pause between two chunks of the `long-stream` scenario, in milliseconds.
   * @defaultValue 10
   */
  readonly longStreamIntervalMs?: number | undefined;
}

/** A running model stub. */
export interface ModelStub {
  readonly provider: ModelStubProvider;
  /** `http://127.0.0.1:PORT`: what the agent uses instead of its provider's API address. */
  readonly baseUrl: string;
  /**
   * The environment entry that points an agent at the stub.
   * @param baseUrlEnv - the variable the agent reads (the subject config's `model.baseUrlEnv`);
   *   defaults to the provider's usual one (`GOOGLE_GEMINI_BASE_URL` for gemini)
   */
  envFor(baseUrlEnv?: string): Record<string, string>;
  /** Every HTTP request received so far, in arrival order (copies). */
  requests(): ModelRequestRecord[];
  /** Stops listening and closes every connection, an endless stream included; idempotent. */
  stop(): Promise<void>;
}

interface NormalizedModelStubOptions {
  readonly wire: ProviderWire;
  readonly script: ScriptSettings;
  readonly longStreamIntervalMs: number;
}

/** Largest model request body read: agents send their whole conversation each time. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

/**
 * Starts a model stub on 127.0.0.1 at an ephemeral port. Stop it with `stop()` at the end of the run.
 * @param options - the provider and what the scenarios put into tool calls
 * @throws UsageError when an option is invalid (naming the option, the value and its type)
 */
export async function startModelStub(options: ModelStubOptions): Promise<ModelStub> {
  const normalized = normalizeModelStubOptions(options);
  const server = await startStubServer({ ...normalized, maxBodyBytes: MAX_BODY_BYTES });
  const baseUrl = `http://127.0.0.1:${server.port}`;
  let stopped: Promise<void> | undefined;
  return {
    provider: options.provider,
    baseUrl,
    envFor: (baseUrlEnv = normalized.wire.baseUrlEnv) => ({ [baseUrlEnv]: baseUrl }),
    requests: () => server.records(),
    stop: () => (stopped ??= server.close()),
  };
}

function normalizeModelStubOptions(options: ModelStubOptions): NormalizedModelStubOptions {
  const provider: unknown = options.provider;
  if (typeof provider !== 'string' || !Object.hasOwn(PROVIDERS, provider)) {
    throw new UsageError(`model stub option "provider" must be one of ${modelStubProviders.join(', ')}; received ${describeReceived(provider)}`, { option: 'provider' });
  }
  return {
    wire: PROVIDERS[provider as ModelStubProvider],
    script: {
      readPath: text(options, 'readPath', 'notes.txt'),
      writePath: text(options, 'writePath', 'acp-reference-output.txt'),
      writeContent: text(options, 'writeContent', 'written by the model stub\n'),
      shellCommand: text(options, 'shellCommand', 'echo hello from the model stub'),
      mcpToolName: options.mcpToolName === undefined ? undefined : text(options, 'mcpToolName', ''),
      chunkCount: count(options, 'chunkCount', DEFAULT_CHUNK_COUNT, 1),
    },
    longStreamIntervalMs: count(options, 'longStreamIntervalMs', 10, 0),
  };
}

type TextOption = 'readPath' | 'writePath' | 'writeContent' | 'shellCommand' | 'mcpToolName';

function text(options: ModelStubOptions, name: TextOption, fallback: string): string {
  const value: unknown = options[name];
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || (value === '' && name !== 'writeContent')) {
    throw new UsageError(`model stub option "${name}" must be a non-empty string; received ${describeReceived(value)}`, { option: name });
  }
  return value;
}

function count(options: ModelStubOptions, name: 'chunkCount' | 'longStreamIntervalMs', fallback: number, minimum: number): number {
  const value: unknown = options[name];
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < minimum) {
    throw new UsageError(`model stub option "${name}" must be an integer ≥ ${minimum}; received ${describeReceived(value)}`, { option: name });
  }
  return value;
}
