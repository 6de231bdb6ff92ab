import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { profileClauses, type ClauseDefinition, type ProfileId } from '../clauses.js';
import { packageRoot } from '../packageRoot.js';

/** One clause as `adapter-qualify list` and `docs/clauses.md` show it. */
export interface ClauseCatalogRow extends ClauseDefinition {
  readonly profile: ProfileId;
  /** Files (relative to the package root) whose checks name the clause; test names start with the IDs they decide. */
  readonly files: readonly string[];
}

/** Where each profile's checks live: its suites, or the manifest checkers. */
const CHECK_SOURCES: Readonly<Record<ProfileId, { readonly dir: string; readonly accept: (name: string) => boolean }>> = {
  'coding-operation.v1': { dir: 'suites', accept: (name) => name.endsWith('.suite.ts') },
  'adapter-manifest.v1': { dir: join('harness', 'manifest'), accept: (name) => /^check\w+\.ts$/.test(name) },
};

/**
 * Every clause of both profiles in catalog order, with the files that check it.
 * A file checks a clause when it names the ID as a whole token, so `REQ-BOUND`
 * is not found inside `REQ-BOUND-KEY`.
 * @param root - the package root to read the check files from. @defaultValue the package's own
 * @public
 */
export async function clauseCatalogRows(root: string = packageRoot): Promise<readonly ClauseCatalogRow[]> {
  const rows: ClauseCatalogRow[] = [];
  for (const [profile, clauses] of Object.entries(profileClauses) as [ProfileId, readonly ClauseDefinition[]][]) {
    const source = CHECK_SOURCES[profile];
    const names = (await readdir(join(root, source.dir))).filter(source.accept).sort();
    const texts = await Promise.all(names.map(async (name) => ({ file: `${source.dir}/${name}`, text: await readFile(join(root, source.dir, name), 'utf8') })));
    for (const definition of clauses) {
      const token = new RegExp(`(?<![A-Z0-9-])${definition.id}(?![A-Z0-9-])`);
      rows.push({ ...definition, profile, files: texts.filter(({ text }) => token.test(text)).map(({ file }) => file) });
    }
  }
  return rows;
}
