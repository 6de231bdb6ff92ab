import { accessSync, constants, statSync } from 'node:fs';
import { compileHelper } from './compileHelper.js';
import { nativeSources } from './nativeSources.js';
import { runTag } from './environment.js';

/**
 * How the suite accounts for the processes an adapter call starts:
 * - `subreaper-launcher`: each call runs under the compiled launcher (a sacrificial
 *   parent and a child subreaper per call), so every descendant stays under the
 *   call's keeper whatever it does to its environment or session;
 * - `marker-scan`: no launcher could be built (not Linux, no C compiler); the
 *   adapter is the suite's direct child and only processes still carrying the
 *   call's `ADAPTER_QUALIFY_CALL` in their environment can be found.
 * @public
 */
export type ContainmentMode = 'subreaper-launcher' | 'marker-scan';

/** The launcher this process uses, or why there is none. */
export type Launcher = { readonly mode: 'subreaper-launcher'; readonly path: string } | { readonly mode: 'marker-scan'; readonly reason: string };

let cached: Launcher | undefined;

/**
 * The per-call launcher (`native/aq-launch.c`, `native/launch.c`), compiled on first use
 * (`compileHelper`), once per machine. A spawner runs its code without executing it
 * (`SpawnRequest.viaLauncher`), an exec less per call.
 * @returns the launcher, or `marker-scan` with the reason when none can be built.
 * @public
 */
export function ensureLauncher(): Launcher {
  cached ??= buildLauncher();
  return cached;
}

function buildLauncher(): Launcher {
  if (process.platform !== 'linux') return { mode: 'marker-scan', reason: `no child subreaper on ${process.platform}` };
  const compiled = compileHelper('aq-launch', nativeSources('aq-launch'));
  return 'path' in compiled ? { mode: 'subreaper-launcher', path: compiled.path } : { mode: 'marker-scan', reason: `the launcher could not be compiled (${compiled.reason})` };
}

/** What to spawn for one call: the adapter itself, or the launcher in front of it. */
export interface LaunchCommand {
  readonly file: string;
  readonly args: readonly string[];
  /** Whether the launcher stands in front of the adapter (its exec failures then arrive as an exit status). */
  readonly viaLauncher: boolean;
}

/** How the launcher's stderr begins when it could not execute the adapter (it then exits 127); kept in step with `AQ_EXEC_FAILURE_PREFIX` in `native/launch.h`. */
const EXEC_FAILURE_PREFIX = 'aq-launch: cannot execute ';
const EXEC_FAILURE_EXIT_CODE = 127;

/**
 * The launcher's own account of an adapter it could not execute (the spawn failure
 * a direct spawn would have thrown), or null when the adapter ran.
 * @param launch - how the call was started.
 * @param exitCode - the call's exit code.
 * @param stdoutBytes - bytes the call wrote to stdout (an adapter that ran may exit 127 too).
 * @param stderrText - the call's stderr.
 * @public
 */
export function launchFailure(launch: LaunchCommand, exitCode: number | null, stdoutBytes: number, stderrText: string): string | null {
  if (!launch.viaLauncher || exitCode !== EXEC_FAILURE_EXIT_CODE || stdoutBytes > 0 || !stderrText.startsWith(EXEC_FAILURE_PREFIX)) return null;
  return stderrText.slice('aq-launch: '.length).trim();
}

/**
 * The command that starts `argv` (executable first) for call `callId`: through the
 * per-call launcher where one exists (so the adapter's parent is a sacrificial
 * process and its descendants stay under the call's keeper), else `argv` itself.
 * An executable that cannot be run is started directly, so the spawn fails as it
 * would without a launcher (a spawn failure, not an exit code of the launcher).
 * @param argv - the adapter's argv, executable first.
 * @param callId - the call's id (on the launcher's command line, for accounting).
 * @public
 */
export function launchCommand(argv: readonly [string, ...string[]], callId: string): LaunchCommand {
  const launcher = ensureLauncher();
  const [executable, ...args] = argv;
  if (launcher.mode === 'marker-scan' || !isRunnable(executable)) return { file: executable, args, viaLauncher: false };
  return { file: launcher.path, args: [runTag(), callId, ...argv], viaLauncher: true };
}

function isRunnable(executable: string): boolean {
  // A bare name is looked up in PATH by both; only a path can be checked here.
  if (!executable.includes('/')) return true;
  try {
    accessSync(executable, constants.X_OK);
    return statSync(executable).isFile();
  } catch {
    return false;
  }
}
