// `run`, `list`, `self-check`, `replay`, `merge` and `verify` over the Profile seam: each picks its
// profile (from the configuration, the report, the transcript, or `--profile`) and hands the command to
// it; the first profile's commands are unchanged.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { PROFILES, profileNamed, profileOfConfig, profileOfReport, type Profile } from './Profile.js';
import { reachablePath } from '../options/bytePath.js';
import { UsageError } from '../UsageError.js';
import type { CliIo, ExitCode } from './commandLine.js';

/**
 * `run CONFIG [options]`: the profile comes from the configuration's `profile` (or `protocol`)
 * field. A file that cannot be read or parsed goes to the first profile, whose loader reports it.
 * @param args - the arguments after `run`
 * @param io - the CLI's streams
 */
export async function profileRunCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  const profile = await profileOfRunArgs(args);
  const run = await profile.run!();
  return (await run(args, io)) as ExitCode;
}

// The first positional argument that names a readable JSON object file, if any.
async function profileOfRunArgs(args: readonly string[]): Promise<Profile> {
  const candidate = args.find((arg) => !arg.startsWith('-') && arg.endsWith('.json'));
  if (candidate === undefined) return PROFILES[0]!;
  try {
    // A path whose bytes are not UTF-8 is read through the symlink its profile's loader reaches it by too.
    const value: unknown = JSON.parse(await readFile(path.resolve(reachablePath(candidate, process.cwd(), 'configuration').path), 'utf8'));
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return profileOfConfig(value as Record<string, unknown>);
  } catch {
    // Unreadable or not JSON: the first profile's loader names the problem (exit 2).
  }
  return PROFILES[0]!;
}

/**
 * Splits `--profile NAME` (or `--profile=NAME`) out of a command line.
 * @param args - the arguments after the command name
 * @param command - for the error message
 * @throws UsageError for a missing or unknown profile name
 */
export function takeProfileOption(args: readonly string[], command: string): { readonly profile: Profile | null; readonly rest: readonly string[] } {
  const rest: string[] = [];
  let profile: Profile | null = null;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    let value: string | undefined;
    if (arg === '--profile') {
      value = args[index + 1];
      index += 1;
      if (value === undefined) throw new UsageError(`${command}: --profile needs a value (${PROFILES.map((entry) => entry.names[1]).join(', ')})`, { option: '--profile' });
    } else if (arg.startsWith('--profile=')) value = arg.slice('--profile='.length);
    else {
      rest.push(arg);
      continue;
    }
    profile = profileNamed(value);
    if (profile === null)
      throw new UsageError(`${command}: --profile must be one of ${PROFILES.flatMap((entry) => entry.names).join(', ')} (got ${JSON.stringify(value)})`, { option: '--profile' });
  }
  return { profile, rest };
}

/**
 * `self-check [--profile P] [options]`: one profile's self-check, or, without `--profile`, every
 * profile's (the first two in one run, as before, then the ACP profile's under `<out>/acp`).
 * @param args - the arguments after `self-check`
 * @param io - the CLI's streams
 */
export async function profileSelfCheckCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  const { profile, rest } = takeProfileOption(args, 'self-check');
  if (profile !== null) return (await (await profile.selfCheck())(rest, io)) as ExitCode;
  if (rest.includes('--help') || rest.includes('-h')) return (await (await PROFILES[0]!.selfCheck())(rest, io)) as ExitCode;
  // `--mutant NAME` picks mutants of either catalog: each profile runs only if one of its own is named (or none is).
  const { acpMutants } = await import('../../adapters/acp-mutants/catalog.js');
  const selection = splitMutantSelection(rest, (name) => acpMutants.some((mutant) => mutant.name === name));
  const acp = PROFILES.find((entry) => entry.id === 'acp-agent.v1')!;
  const first = selection.first === null ? 0 : await (await PROFILES[0]!.selfCheck())(selection.first, io);
  const second = selection.acp === null ? 0 : await (await acp.selfCheck())(selection.acp, io);
  return Math.max(first, second) as ExitCode;
}

/**
 * Splits a self-check command line between the first profiles' self-check and the ACP one by the `--mutant`
 * names it gives (pure): each gets only its own names, and runs only if one of its names is given or none is.
 * @param args - the self-check arguments, `--profile` removed
 * @param isAcp - whether a mutant name is in the ACP catalog
 * @returns each self-check's arguments, or null when it does not run
 */
export function splitMutantSelection(args: readonly string[], isAcp: (name: string) => boolean): { readonly first: string[] | null; readonly acp: string[] | null } {
  const each = oneMutantPerOption(args);
  const named = mutantNames(each);
  return {
    first: named.length === 0 || named.some((name) => !isAcp(name)) ? withoutMutants(each, isAcp) : null,
    acp: named.length === 0 || named.some(isAcp) ? withoutMutants(each, (name) => !isAcp(name)) : null,
  };
}

// `--mutant a,b` as `--mutant a --mutant b`, so that each name goes to its own profile.
function oneMutantPerOption(args: readonly string[]): string[] {
  const expanded: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    const list = arg === '--mutant' ? args[index + 1] : arg.startsWith('--mutant=') ? arg.slice('--mutant='.length) : undefined;
    if (list === undefined || !list.includes(',')) {
      expanded.push(arg);
      continue;
    }
    if (arg === '--mutant') index += 1;
    for (const name of list.split(',')) expanded.push('--mutant', name.trim());
  }
  return expanded;
}

function mutantNames(args: readonly string[]): string[] {
  return args.flatMap((arg, index) => (arg === '--mutant' && args[index + 1] !== undefined ? [args[index + 1]!] : arg.startsWith('--mutant=') ? [arg.slice('--mutant='.length)] : []));
}

// The command line without the `--mutant` values `drop` selects (they belong to the other profile).
function withoutMutants(args: readonly string[], drop: (name: string) => boolean): string[] {
  const kept: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--mutant' && args[index + 1] !== undefined && drop(args[index + 1]!)) index += 1;
    else if (!(arg.startsWith('--mutant=') && drop(arg.slice('--mutant='.length)))) kept.push(arg);
  }
  return kept;
}

/**
 * `list [--profile P] [--json | --markdown]`: the first two profiles' catalog as before; the ACP
 * profile's with `--profile acp-agent`, and after the others without `--profile` (text and markdown;
 * JSON stays one array of the first two profiles unless `--profile acp-agent` asks for the ACP rows).
 * @param args - the arguments after `list`
 * @param io - the CLI's streams
 */
export async function profileListCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  const { profile, rest } = takeProfileOption(args, 'list');
  const { listCommand } = await import('./listCommand.js');
  const json = rest.includes('--json');
  const markdown = rest.includes('--markdown');
  if (profile !== null && profile.id !== 'acp-agent.v1') return listCommand([...rest, '--profile', profile.id], io);
  if (profile === null) {
    const code = await listCommand(rest, io);
    if (code !== 0 || json || rest.includes('--help') || rest.includes('-h')) return code;
  } else if (json && markdown) {
    throw new UsageError('list: --json and --markdown are mutually exclusive', { option: '--json' });
  }
  const acp = PROFILES.find((entry) => entry.id === 'acp-agent.v1')!;
  io.stdout.write(renderProfileClauses(acp, json ? 'json' : markdown ? 'markdown' : 'text'));
  return 0;
}

/**
 * A profile's catalog in one format (pure).
 * @param profile - the profile
 * @param format - `text` (aligned lines), `json` (one array) or `markdown` (one table per family)
 */
export function renderProfileClauses(profile: Profile, format: 'text' | 'json' | 'markdown'): string {
  const rows = profile.clauses.map((row) => ({ id: row.id, level: row.level, family: row.family, section: row.section, summary: row.summary, profile: profile.id }));
  if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`;
  if (format === 'markdown') {
    const lines = [`## ${profile.title}`];
    for (const family of [...new Set(rows.map((row) => row.family))]) {
      const ofFamily = rows.filter((row) => row.family === family);
      lines.push('', `### ${family} (${ofFamily[0]!.section})`, '', '| clause | level | rule |', '|---|---|---|');
      for (const row of ofFamily) lines.push(`| \`${row.id}\` | ${row.level} | ${row.summary.replaceAll('|', '\\|')} |`);
    }
    return `${lines.join('\n')}\n`;
  }
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => [row.id, row.level, row.family][column]!.length)));
  return rows.map((row) => `${row.id.padEnd(widths[0]!)}  ${row.level.padEnd(widths[1]!)}  ${row.family.padEnd(widths[2]!)}  ${row.summary}\n`).join('');
}

/**
 * `replay <report-dir> [options]`: the profile of the report directory's `acceptance.json`.
 * @param args - the arguments after `replay`
 * @param io - the CLI's streams
 */
export async function profileReplayCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  const [reportDir] = positionals(args, ['--clause', '--adapter']);
  const profile = reportDir === undefined ? PROFILES[0]! : await profileOfReportDir(reportDir);
  return (await (
    await profile.replay()
  )(args, io)) as ExitCode;
}

/**
 * `merge <dir>… [--out DIR]`: the profile of the first directory's `acceptance.json`.
 * @param args - the arguments after `merge`
 * @param io - the CLI's streams
 */
export async function profileMergeCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  const [first] = positionals(args, ['--out']);
  const profile = first === undefined ? PROFILES[0]! : await profileOfReportDir(first);
  return (await (
    await profile.merge()
  )(args, io)) as ExitCode;
}

/**
 * `verify <transcript.jsonl> [options]`: the profile whose runs write lines like the transcript's first.
 * @param args - the arguments after `verify`
 * @param io - the CLI's streams
 */
export async function profileVerifyCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  const [file] = positionals(args, ['--max-output-bytes', '--workers', '--frame-bytes', '--report']);
  const line = file === undefined ? null : await firstLineObject(file);
  const profile = line === null ? PROFILES[0]! : (PROFILES.find((entry) => entry.claimsTranscriptLine(line)) ?? PROFILES[0]!);
  return (await (
    await profile.verify()
  )(args, io)) as ExitCode;
}

// A report directory's profile; one that cannot be read goes to the first profile, whose command names the problem.
async function profileOfReportDir(dir: string): Promise<Profile> {
  try {
    const report: unknown = JSON.parse(await readFile(path.join(path.resolve(dir), 'acceptance.json'), 'utf8'));
    return (report !== null && typeof report === 'object' && profileOfReport((report as Record<string, unknown>)['profile'])) || PROFILES[0]!;
  } catch {
    return PROFILES[0]!;
  }
}

// The first line of a file as a JSON object, or null (unreadable, empty, not an object): the first profile's verify names the problem.
async function firstLineObject(file: string): Promise<Readonly<Record<string, unknown>> | null> {
  const stream = createReadStream(path.resolve(file), { encoding: 'utf8', end: 1024 * 1024 });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      const value: unknown = JSON.parse(line);
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
    }
    return null;
  } catch {
    return null;
  } finally {
    lines.close();
    stream.destroy();
  }
}

// The positional arguments of a command line whose options `withValue` take a separate value.
function positionals(args: readonly string[], withValue: readonly string[]): string[] {
  const found: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (withValue.includes(arg)) index += 1;
    else if (!arg.startsWith('-')) found.push(arg);
  }
  return found;
}
