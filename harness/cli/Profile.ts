import { acpClauses } from '../acp/acpClauses.js';
import { ACP_PROFILE_ID } from '../acp/acpConfig.js';
import { adapterManifestClauses, codingOperationClauses } from '../clauses.js';

// The Profile seam: one unit per profile that the commands (run, list, self-check, replay, merge,
// verify) take as a parameter, so a new profile plugs in here without copies of the CLI, the report
// writer or the self-check.

/** Where a command writes. */
export interface ProfileIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
}

/** A command of a profile: the arguments after the command name, the exit code. */
export type ProfileCommand = (args: readonly string[], io: ProfileIo) => Promise<number>;

/** One clause as `list` shows it, whatever the profile. */
export interface ProfileClauseRow {
  readonly id: string;
  /** `MUST`, `SHOULD`, or `MUST (if advertised)`. */
  readonly level: string;
  readonly family: string;
  readonly section: string;
  readonly summary: string;
}

/** A profile of the suite. */
export interface Profile {
  /** As in `acceptance.json`'s `profile`. */
  readonly id: 'coding-operation.v1' | 'adapter-manifest.v1' | typeof ACP_PROFILE_ID;
  /** Names `--profile` accepts (the ID and its short form). */
  readonly names: readonly string[];
  readonly title: string;
  /** Its clause catalog, in order. */
  readonly clauses: readonly ProfileClauseRow[];
  /** Whether a parsed configuration file (`run CONFIG`) belongs to this profile; the manifest profile is run by `manifest DIR` instead. */
  readonly claimsConfig: (config: Readonly<Record<string, unknown>>) => boolean;
  /** `run CONFIG [options]`, or null when the profile is run another way. */
  readonly run: (() => Promise<ProfileCommand>) | null;
  /** `self-check` of this profile (its reference subject and its mutants). */
  readonly selfCheck: () => Promise<ProfileCommand>;
  /** `replay <report-dir>` of a report of this profile. */
  readonly replay: () => Promise<ProfileCommand>;
  /** `merge <dir>…` of reports of this profile. */
  readonly merge: () => Promise<ProfileCommand>;
  /** `verify <transcript.jsonl>` of a transcript this profile's runs write. */
  readonly verify: () => Promise<ProfileCommand>;
  /** Whether the first line of a transcript is one this profile writes. */
  readonly claimsTranscriptLine: (line: Readonly<Record<string, unknown>>) => boolean;
}

const firstProfileReportCommands = {
  replay: async (): Promise<ProfileCommand> => (await import('./reportCommands.js')).replayFailuresCommand,
  merge: async (): Promise<ProfileCommand> => (await import('./reportCommands.js')).mergeCommand,
  verify: async (): Promise<ProfileCommand> => (await import('./reportCommands.js')).verifyCommand,
  // An ACP transcript line names its agent process and a frame direction; anything else is the first profile's.
  claimsTranscriptLine: (line: Readonly<Record<string, unknown>>) => !('agent' in line && 'direction' in line),
};

const codingOperation: Profile = {
  id: 'coding-operation.v1',
  names: ['coding-operation.v1', 'coding-operation', 'algal.coding-operation.v1'],
  title: 'algal.coding-operation.v1',
  clauses: codingOperationClauses,
  // The first profile's configuration names it by `protocol`; a file naming no profile stays its (unchanged behaviour).
  claimsConfig: (config) => !('profile' in config) || config['profile'] === 'coding-operation.v1',
  run: async () => (await import('./qualifyCommands.js')).runCommand,
  selfCheck: async () => {
    const { selfCheckCommand } = await import('./qualifyCommands.js');
    return (args, io) => selfCheckCommand(args, io);
  },
  ...firstProfileReportCommands,
};

const adapterManifest: Profile = {
  id: 'adapter-manifest.v1',
  names: ['adapter-manifest.v1', 'adapter-manifest', 'manifest'],
  title: 'adapter-manifest.v1',
  clauses: adapterManifestClauses,
  claimsConfig: () => false,
  run: null,
  // The first self-check judges the manifest fixtures beside the coding-operation mutants.
  selfCheck: codingOperation.selfCheck,
  ...firstProfileReportCommands,
};

const acpAgent: Profile = {
  id: ACP_PROFILE_ID,
  names: [ACP_PROFILE_ID, 'acp-agent', 'acp'],
  title: 'acp-agent.v1 (ACP agents)',
  clauses: acpClauses,
  claimsConfig: (config) => config['profile'] === ACP_PROFILE_ID || config['protocol'] === ACP_PROFILE_ID,
  run: async () => (await import('./acpCommands.js')).acpRunCommand,
  selfCheck: async () => (await import('./acpCommands.js')).acpSelfCheckCommand,
  replay: async () => (await import('./acpCommands.js')).acpReplayCommand,
  merge: async () => (await import('./acpCommands.js')).acpMergeCommand,
  verify: async () => (await import('./acpCommands.js')).acpVerifyCommand,
  claimsTranscriptLine: (line) => 'agent' in line && 'direction' in line,
};

/** Every profile, in the order `list` and `self-check` take them. */
export const PROFILES: readonly Profile[] = Object.freeze([codingOperation, adapterManifest, acpAgent]);

/**
 * The profile `--profile NAME` names, or null.
 * @param name - the option's value
 */
export function profileNamed(name: string): Profile | null {
  return PROFILES.find((profile) => profile.names.includes(name)) ?? null;
}

/**
 * The profile a configuration belongs to: by its `profile` field (or `protocol`), ACP first so a
 * configuration naming `acp-agent.v1` never reaches the first profile's validator.
 * @param config - the parsed configuration
 */
export function profileOfConfig(config: Readonly<Record<string, unknown>>): Profile {
  return PROFILES.find((profile) => profile.id === ACP_PROFILE_ID && profile.claimsConfig(config)) ?? codingOperation;
}

/**
 * The profile a report names in `acceptance.json`'s `profile`, or null for another value.
 * @param profileId - the report's `profile`
 */
export function profileOfReport(profileId: unknown): Profile | null {
  return PROFILES.find((profile) => profile.id === profileId) ?? null;
}
