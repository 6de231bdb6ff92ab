import { constants } from 'node:fs';
import { access, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describeReceived, UsageError } from '../UsageError.js';
import { modelStubProviders } from './modelStub/index.js';
import { namedPath, type NamedPath } from '../options/bytePath.js';

// The subject configuration of the acp-agent.v1 profile (catalog §1): closed, validated before
// any process starts; argv items starting with ./ or ../ resolve against the file's directory.

/** The profile identifier a configuration names in its `profile` field. */
export const ACP_PROFILE_ID = 'acp-agent.v1';

/** The loopback model stub a configuration asks for (catalog §6). */
export interface AcpModelStubConfig {
  /** The provider wire API the stub speaks, one of `modelStubProviders` (`gemini`). */
  readonly stub: string;
  /** The variable through which the agent is pointed at the stub. */
  readonly baseUrlEnv: string;
}

/** A validated ACP subject configuration, paths resolved. */
export interface AcpAgentConfig {
  readonly profile: typeof ACP_PROFILE_ID;
  /** Absolute path of the executable. */
  readonly executable: string;
  /** Literal arguments, `./` and `../` items made absolute against the configuration's directory. */
  readonly argv: readonly string[];
  /** Variables the agent receives with these values. */
  readonly env: Readonly<Record<string, string>>;
  /** Names of the suite's own variables the agent receives. */
  readonly passEnv: readonly string[];
  /** The loopback model stub each agent process gets (its address in `baseUrlEnv`), or null for none. */
  readonly model: AcpModelStubConfig | null;
}

/** A loaded configuration and where it came from. */
export interface LoadedAcpConfig {
  readonly config: AcpAgentConfig;
  /** The configuration as written (recorded in the report). */
  readonly written: Readonly<Record<string, unknown>>;
  /** Absolute path of the configuration file (through a symlink when the directory's name is not UTF-8). */
  readonly configPath: string;
  /** The configuration's path as the user named it: what reports and replay commands show (never the symlink). */
  readonly configNamed: NamedPath;
}

const FIELDS = ['profile', 'executable', 'argv', 'env', 'passEnv', 'model'] as const;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Names the suite sets itself for every agent process. */
const RESERVED_NAMES = new Set(['HOME', 'TERM']);

/**
 * Validates a parsed configuration (pure).
 * @param value - the parsed JSON
 * @param configDir - the configuration file's directory (relative argv items resolve against it)
 * @returns the configuration, or the first broken field and why
 */
export function validateAcpConfig(value: unknown, configDir: string): { readonly config: AcpAgentConfig } | { readonly field: string; readonly message: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { field: '(root)', message: `the configuration must be a JSON object, got ${describeReceived(value)}` };
  const input = value as Record<string, unknown>;
  const unknown = Object.keys(input).filter((key) => !(FIELDS as readonly string[]).includes(key));
  if (unknown.length > 0) return { field: unknown[0]!, message: `unknown field ${JSON.stringify(unknown[0])} (fields: ${FIELDS.join(', ')})` };
  if (input['profile'] !== ACP_PROFILE_ID) return { field: 'profile', message: `must be ${JSON.stringify(ACP_PROFILE_ID)}, got ${describeReceived(input['profile'])}` };
  const executable = input['executable'];
  if (typeof executable !== 'string' || executable === '' || executable.includes('\0'))
    return { field: 'executable', message: `must be a non-empty path, got ${describeReceived(executable)}` };
  if (!path.isAbsolute(executable)) return { field: 'executable', message: `must be an absolute path, got ${JSON.stringify(executable)} (the agent runs in a fresh temporary directory)` };
  const argv = input['argv'] ?? [];
  if (!Array.isArray(argv) || argv.some((item) => typeof item !== 'string' || item.includes('\0')))
    return { field: 'argv', message: `must be an array of strings without NUL, got ${describeReceived(argv)}` };
  const env = input['env'] ?? {};
  if (env === null || typeof env !== 'object' || Array.isArray(env)) return { field: 'env', message: `must be an object of strings, got ${describeReceived(env)}` };
  for (const [name, text] of Object.entries(env)) {
    if (!ENV_NAME.test(name)) return { field: `env.${name}`, message: `is not a variable name` };
    if (RESERVED_NAMES.has(name)) return { field: `env.${name}`, message: `is set by the suite (a fresh HOME per agent process, TERM=dumb)` };
    if (typeof text !== 'string' || text.includes('\0')) return { field: `env.${name}`, message: `must be a string without NUL, got ${describeReceived(text)}` };
  }
  const passEnv = input['passEnv'] ?? [];
  if (!Array.isArray(passEnv) || passEnv.some((name) => typeof name !== 'string' || !ENV_NAME.test(name)))
    return { field: 'passEnv', message: `must be an array of variable names, got ${describeReceived(passEnv)}` };
  const reserved = (passEnv as string[]).find((name) => RESERVED_NAMES.has(name));
  if (reserved !== undefined) return { field: 'passEnv', message: `${reserved} is set by the suite and cannot be passed` };
  const model = input['model'];
  let stub: AcpModelStubConfig | null = null;
  if (model !== undefined) {
    if (model === null || typeof model !== 'object' || Array.isArray(model)) return { field: 'model', message: `must be an object {stub, baseUrlEnv}, got ${describeReceived(model)}` };
    const { stub: name, baseUrlEnv, ...rest } = model as Record<string, unknown>;
    const extra = Object.keys(rest)[0];
    if (extra !== undefined) return { field: `model.${extra}`, message: 'unknown field (fields: stub, baseUrlEnv)' };
    if (typeof name !== 'string' || !(modelStubProviders as readonly string[]).includes(name))
      return { field: 'model.stub', message: `must be a provider the model stub speaks (${modelStubProviders.join(', ')}), got ${describeReceived(name)}` };
    if (typeof baseUrlEnv !== 'string' || !ENV_NAME.test(baseUrlEnv)) return { field: 'model.baseUrlEnv', message: `must be a variable name, got ${describeReceived(baseUrlEnv)}` };
    if (RESERVED_NAMES.has(baseUrlEnv)) return { field: 'model.baseUrlEnv', message: `${baseUrlEnv} is set by the suite` };
    if (Object.hasOwn(env, baseUrlEnv) || (passEnv as string[]).includes(baseUrlEnv))
      return { field: 'model.baseUrlEnv', message: `${baseUrlEnv} is also in env or passEnv; the suite sets it to the model stub's address` };
    stub = { stub: name, baseUrlEnv };
  }
  return {
    config: {
      profile: ACP_PROFILE_ID,
      executable,
      argv: (argv as string[]).map((item) => (item.startsWith('./') || item.startsWith('../') ? path.resolve(configDir, item) : item)),
      env: { ...(env as Record<string, string>) },
      passEnv: [...new Set(passEnv as string[])],
      model: stub,
    },
  };
}

/**
 * Reads, parses and validates an ACP configuration file, and checks that its executable can run.
 * @param file - as given on the command line
 * @param cwd - what a relative `file` resolves against
 * @param named - how reports name it, when `file` reaches it through a symlink. @defaultValue the absolute `file`
 * @throws UsageError naming the field (the CLI exits 2 before any process starts)
 */
export async function loadAcpConfig(file: string, cwd: string = process.cwd(), named?: NamedPath): Promise<LoadedAcpConfig> {
  const configPath = path.resolve(cwd, file);
  const text = await readFile(configPath, 'utf8').catch((cause: unknown) => {
    throw new UsageError(`${file}: ACP agent configuration cannot be read (${(cause as NodeJS.ErrnoException).code ?? String(cause)})`, { cause });
  });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new UsageError(`${file}: ACP agent configuration is not JSON (${(cause as Error).message})`, { cause });
  }
  const validation = validateAcpConfig(value, path.dirname(configPath));
  if ('field' in validation) throw new UsageError(`${file}: ${validation.field}: ${validation.message}`, { field: validation.field });
  const { executable } = validation.config;
  const found = await stat(executable).catch(() => null);
  if (found === null || !found.isFile())
    throw new UsageError(`${file}: executable: ${JSON.stringify(executable)} ${found === null ? 'does not exist' : 'is not a regular file'}`, { field: 'executable' });
  await access(executable, constants.X_OK).catch(() => {
    throw new UsageError(`${file}: executable: ${JSON.stringify(executable)} is not executable`, { field: 'executable' });
  });
  return { config: validation.config, written: value as Record<string, unknown>, configPath, configNamed: named ?? namedPath(Buffer.from(configPath, 'utf8')) };
}

/**
 * The environment of one agent process: exactly `env`, the named `passEnv` variables the suite has,
 * a fresh `HOME` and `TERM=dumb` (catalog §1), and with a `model` its `baseUrlEnv`, empty until the
 * agent's model stub starts (so an agent is never pointed at its real provider by mistake).
 * @param config - the configuration
 * @param home - this process's fresh HOME
 * @param suiteEnv - the suite's own environment. @defaultValue `process.env`
 * @param leaveOut - a configured name to leave out (ACP-ENV-MINIMUM's runs)
 */
export function agentEnvironment(config: AcpAgentConfig, home: string, suiteEnv: NodeJS.ProcessEnv = process.env, leaveOut: string | null = null): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const name of config.passEnv) {
    const value = suiteEnv[name];
    if (value !== undefined && name !== leaveOut) environment[name] = value;
  }
  for (const [name, value] of Object.entries(config.env)) if (name !== leaveOut) environment[name] = value;
  // Named here so the report lists it; the run puts the agent's own model stub's address in it.
  if (config.model !== null) environment[config.model.baseUrlEnv] = '';
  environment['HOME'] = home;
  environment['TERM'] = 'dumb';
  return environment;
}
