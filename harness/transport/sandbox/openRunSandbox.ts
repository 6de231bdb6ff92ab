import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { RunCgroup, type CgroupRecord } from './runCgroup.js';
import type { SandboxPlan } from './sandboxPlan.js';

/** The uid and gid the candidate runs as inside the sandbox: unprivileged (no capability there). */
export const SANDBOX_UID = 65_534;

/** Names the programs that build a sandbox, for tests and unusual installations (an empty value: not installed). */
export const SANDBOX_PROGRAM_VARIABLES = Object.freeze({ bubblewrap: 'ADAPTER_QUALIFY_BWRAP', unshare: 'ADAPTER_QUALIFY_UNSHARE' } as const);

/** What the run asks of its sandbox. */
export interface RunSandboxRequest {
  /** `--no-sandbox`: run the candidate as the suite's user, in the suite's namespaces. */
  readonly disabled: boolean;
  /** `--allow-network`: keep the host's network namespace. */
  readonly allowNetwork: boolean;
  /** Directories the candidate may write (its declared state, the run's scratch directory), absolute. */
  readonly state: readonly string[];
  /** Directories the candidate must not see (the suite's files, the report and work directories, the caller's home), absolute. */
  readonly hidden: readonly string[];
  /** Files and directories under a hidden one that the candidate needs, read-only (its own files, the interpreters on PATH). */
  readonly exposed: readonly string[];
  /** The run's tag: names its cgroup. */
  readonly tag: string;
  /** A directory of the suite's, made here, shared writable with the sandbox (`SandboxPlan.exchangeDir`). */
  readonly exchangeDir: string;
}

/**
 * The run's sandbox as `acceptance.json` records it (`run.sandbox`): what held, and each protection
 * that is missing, in words.
 * @public
 */
export interface SandboxRecord {
  /** `bubblewrap`, `unshare`, or `none` (disabled, or refused by the kernel). */
  readonly mechanism: 'bubblewrap' | 'unshare' | 'none';
  /** `--no-sandbox` was given. */
  readonly disabled: boolean;
  /** The namespaces the candidate runs in, its own each. */
  readonly namespaces: { readonly user: boolean; readonly pid: boolean; readonly mount: boolean; readonly network: boolean; readonly ipc: boolean };
  /** The candidate's uid inside (null: it runs as the suite's user). */
  readonly uid: number | null;
  /** The file system is read-only but for `writable`, and `hidden` is invisible. */
  readonly readOnlyRoot: boolean;
  /** What the candidate may write. */
  readonly writable: readonly string[];
  /** What it cannot see. */
  readonly hidden: readonly string[];
  /** `--allow-network`. */
  readonly network: 'none' | 'allowed';
  /** The run's cgroup, or null without one. */
  readonly cgroup: CgroupRecord | null;
  /** Each protection missing, and why (what `--require-sandbox` refuses); empty when the namespaces and the file system view hold. */
  readonly missing: readonly string[];
  /** Each protection present but weaker than the sandbox can be elsewhere (limits not delegated, the uid outside), and why. */
  readonly weaker: readonly string[];
}

/** The run's sandbox, open: its plan for the threads, and `close` for the record. */
export interface RunSandbox {
  /** The plan every suite thread's spawner enters, or null without a sandbox. */
  readonly plan: SandboxPlan | null;
  /** The protections missing (empty when the namespaces and the view hold): what `--require-sandbox` refuses. */
  readonly missing: readonly string[];
  /** The protections weaker than they can be elsewhere. */
  readonly weaker: readonly string[];
  /** Ends every process left in the run's cgroup and gives the record. Call once, after the last call. */
  close(): SandboxRecord;
}

/**
 * Opens the run's sandbox: probes bubblewrap (else `unshare`), makes the run's cgroup, and plans
 * the namespaces and the file system view every process of the candidate runs in.
 * @public
 */
export function openRunSandbox(request: RunSandboxRequest): RunSandbox {
  if (request.disabled) return closedWith(noSandbox(true, ["no sandbox (--no-sandbox): the candidate runs as the suite's user and can see the suite's processes, files and network"]));
  const support = probeSandboxSupport();
  if (support.mechanism === 'none') return closedWith(noSandbox(false, [`no sandbox: ${support.reason}`]));
  mkdirSync(request.exchangeDir, { recursive: true, mode: 0o700 });
  const cgroup = RunCgroup.create(`adapter-qualify-${request.tag}`);
  const missing: string[] = [];
  if (support.mechanism === 'unshare') missing.push(`no read-only file system view, the suite's files and the caller's home stay visible (${support.reason}; unshare makes only namespaces)`);
  const weaker = [outsideUidRefusal()];
  if (!(cgroup instanceof RunCgroup)) weaker.push(`no cgroup: processes are accounted by the sandboxes' pid namespaces only, with no pids or memory limit (${cgroup.reason})`);
  else {
    const absent = [cgroup.limits.pidsMax === null ? 'pids' : null, cgroup.limits.memoryMax === null ? 'memory' : null].filter((name) => name !== null);
    if (absent.length > 0)
      weaker.push(`no ${absent.map((name) => `${name}.max`).join(' or ')} (the ${absent.join(' and ')} controller${absent.length > 1 ? 's are' : ' is'} not delegated to the run's cgroup)`);
  }
  const plan: SandboxPlan = {
    mechanism: support.mechanism,
    program: support.program,
    args: support.mechanism === 'bubblewrap' ? bubblewrapArgs(request) : unshareArgs(request),
    // Last, once every mount point under them exists: the empty directories that hide are read-only too.
    sealArgs: support.mechanism === 'bubblewrap' ? request.hidden.filter(isDirectory).flatMap((path) => ['--remount-ro', path]) : [],
    cgroupProcs: cgroup instanceof RunCgroup ? cgroup.procsFile : null,
    exchangeDir: request.exchangeDir,
  };
  const bubblewrap = support.mechanism === 'bubblewrap';
  return {
    plan,
    missing,
    weaker,
    close: () => ({
      mechanism: support.mechanism,
      disabled: false,
      namespaces: { user: true, pid: true, mount: true, network: !request.allowNetwork, ipc: true },
      uid: SANDBOX_UID,
      readOnlyRoot: bubblewrap,
      writable: bubblewrap ? [...request.state.filter(isDirectory), '/tmp (private)'] : [],
      hidden: bubblewrap ? request.hidden.filter(existsSync) : [],
      network: request.allowNetwork ? 'allowed' : 'none',
      cgroup: cgroup instanceof RunCgroup ? cgroup.close() : null,
      missing,
      weaker,
    }),
  };
}

/**
 * Why the candidate is not mapped to a uid of its own outside the sandbox: an unprivileged user
 * namespace maps only the caller's uid, and a map to another uid needs a privileged helper
 * (newuidmap with subordinate ids) this suite does not use. Named with the uid it maps to.
 */
function outsideUidRefusal(): string {
  const uid = process.getuid?.() ?? null;
  const whose =
    uid === null ? "the caller's" : `the caller's, uid ${String(uid)}${uid === 0 ? ' (root: a file root owns that is writable in the sandbox view is writable to the candidate)' : ''}`;
  return `outside the sandbox the candidate's processes have the suite's uid (its user namespace maps its uid to ${whose}; a distinct outside uid needs a privileged uid map, not made)`;
}

function closedWith(record: SandboxRecord): RunSandbox {
  return { plan: null, missing: record.missing, weaker: record.weaker, close: () => record };
}

function noSandbox(disabled: boolean, missing: string[]): SandboxRecord {
  return {
    mechanism: 'none',
    disabled,
    namespaces: { user: false, pid: false, mount: false, network: false, ipc: false },
    uid: null,
    readOnlyRoot: false,
    writable: [],
    hidden: [],
    network: 'allowed',
    cgroup: null,
    missing,
    weaker: [],
  };
}

/**
 * bubblewrap's arguments: its own user (an unprivileged uid), pid, ipc, uts and (unless allowed)
 * network namespaces; the root read-only, a private /tmp, the hidden directories replaced by
 * empty ones, then what the candidate needs bound back read-only and its state writable. Its
 * init dies with the suite's thread that started it (`--die-with-parent`), and takes every process
 * of the sandbox with it.
 */
function bubblewrapArgs(request: RunSandboxRequest): string[] {
  return [
    '--unshare-user',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup-try',
    ...(request.allowNetwork ? [] : ['--unshare-net']),
    '--uid',
    String(SANDBOX_UID),
    '--gid',
    String(SANDBOX_UID),
    '--die-with-parent',
    '--new-session',
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--tmpfs',
    '/tmp',
    ...mountsInOrder(request),
  ];
}

/**
 * The hiding, read-only and writable mounts, a parent before what lies under it (whichever list
 * each comes from: a report directory inside the adapter's own directory is hidden on top of it,
 * the adapter's directory inside the hidden home is bound back on top of that).
 */
function mountsInOrder(request: RunSandboxRequest): string[] {
  const mounts = [
    ...directories(request.hidden).map((path) => ({ path, args: ['--tmpfs', path] })),
    ...request.exposed.filter(existsSync).map((path) => ({ path, args: ['--ro-bind', path, path] })),
    ...[...directories(request.state), request.exchangeDir].map((path) => ({ path, args: ['--bind', path, path] })),
  ];
  const depth = (path: string): number => path.split('/').filter((part) => part !== '').length;
  return mounts.sort((a, b) => depth(a.path) - depth(b.path)).flatMap(({ args }) => args);
}

/** unshare's: the same namespaces (the candidate root of its own user namespace, mapped to the caller), no file system view. */
function unshareArgs(request: RunSandboxRequest): string[] {
  return [
    '--user',
    `--map-user=${String(SANDBOX_UID)}`,
    `--map-group=${String(SANDBOX_UID)}`,
    '--pid',
    '--fork',
    '--kill-child',
    '--mount',
    '--mount-proc',
    '--ipc',
    '--uts',
    ...(request.allowNetwork ? [] : ['--net']),
  ];
}

/** Which program can build a sandbox here. */
type SandboxSupport = { readonly mechanism: 'bubblewrap' | 'unshare'; readonly program: string; readonly reason: string } | { readonly mechanism: 'none'; readonly reason: string };

const probed = new Map<string, SandboxSupport>();

/**
 * Probes, once per process (and per `ADAPTER_QUALIFY_BWRAP`/`_UNSHARE`), whether bubblewrap (else
 * util-linux `unshare`) can make a user, pid and network namespace here, by running `true` in one.
 * @public
 */
export function probeSandboxSupport(): SandboxSupport {
  const key = JSON.stringify(Object.values(SANDBOX_PROGRAM_VARIABLES).map((name) => process.env[name] ?? null));
  let support = probed.get(key);
  if (support === undefined) {
    support = probe();
    probed.set(key, support);
  }
  return support;
}

function probe(): SandboxSupport {
  if (process.platform !== 'linux') return { mechanism: 'none', reason: `namespaces are Linux's, this is ${process.platform}` };
  const reasons: string[] = [];
  const bwrap = locate(SANDBOX_PROGRAM_VARIABLES.bubblewrap, 'bwrap');
  if (bwrap === null) reasons.push('bubblewrap is not installed (apt-get install bubblewrap)');
  else {
    const why = tryRun(bwrap, ['--unshare-user', '--unshare-pid', '--unshare-net', '--ro-bind', '/', '/', '--proc', '/proc', '--dev', '/dev', '--', '/bin/true']);
    if (why === null) return { mechanism: 'bubblewrap', program: bwrap, reason: '' };
    reasons.push(`bubblewrap cannot make namespaces here (${why})`);
  }
  const unshare = locate(SANDBOX_PROGRAM_VARIABLES.unshare, 'unshare');
  if (unshare !== null) {
    const why = tryRun(unshare, ['--user', '--map-user=0', '--pid', '--fork', '--kill-child', '--net', '--mount', '--mount-proc', '/bin/true']);
    if (why === null) return { mechanism: 'unshare', program: unshare, reason: reasons.join('; ') };
    reasons.push(`unshare cannot make namespaces here (${why})`);
  } else reasons.push('util-linux unshare is not installed');
  return { mechanism: 'none', reason: `the kernel or the installation refuses namespaces: ${reasons.join('; ')}` };
}

function tryRun(program: string, args: readonly string[]): string | null {
  const result = spawnSync(program, args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 10_000, env: {} });
  if (result.error !== undefined) return result.error.message;
  if (result.status === 0) return null;
  return result.stderr.toString('utf8').trim().split('\n')[0] ?? `exit ${String(result.status)}`;
}

/** The program named by `variable` (empty: none), else the first `name` on PATH. */
function locate(variable: string, name: string): string | null {
  const named = process.env[variable];
  if (named !== undefined) return named !== '' && isExecutable(named) ? named : null;
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(delimiter)) {
    const candidate = join(dir, name);
    if (dir !== '' && isExecutable(candidate)) return candidate;
  }
  return null;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function directories(paths: readonly string[]): string[] {
  return paths.filter((path) => isDirectory(path));
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
