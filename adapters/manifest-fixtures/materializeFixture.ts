import { cp, mkdir, rm, symlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { packageRoot } from '../../harness/packageRoot.js';
import { manifestReferenceDir } from './catalog.js';
import type { ManifestFixture } from './ManifestFixture.js';

/**
 * The directory to qualify for one fixture. A fixture without `links` is used
 * where it lies. One with `links` is copied to the same relative path under
 * `scratchDir` and its symlinks are created there: `npm pack` drops symlinks,
 * and an installed package may be read-only. Each link points to the absolute
 * path of its target (resolved against the fixture's own directory), so it
 * escapes the copy exactly as it escaped the original. The fixtures' entry
 * points load the reference's tools from `../../manifest-reference`, so the
 * copy gets that sibling too (a link to the package's own).
 *
 * @param fixture - the fixture to prepare
 * @param scratchDir - a directory this run owns; the copy replaces any earlier one there
 * @returns the absolute directory to pass to `adapter-qualify manifest`
 * @public
 */
export async function materializeFixture(fixture: ManifestFixture, scratchDir: string): Promise<string> {
  const source = join(packageRoot, fixture.dir);
  const links = Object.entries(fixture.links);
  if (links.length === 0) return source;
  const copy = join(scratchDir, fixture.dir);
  await rm(copy, { recursive: true, force: true });
  await mkdir(dirname(copy), { recursive: true });
  await cp(source, copy, { recursive: true });
  const reference = join(scratchDir, manifestReferenceDir);
  await symlink(join(packageRoot, manifestReferenceDir), reference).catch((error: NodeJS.ErrnoException) => {
    // Another fixture of this scratch directory made it already.
    if (error.code !== 'EEXIST') throw error;
  });
  for (const [path, target] of links) await symlink(resolve(source, target), join(copy, path));
  return copy;
}
