import { clauseCatalogRows, renderClauseCatalog, type ClauseCatalogFormat } from '../catalog/clauseCatalog.js';
import { PROFILE_IDS } from '../clauses.js';
import { UsageError } from '../UsageError.js';
import { exitCodes, parseCommandLine, type ExitCode } from './commandLine.js';
import { helpText } from './help.js';
import type { CliIo } from './commandLine.js';

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
  const parsed = parseCommandLine('list', args);
  if (parsed.kind === 'help') {
    io.stdout.write(helpText.list);
    return exitCodes.ok;
  }
  const { values } = parsed;
  if (values.json === true && values.markdown === true) throw new UsageError('list: --json and --markdown are mutually exclusive', { option: '--json' });
  const profile = values.profile;
  if (profile !== undefined && !(PROFILE_IDS as readonly string[]).includes(profile)) {
    throw new UsageError(`list: --profile must be one of ${PROFILE_IDS.join(', ')} (got ${JSON.stringify(profile)})`, { option: '--profile' });
  }
  const format: ClauseCatalogFormat = values.json === true ? 'json' : values.markdown === true ? 'markdown' : 'text';
  const rows = (await clauseCatalogRows()).filter((row) => profile === undefined || row.profile === profile);
  io.stdout.write(renderClauseCatalog(rows, format));
  return exitCodes.ok;
}
