import { readdirSync, readFileSync } from 'node:fs';

/**
 * Live processes (zombies left out) whose command line names `marker`, each as `<pid> <command line>`.
 * @param marker - a fixture's path, or a directory the run's processes are started with
 */
export function processesNaming(marker: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'latin1').split('\0').join(' ');
      const state = readFileSync(`/proc/${entry}/stat`, 'latin1').split(') ')[1]?.[0];
      if (cmdline.includes(marker) && state !== 'Z') found.push(`${entry} ${cmdline}`);
    } catch {
      // exited meanwhile
    }
  }
  return found;
}

/**
 * Live processes of one run of a fixture: those naming `fixture`, kept to this run's own when variants of
 * one fixture run side by side (its arguments, or its report directory `outDir`, on the command line).
 * @param fixture - the fixture's absolute path
 * @param fixtureArgs - the arguments the run gives it before the action, if any
 * @param outDir - the run's `--out`
 */
export function fixtureProcessesOfRun(fixture: string, fixtureArgs: readonly string[] | undefined, outDir: string): string[] {
  const ofThisRun = (line: string): boolean =>
    fixtureArgs === undefined || line.includes(`${fixture} ${fixtureArgs.join(' ')} `) || line.includes(`${outDir} `) || line.includes(`${outDir}/`);
  return processesNaming(fixture).filter(ofThisRun);
}
