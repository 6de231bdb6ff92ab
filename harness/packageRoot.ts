import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'adapter-qualify') return dir;
    if (dirname(dir) === dir) throw new Error(`adapter-qualify: package root not found above ${start}`);
  }
}

/**
 * The package's root directory, whether this module runs from `dist/` or from
 * source: the suites, the hostile fixtures and the report schema live there.
 */
export const packageRoot: string = findRoot(dirname(fileURLToPath(import.meta.url)));

/** The package version, recorded in every report. */
export const packageVersion: string = (JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version;
