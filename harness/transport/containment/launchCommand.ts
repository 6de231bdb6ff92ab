import { accessSync, constants, statSync } from 'node:fs';
import { ensureLauncher } from './ensureLauncher.js';
import { runTag } from './runContext.js';

/** What to spawn for one call: the adapter itself, or the launcher in front of it. */
export interface LaunchCommand {
  readonly file: string;
  readonly args: readonly string[];
  /** Whether the launcher stands in front of the adapter (its exec failures then arrive as an exit status). */
  readonly viaLauncher: boolean;
}

/** How the launcher's stderr begins when it could not execute the adapter (it then exits 127); kept in step with `launcherSource.ts`. */
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
