import { accessSync, constants, statSync } from 'node:fs';
import { ensureLauncher } from './ensureLauncher.js';
import { runTag } from './runContext.js';

/** What to spawn for one call: the adapter itself, or the launcher in front of it. */
export interface LaunchCommand {
  readonly file: string;
  readonly args: readonly string[];
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
  if (launcher.mode === 'marker-scan' || !isRunnable(executable)) return { file: executable, args };
  return { file: launcher.path, args: [runTag(), callId, ...argv] };
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
