import { parseArgs } from 'node:util';
import { clauseCatalogRows } from '../catalog/clauseCatalogRows.js';
import { renderClauseCatalog, type ClauseCatalogFormat } from '../catalog/renderClauseCatalog.js';
import type { ProfileId } from '../clauses.js';
import { UsageError } from '../UsageError.js';
import { exitCodes, type ExitCode } from './exitCodes.js';
import { helpText } from './helpText.js';
import type { CliIo } from './runCommand.js';

const PROFILES: readonly ProfileId[] = ['coding-operation.v1', 'adapter-manifest.v1'];

/**
 * `adapter-qualify list [--json | --markdown] [--profile P]`: prints every
 * clause with its level, family, the files whose checks decide it and its rule.
 * @param args - the arguments after `list`.
 * @param io - where the catalog goes.
 * @returns 0
 * @throws UsageError for an unknown option or profile, or both formats at once.
 * @public
 */
export async function listCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  let values;
  try {
    ({ values } = parseArgs({ args: [...args], options: { json: { type: 'boolean' }, markdown: { type: 'boolean' }, profile: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true }));
  } catch (cause) {
    throw new UsageError(`list: ${(cause as Error).message.split('\n')[0]} (see adapter-qualify list --help)`, { cause });
  }
  if (values.help === true) {
    io.stdout.write(helpText.list);
    return exitCodes.ok;
  }
  if (values.json === true && values.markdown === true) throw new UsageError('list: --json and --markdown are mutually exclusive', { option: '--json' });
  const profile = values.profile;
  if (profile !== undefined && !PROFILES.includes(profile as ProfileId)) {
    throw new UsageError(`list: --profile must be one of ${PROFILES.join(', ')} (got ${JSON.stringify(profile)})`, { option: '--profile' });
  }
  const format: ClauseCatalogFormat = values.json === true ? 'json' : values.markdown === true ? 'markdown' : 'text';
  const rows = (await clauseCatalogRows()).filter((row) => profile === undefined || row.profile === profile);
  io.stdout.write(renderClauseCatalog(rows, format));
  return exitCodes.ok;
}
