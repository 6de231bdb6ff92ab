import type { SandboxRecord } from '../harness/transport/sandbox/openRunSandbox.js';
import type { CgroupRecord } from '../harness/transport/sandbox/runCgroup.js';

/** One line of a report's sandbox record: a term and its plain text (each renderer escapes it). */
export interface SandboxItem {
  readonly term: string;
  readonly text: string;
}

/**
 * The run's sandbox as the readable reports show it: how the candidate was contained, what it could
 * write and could not see, its cgroup, and one item for every protection missing or weaker (each
 * containment the kernel or the installation refused), so a weaker run never reads like a whole one.
 * Pure.
 * @param record - `run.sandbox` of the report
 * @public
 */
export function sandboxItems(record: SandboxRecord): SandboxItem[] {
  const items: SandboxItem[] = [{ term: 'Sandbox', text: sandboxSummary(record) }];
  if (record.mechanism !== 'none') {
    items.push({ term: 'Sandbox writable', text: record.writable.length === 0 ? 'not restricted (no read-only view)' : record.writable.join(', ') });
    if (record.hidden.length > 0) items.push({ term: 'Sandbox hidden', text: record.hidden.join(', ') });
    items.push({ term: 'Sandbox cgroup', text: record.cgroup === null ? 'none' : cgroupText(record.cgroup) });
  }
  for (const missing of record.missing) items.push({ term: 'Sandbox MISSING', text: missing });
  for (const weaker of record.weaker) items.push({ term: 'Sandbox weaker', text: weaker });
  return items;
}

function sandboxSummary(record: SandboxRecord): string {
  if (record.mechanism === 'none') {
    return record.disabled ? "none (--no-sandbox): the candidate ran as the suite's user, in the suite's namespaces" : 'none: the kernel or the installation refused it (see below)';
  }
  const namespaces = (['user', 'pid', 'mount', 'ipc', 'network'] as const).filter((name) => record.namespaces[name]);
  return [
    `${record.mechanism}`,
    `own ${namespaces.join(', ')} namespace${namespaces.length === 1 ? '' : 's'}`,
    record.uid === null ? "the suite's uid" : `uid ${record.uid} inside`,
    record.readOnlyRoot ? 'root file system read-only' : 'root file system writable',
    record.network === 'none' ? 'no network but loopback' : 'network allowed (--allow-network)',
  ].join('; ');
}

function cgroupText(cgroup: CgroupRecord): string {
  const limit = (name: string, value: number | null): string => (value === null ? `no ${name} (not delegated)` : `${name} ${value}`);
  const peak = (name: string, value: number | null): string => (value === null ? `${name} not measured` : `${name} ${value}`);
  return [
    limit('pids.max', cgroup.pidsMax),
    limit('memory.max', cgroup.memoryMax),
    peak('peak processes', cgroup.peakProcesses),
    peak('peak memory bytes', cgroup.peakMemoryBytes),
    `${cgroup.killedAtEnd} process(es) left at the end, killed`,
  ].join('; ');
}
