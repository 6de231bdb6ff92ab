import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const COMPILERS = ['gcc', 'cc'] as const;

/** A compiled helper program, or why there is none. */
export type CompiledHelper = { readonly path: string } | { readonly reason: string };

/**
 * Compiles the C program `source` into a cache directory keyed by its source
 * (`$TMPDIR/adapter-qualify-helpers/<name>-<digest>-<uid>/<name>`), once per machine (gcc or cc;
 * nothing is downloaded): concurrent compilers each write a private file and rename it
 * into place. Compiling takes about 0.1 s.
 * @param name - the program's file name, e.g. `aq-launch`.
 * @param source - its C source.
 * @returns the executable, or the reason none could be built (no compiler, a failed compile).
 * @public
 */
export function compileHelper(name: string, source: string): CompiledHelper {
  const digest = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), 'adapter-qualify-helpers', `${name}-${digest}-${process.getuid?.() ?? 0}`);
  const path = join(dir, name);
  if (isExecutable(path)) return { path };
  mkdirSync(dir, { recursive: true });
  const failures: string[] = [];
  for (const compiler of COMPILERS) {
    const temporary = `${path}.${process.pid}.${compiler}.tmp`;
    try {
      execFileSync(compiler, ['-O2', '-x', 'c', '-o', temporary, '-'], { input: source, stdio: ['pipe', 'ignore', 'pipe'], timeout: 60_000 });
      renameSync(temporary, path);
      return { path };
    } catch (error) {
      rmSync(temporary, { force: true });
      failures.push(`${compiler}: ${(error as Error).message.split('\n')[0] ?? ''}`);
    }
  }
  return { reason: failures.join('; ') };
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
