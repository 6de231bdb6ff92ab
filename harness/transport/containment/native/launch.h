/* The per-call launcher's code, shared by aq-launch (which executes it) and aq-spawn
 * (which runs it in the process it forks for a call, an exec less per call).
 *
 * Process tree of a call: L (the calling process, the suite's child, leader of the call's
 * process group) forks K, the keeper: its own process group, PR_SET_CHILD_SUBREAPER, so every
 * orphaned descendant of the adapter (daemonized, setsid, any environment) is reparented to it
 * and stays findable under it; K lives until its last descendant is gone. K forks M, the
 * sacrificial parent, back in L's group, which forks and waits for A, the adapter: an adapter
 * that kills its parent kills only M (A is then K's child). The adapter's exit status travels
 * A -> M -> K -> L, and L exits mirroring it (the same exit code, or the same signal), so the
 * suite sees the adapter's own status. L, K and M each drop the call's stdio (for /dev/null)
 * as soon as they have forked, so none of them holds the call's stdout or stderr open while
 * the adapter runs or after. */
#ifndef AQ_LAUNCH_H
#define AQ_LAUNCH_H

/* How the launcher's stderr begins when it could not execute the adapter (it then exits 127);
 * launcher.ts reads it back (launchFailure). */
#define AQ_EXEC_FAILURE_PREFIX "aq-launch: cannot execute "

/* Runs the call from the calling process (L): argv is the adapter's, executable first. With a
 * status_fd (not -1), L writes the adapter's status there ("exit N" or "signal N") as soon as it
 * is known, and exits only once the keeper has (every process the adapter started is gone). */
__attribute__((noreturn)) void launch(char **argv, int status_fd);

#endif
