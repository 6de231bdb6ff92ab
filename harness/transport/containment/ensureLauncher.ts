import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LAUNCHER_SOURCE } from './launcherSource.js';

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
export type Launcher =
  | { readonly mode: 'subreaper-launcher'; readonly path: string }
  | { readonly mode: 'marker-scan'; readonly reason: string };

const COMPILERS = ['gcc', 'cc'] as const;
let cached: Launcher | undefined;

/**
 * The per-call launcher, compiled on first use into a cache directory keyed by its
 * source (`$TMPDIR/adapter-qualify-launcher/<digest>/aq-launch`), once per machine:
 * concurrent compilers each write a private file and rename it into place.
 * Compiling takes about 0.1 s; a call through it costs about a millisecond.
 * @returns the launcher, or `marker-scan` with the reason when none can be built.
 * @public
 */
export function ensureLauncher(): Launcher {
  cached ??= buildLauncher();
  return cached;
}

function buildLauncher(): Launcher {
  if (process.platform !== 'linux') return { mode: 'marker-scan', reason: `no child subreaper on ${process.platform}` };
  const digest = createHash('sha256').update(LAUNCHER_SOURCE).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), 'adapter-qualify-launcher', `${digest}-${process.getuid?.() ?? 0}`);
  const path = join(dir, 'aq-launch');
  if (isExecutable(path)) return { mode: 'subreaper-launcher', path };
  mkdirSync(dir, { recursive: true });
  const failures: string[] = [];
  for (const compiler of COMPILERS) {
    const temporary = `${path}.${process.pid}.${compiler}.tmp`;
    try {
      execFileSync(compiler, ['-O2', '-x', 'c', '-o', temporary, '-'], { input: LAUNCHER_SOURCE, stdio: ['pipe', 'ignore', 'pipe'], timeout: 60_000 });
      renameSync(temporary, path);
      return { mode: 'subreaper-launcher', path };
    } catch (error) {
      rmSync(temporary, { force: true });
      failures.push(`${compiler}: ${(error as Error).message.split('\n')[0] ?? ''}`);
    }
  }
  return { mode: 'marker-scan', reason: `the launcher could not be compiled (${failures.join('; ')})` };
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
