import { describeOutcome, type AcpCaseContext, type AcpSuite } from '../../harness/acp/AcpCase.js';
import type { AcpConnection } from '../../harness/acp/AcpConnection.js';

// Process lifecycle and containment: each case has an agent process of its own, ended the way
// a host ends it (stdin closed, SIGTERM); what it started must not outlive it.

/** How long an agent has to exit, and its processes to be gone (catalog: 5 s). */
export const EXIT_GRACE_MS = 5000;

const POLL_MS = 50;

async function initializedFresh(context: AcpCaseContext): Promise<{ readonly connection: AcpConnection; readonly ready: string | null; readonly initialized: boolean }> {
  const connection = await context.startAgent();
  const { result, outcome } = await context.initialize(connection);
  if (result === null) return { connection, ready: `initialize got ${describeOutcome(outcome)}`, initialized: false };
  const session = await context.newSession(connection);
  return { connection, ready: session.sessionId === null ? `session/new got ${describeOutcome(session.outcome)}` : null, initialized: true };
}

/** Waits up to the grace period for every process the agent started to be gone; returns the survivors. */
async function survivorsAfterGrace(connection: AcpConnection): Promise<readonly string[] | null> {
  const end = Date.now() + EXIT_GRACE_MS;
  for (;;) {
    const live = connection.process.liveProcesses();
    if (live === null) return null;
    if (live.length === 0) return [];
    if (Date.now() >= end) return live.map((entry) => `${entry.pid} ${JSON.stringify(entry.argv.join(' ').slice(0, 80))}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * The configured names the agent cannot do without: one fresh agent per name, started with that name left
 * out, that does not serve initialize and session/new. A replay of the case measures nothing.
 */
async function namesNeeded(context: AcpCaseContext): Promise<readonly string[]> {
  const needed: string[] = [];
  for (const name of context.configuredEnvironment) {
    const connection = await context.startAgent({ leaveOutEnv: name });
    try {
      const { result } = await context.initialize(connection);
      const session = result === null ? null : await context.newSession(connection);
      if (session?.sessionId == null) needed.push(name);
    } finally {
      connection.close();
    }
  }
  return needed;
}

async function judgeEnding(context: AcpCaseContext, connection: AcpConnection, how: string, clause: 'ACP-LIFE-STDIN-EOF' | 'ACP-LIFE-SIGTERM'): Promise<void> {
  const exit = await connection.waitForExit(EXIT_GRACE_MS);
  if (exit === null) {
    context.fail(clause, `the agent was still running ${EXIT_GRACE_MS} ms after ${how}`, null);
    return;
  }
  context.pass(clause);
  const survivors = await survivorsAfterGrace(connection);
  if (survivors === null) context.inconclusive('ACP-LIFE-NO-ORPHANS', 'the processes of the agent cannot be counted here (no /proc or no launcher)');
  else if (survivors.length > 0)
    context.fail(
      'ACP-LIFE-NO-ORPHANS',
      `${survivors.length} process(es) the agent started still ran ${EXIT_GRACE_MS} ms after it exited on ${how}: ${survivors.slice(0, 3).join('; ')}`,
      null,
    );
  else if (connection.process.leftoversDieWithIt) context.inconclusive('ACP-LIFE-NO-ORPHANS', LEFTOVERS_DIE_WITH_SANDBOX);
  else context.pass('ACP-LIFE-NO-ORPHANS');
}

/** Why no leftover is evidence in a sandbox that ends with the agent (no compiled launcher to keep it open). */
export const LEFTOVERS_DIE_WITH_SANDBOX =
  "the agent ran in the sandbox without the suite's launcher (no C compiler here), so the sandbox's PID namespace ended with the agent and took every process it started along: a process it would leave behind on a host cannot be seen (install gcc, or judge it with --no-sandbox on a machine you don't mind the agent running on)";

export const acpSuite: AcpSuite = {
  title: 'Process lifecycle and containment',
  cases: [
    {
      name: 'ACP-LIFE-STDIN-EOF ACP-LIFE-NO-ORPHANS ACP-ENV-MINIMUM: stdin closed while idle, with only the configured environment',
      clauses: ['ACP-LIFE-STDIN-EOF', 'ACP-LIFE-NO-ORPHANS', 'ACP-ENV-MINIMUM'],
      run: async (context) => {
        const { connection, ready, initialized } = await initializedFresh(context);
        if (ready !== null) {
          // A session refused after a good initialize is what a missing variable or HOME file looks like; an agent that never initializes says nothing about its environment.
          if (initialized) context.fail('ACP-ENV-MINIMUM', `with only the configured environment, a fresh HOME and TERM=dumb: ${ready}`, null);
          else context.inconclusive('ACP-ENV-MINIMUM', `the agent did not initialize (${ready})`);
          context.inconclusive('ACP-LIFE-STDIN-EOF', `the agent did not get ready (${ready})`);
          return;
        }
        context.pass('ACP-ENV-MINIMUM', { environmentNeeded: await namesNeeded(context) });
        await connection.flushed();
        connection.process.closeStdin();
        await judgeEnding(context, connection, 'its stdin closed', 'ACP-LIFE-STDIN-EOF');
      },
    },
    {
      name: 'ACP-LIFE-SIGTERM ACP-LIFE-NO-ORPHANS: SIGTERM while idle',
      clauses: ['ACP-LIFE-SIGTERM', 'ACP-LIFE-NO-ORPHANS'],
      run: async (context) => {
        const { connection, ready } = await initializedFresh(context);
        if (ready !== null) {
          context.inconclusive('ACP-LIFE-SIGTERM', `the agent did not get ready (${ready})`);
          return;
        }
        if (!connection.process.signal('SIGTERM')) {
          context.inconclusive('ACP-LIFE-SIGTERM', 'the agent process could not be found to signal');
          return;
        }
        await judgeEnding(context, connection, 'SIGTERM', 'ACP-LIFE-SIGTERM');
      },
    },
  ],
};
