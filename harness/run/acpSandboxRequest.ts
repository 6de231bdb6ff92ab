import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, isAbsolute, join } from 'node:path';
import { packageRoot } from '../packageRoot.js';
import { toolRootInHome } from '../runSandboxRequest.js';
import type { RunSandboxRequest } from '../transport/sandbox/openRunSandbox.js';
import type { AcpRunOptions } from '../acp/acpRunOptions.js';

/** The ACP run's own places its agents' sandbox is built around. */
export interface AcpRunPlaces {
  readonly tag: string;
  /** The run's work directory: hidden. */
  readonly workDir: string;
  /** Where each agent's own directory (its fresh HOME, cwd and session roots) is made, inside the hidden `workDir`. */
  readonly agentRoots: string;
  /** The report's staging directory: hidden. */
  readonly staging: string;
}

/**
 * Why an ACP run with a model stub keeps the host's network: the stub listens on the host's
 * loopback, which a network namespace of the agent's own cannot reach.
 * @internal
 */
export const MODEL_STUB_NETWORK_REASON =
  'the agents share the host\'s network namespace: the configuration has "model", and the model stub listens on the host\'s 127.0.0.1, out of reach of a network namespace of their own';

/**
 * What an ACP run's agents' sandbox holds: writable, nothing of the run's (each agent's own directory, its
 * fresh HOME, cwd and session roots, the MCP fixture's control socket among them, is bound writable to that
 * agent alone when it starts: `AcpAgentProcess`); hidden, the suite's package, the
 * caller's home, the run's work, staging and report directories; read-only again inside them, the
 * configuration's directory, executable and argv files, the places its environment names, the PATH directories, and the suite's
 * compiled code and dependencies (the MCP fixture the agents start runs from `dist/`).
 * @param options - the ACP run's options.
 * @param places - the run's directories.
 * @public
 */
export function acpSandboxRequest(options: AcpRunOptions, places: AcpRunPlaces): RunSandboxRequest {
  const { config, configPath } = options.loaded;
  const named = [config.executable, ...config.argv].filter((arg) => isAbsolute(arg) && existsSync(arg));
  // A variable the configuration passes that names a place (an installation directory) is a place the agent reads, as the argv's are.
  const passed = config.passEnv.map((name) => process.env[name]).filter((value) => value !== undefined);
  const namedByEnv = [...Object.values(config.env), ...passed].filter((value) => isAbsolute(value) && !value.includes(delimiter) && existsSync(value) && !holdsHidden(value, options.outDir));
  const pathDirectories = (process.env.PATH ?? '').split(delimiter).filter((dir) => isAbsolute(dir) && isDirectory(dir));
  const toolDirectories = [...new Set(pathDirectories.map((dir) => toolRootInHome(dir, homedir())))];
  const suiteCode = ['dist', 'node_modules', 'package.json'].map((name) => join(packageRoot, name));
  return {
    disabled: options.sandbox === 'off',
    allowNetwork: options.allowNetwork || config.model !== null,
    state: [],
    hidden: [packageRoot, homedir(), places.workDir, places.staging, options.outDir],
    exposed: [dirname(configPath), ...named, ...namedByEnv, ...toolDirectories, ...suiteCode],
    tag: places.tag,
    exchangeDir: join(places.workDir, 'exchange'),
  };
}

/** `path` is the root, the caller's home or the report directory, or lies above one of them: binding it back would undo the hiding. */
function holdsHidden(path: string, outDir: string): boolean {
  return [homedir(), outDir].some((hidden) => hidden === path || hidden.startsWith(path.endsWith('/') ? path : `${path}/`));
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
