import { readdirSync, readFileSync } from 'node:fs';

/**
 * Live adapter processes of runs whose work directories lie under `prefix` (their TMPDIR): the
 * processes whose environment names a scratch directory there.
 * @param prefix - the runs' TMPDIR
 */
export function adapterProcessesUnder(prefix: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (/\) [ZX] /.test(readFileSync(`/proc/${entry}/stat`, 'latin1'))) continue;
      const environ = readFileSync(`/proc/${entry}/environ`, 'latin1');
      if (environ.split('\0').some((variable) => variable.startsWith(`ADAPTER_QUALIFY_SCRATCH=${prefix}`))) found.push(Number(entry));
    } catch {
      // Exited meanwhile, or not ours to read.
    }
  }
  return found;
}
