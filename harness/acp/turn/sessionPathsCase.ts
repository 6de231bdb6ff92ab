import { realpath, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { AcpCaseContext } from '../AcpCase.js';
import { describeOutcome } from '../AcpCase.js';
import type { AcpClauseId } from '../acpClauses.js';
import type { FrameRef } from '../AcpConnection.js';
import { drivableShared } from './drivableAgent.js';
import { finishTurn, startTurn, updateKind, type FinishedTurn } from './promptTurn.js';

// ACP-SESS-CWD and ACP-SESS-PATHS-ABSOLUTE over the paths a session's tool turns name: fs requests
// (judged by the connection as it serves them), tool-call locations and a terminal's cwd (judged
// here). A clause passes only when the turns named at least one path it can judge.

/** The clauses this case decides. */
export const SESSION_PATH_CLAUSES: readonly AcpClauseId[] = ['ACP-SESS-CWD', 'ACP-SESS-PATHS-ABSOLUTE'];

const TOOL_SCENARIOS = ['permission-read', 'fs-write', 'terminal'] as const;

/** A path the agent named, where, and the frame that shows it. */
interface NamedPath {
  readonly path: unknown;
  readonly where: string;
  readonly frame: FrameRef;
  /** fs requests are judged by the connection when it serves them. */
  readonly judgedByConnection: boolean;
}

function namedPaths(turns: readonly FinishedTurn[]): NamedPath[] {
  const paths: NamedPath[] = [];
  for (const turn of turns) {
    for (const request of turn.requests) {
      const params = (request.params ?? {}) as { path?: unknown; cwd?: unknown };
      if (request.method === 'fs/read_text_file' || request.method === 'fs/write_text_file')
        paths.push({ path: params.path, where: `${request.method} path`, frame: request.frame, judgedByConnection: true });
      if (request.method === 'terminal/create' && params.cwd !== undefined && params.cwd !== null)
        paths.push({ path: params.cwd, where: 'terminal/create cwd', frame: request.frame, judgedByConnection: false });
    }
    for (const update of turn.updates) {
      const kind = updateKind(update);
      if (kind !== 'tool_call' && kind !== 'tool_call_update') continue;
      const locations = (update.params as { update: { locations?: unknown } }).update.locations;
      if (!Array.isArray(locations)) continue;
      for (const location of locations as { path?: unknown }[]) paths.push({ path: location?.path, where: `${kind} location`, frame: update.frame, judgedByConnection: false });
    }
  }
  return paths;
}

async function inside(root: string, path: string): Promise<boolean> {
  const base = await realpath(root);
  const real = await realpath(path).catch(() => resolve(path));
  const rest = relative(base, real);
  return rest === '' || (rest !== '..' && !rest.startsWith(`..${sep}`) && !isAbsolute(rest));
}

/**
 * Plays the tool scenarios in a fresh session of the shared agent and judges every path they name.
 * @param context - the case's context
 */
export async function judgeSessionPaths(context: AcpCaseContext): Promise<void> {
  const shared = await drivableShared(context, SESSION_PATH_CLAUSES);
  if (shared === null) return;
  const { connection } = shared;
  const session = await context.newSession(connection);
  if (session.sessionId === null) {
    for (const clauseId of SESSION_PATH_CLAUSES) context.inconclusive(clauseId, `session/new got ${describeOutcome(session.outcome)}`);
    return;
  }
  await writeFile(join(session.root, 'notes.txt'), 'adapter-qualify notes\n');
  const before = connection.violations.length;
  const turns: FinishedTurn[] = [];
  for (const scenario of TOOL_SCENARIOS) turns.push(await finishTurn(startTurn(connection, session.sessionId, scenario), context.bootstrapMs));
  const paths = namedPaths(turns);
  // What the connection found while serving the fs requests is already this case's FAIL.
  const recorded = new Set(connection.violations.slice(before).map((violation) => violation.clauseId));
  const failed = new Set<AcpClauseId>(SESSION_PATH_CLAUSES.filter((clauseId) => recorded.has(clauseId)));
  for (const named of paths) {
    if (named.judgedByConnection) continue;
    if (typeof named.path !== 'string' || !isAbsolute(named.path)) {
      if (!failed.has('ACP-SESS-PATHS-ABSOLUTE')) context.fail('ACP-SESS-PATHS-ABSOLUTE', `a ${named.where} ${JSON.stringify(named.path)}, which is not absolute`, named.frame);
      failed.add('ACP-SESS-PATHS-ABSOLUTE');
    } else if (!(await inside(session.root, named.path))) {
      if (!failed.has('ACP-SESS-CWD'))
        context.fail('ACP-SESS-CWD', `a ${named.where} ${JSON.stringify(named.path)}, outside the session's root ${JSON.stringify(session.root)}`, named.frame);
      failed.add('ACP-SESS-CWD');
    }
  }
  // Only an absolute path can be placed inside or outside the session's root.
  const tested: Readonly<Record<string, readonly NamedPath[]>> = {
    'ACP-SESS-PATHS-ABSOLUTE': paths,
    'ACP-SESS-CWD': paths.filter((named) => typeof named.path === 'string' && isAbsolute(named.path)),
  };
  for (const clauseId of SESSION_PATH_CLAUSES) {
    if (failed.has(clauseId)) continue;
    if ((tested[clauseId] ?? []).length === 0)
      context.inconclusive(clauseId, `the tool turns named no ${clauseId === 'ACP-SESS-CWD' ? 'absolute ' : ''}path (fs request, tool-call location or terminal cwd)`);
    else context.pass(clauseId);
  }
}
