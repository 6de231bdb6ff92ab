import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import type { ConfigValues } from './configOptions.js';

// Sessions on disk, so that `session/load` and `session/resume` work in a fresh agent process
// that is given the same state directory: one JSON file per session, replaced atomically.

/** What the agent keeps of a session between processes. */
export interface StoredSession {
  readonly sessionId: string;
  readonly cwd: string;
  readonly config: ConfigValues;
  /** Every turn's updates in order, the user's prompt first: what `session/load` replays. */
  readonly turns: readonly (readonly SessionUpdate[])[];
}

/** Reads and writes stored sessions under one directory. */
export interface SessionStore {
  /** The stored session, or undefined when there is none (or it cannot be read). */
  read(sessionId: string): StoredSession | undefined;
  /** Stores the session, replacing any earlier version. */
  write(session: StoredSession): void;
}

/**
 * The default state directory: under `$HOME`, which a host gives each agent process.
 * @param env - the process environment
 */
export function defaultStateDir(env: NodeJS.ProcessEnv): string {
  return join(env['HOME'] ?? homedir(), '.acp-reference');
}

/**
 * A store under `stateDir` (created on first write).
 * @param stateDir - the state directory
 */
export function fileSessionStore(stateDir: string): SessionStore {
  const sessions = join(stateDir, 'sessions');
  const fileOf = (sessionId: string) => join(sessions, `${encodeURIComponent(sessionId)}.json`);
  return {
    read(sessionId) {
      try {
        const stored = JSON.parse(readFileSync(fileOf(sessionId), 'utf8')) as StoredSession;
        return stored.sessionId === sessionId ? stored : undefined;
      } catch {
        return undefined;
      }
    },
    write(session) {
      mkdirSync(sessions, { recursive: true });
      const target = fileOf(session.sessionId);
      const temporary = `${target}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(session));
      renameSync(temporary, target);
    },
  };
}
