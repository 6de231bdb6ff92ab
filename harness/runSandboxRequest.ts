import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import type { NormalizedRunOptions } from './options/runOptions.js';
import { packageRoot } from './packageRoot.js';
import { STEP_TRACER_SCRIPT } from './faults/stepTracer.js';
import type { RunSandbox, RunSandboxRequest } from './transport/sandbox/openRunSandbox.js';

/** The suite's hostile fixtures, which the host suite runs as subjects. */
const HOSTILE_FIXTURE_DIR = join(packageRoot, 'adapters', 'hostile');

/** The run's own places the sandbox is built around. */
export interface RunPlaces {
  readonly tag: string;
  /** The run's work directory (transcript parts, budgets): hidden. */
  readonly workDir: string;
  /** The run's scratch directory (`ADAPTER_QUALIFY_SCRATCH`): writable. */
  readonly scratchDir: string;
  /** The report's staging directory: hidden. */
  readonly staging: string;
}

/**
 * What a command run's sandbox holds: writable, the run's scratch directory and the directories the
 * adapter's argv names (its declared state); hidden, the suite's package, the caller's home, the
 * run's work, staging and report directories; read-only again inside them, the adapter's own
 * directory, executable and argv files, the PATH directories, and the step tracer.
 * @param options - the run's options (a command subject).
 * @param places - the run's directories.
 * @public
 */
export function runSandboxRequest(options: NormalizedRunOptions, places: RunPlaces): RunSandboxRequest {
  const { subject } = options;
  if (subject.kind !== 'command') throw new TypeError('runSandboxRequest: only a command subject runs in a sandbox');
  const named = subject.config.argvPrefix.filter((arg) => arg !== '' && !arg.startsWith('-')).map((arg) => (isAbsolute(arg) ? arg : resolve(subject.adapterCwd, arg)));
  const argvDirectories = named.filter(isDirectory);
  const argvFiles = named.filter((path) => existsSync(path) && !isDirectory(path));
  const pathDirectories = (process.env.PATH ?? '').split(delimiter).filter((dir) => isAbsolute(dir) && isDirectory(dir));
  // A PATH directory inside the hidden home belongs to a tool manager (pyenv, cargo, nvm): its shims run
  // programs from elsewhere in the manager's directory, so the whole directory comes back, read-only.
  const toolDirectories = [...new Set(pathDirectories.map((dir) => toolRootInHome(dir, homedir())))];
  // A subject bundled with the suite (the reference adapter, a mutant, a hostile subject) runs the suite's compiled adapters, which import its compiled harness.
  const bundled = [subject.adapterCwd, subject.config.executable, ...named].some((path) => path === packageRoot || path.startsWith(`${packageRoot}/`));
  const bundledCode = bundled ? [join(packageRoot, 'dist'), join(packageRoot, 'adapters')] : [];
  return {
    disabled: options.sandbox === 'off',
    allowNetwork: options.allowNetwork,
    state: [places.scratchDir, ...argvDirectories],
    hidden: [packageRoot, homedir(), places.workDir, places.staging, options.outDir],
    // The suite's own hostile fixtures are subjects too (the host suite runs them through the same transport).
    exposed: [subject.adapterCwd, subject.config.executable, ...argvFiles, ...toolDirectories, join(packageRoot, 'package.json'), STEP_TRACER_SCRIPT, HOSTILE_FIXTURE_DIR, ...bundledCode],
    tag: places.tag,
    exchangeDir: join(places.workDir, 'exchange'),
  };
}

/**
 * The one line a run prints about its sandbox when a protection is missing or weaker, or null when it is whole.
 * @public
 */
export function sandboxNotice(sandbox: RunSandbox): string | null {
  const all = [...sandbox.missing, ...sandbox.weaker];
  if (all.length === 0) return null;
  return `adapter-qualify: sandbox ${sandbox.missing.length > 0 ? 'incomplete' : 'weaker'}: ${all.join('; ')}`;
}

/**
 * `dir` itself, or for a directory inside `home`, its top directory there (`~/.pyenv/shims` → `~/.pyenv`).
 * @internal
 */
export function toolRootInHome(dir: string, home: string): string {
  if (!dir.startsWith(`${home}/`)) return dir;
  const [top = ''] = dir.slice(home.length + 1).split('/');
  return top === '' ? dir : join(home, top);
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
