import { existsSync, lstatSync, readdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adapterManifestClauses } from '../../harness/clauses.js';
import { packageRoot } from '../../harness/packageRoot.js';
import { evaluateKill } from '../../harness/selfCheck/judgeRuns.js';
import { temporaryRoot } from '../../harness/__test-helpers__/temporaryRoot.js';
import { runCliCommand, type CliRun } from '../../harness/__test-helpers__/runQualifyCli.js';
import { manifestFixtures, manifestReferenceDir } from './catalog.js';
import { materializeFixture } from './materializeFixture.js';

/** Runs `adapter-qualify manifest <target> --out <outDir> …args` through the built bin. */
const runManifestCli = (target: string, outDir: string, args: readonly string[]): Promise<CliRun> => runCliCommand('manifest', [target], outDir, args, 120_000);

// Runs the built CLI (dist/): run `npm run build` first (`npm test` does).
const ARGS = ['--seed', '1', '--runs', '3'];
const profileIds = new Set<string>(adapterManifestClauses.map((entry) => entry.id));
const outRoot = temporaryRoot('manifest-fixtures');

describe('manifest fixture catalog', () => {
  it('names every fixture directory once, with clauses of the adapter-manifest profile', () => {
    const names = manifestFixtures.map((fixture) => fixture.name);
    expect(new Set(names).size).toBe(names.length);
    const onDisk = readdirSync(join(packageRoot, 'adapters', 'manifest-fixtures'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(onDisk.map((entry) => entry.name).sort()).toEqual([...names].sort());
    for (const fixture of manifestFixtures) {
      expect(fixture.claims.length).toBeGreaterThan(0);
      for (const id of [...fixture.claims, ...fixture.incidental]) expect(profileIds.has(id), `${fixture.name}: ${id}`).toBe(true);
      expect(existsSync(join(packageRoot, fixture.dir, 'manifest.json'))).toBe(true);
    }
  });

  it('keeps no symlink in the tree (npm pack drops them): every link is declared and made at run time', async () => {
    for (const fixture of manifestFixtures) {
      for (const path of Object.keys(fixture.links)) expect(existsSync(join(packageRoot, fixture.dir, path)), `${fixture.name}/${path}`).toBe(false);
    }
    const linked = manifestFixtures.find((fixture) => Object.keys(fixture.links).length > 0);
    if (linked === undefined) throw new Error('no fixture declares a link');
    const dir = await materializeFixture(linked, join(outRoot(), 'materialized'));
    for (const [path, target] of Object.entries(linked.links)) {
      expect(lstatSync(join(dir, path)).isSymbolicLink()).toBe(true);
      expect(realpathSync(join(dir, path))).toBe(realpathSync(join(packageRoot, linked.dir, target)));
    }
  });
});

describe.concurrent('adapter-qualify manifest (built CLI)', () => {
  it('qualifies the reference directory: exit 0, every clause once, all PASS, the full report set', async () => {
    const outDir = join(outRoot(), 'reference');
    const run = await runManifestCli(join(packageRoot, manifestReferenceDir), outDir, ARGS);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.report?.profile).toBe('adapter-manifest.v1');
    expect(run.report?.clauses.map((entry) => entry.id)).toEqual(adapterManifestClauses.map((entry) => entry.id));
    expect(run.report?.clauses.filter((entry) => entry.verdict !== 'PASS')).toEqual([]);
    for (const file of ['acceptance.md', 'junit.xml', 'transcript.jsonl']) expect(existsSync(join(outDir, file)), file).toBe(true);
  });

  it('exits 2 naming the path when the argument is neither a manifest nor a directory with one', async () => {
    const run = await runManifestCli(join(packageRoot, 'adapters', 'no-such-adapter'), join(outRoot(), 'missing'), ARGS);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('no-such-adapter');
    expect(run.report).toBeNull();
  });

  for (const fixture of manifestFixtures) {
    it(`${fixture.name}: exits 1 failing exactly ${fixture.claims.join(', ')}`, async () => {
      const dir = await materializeFixture(fixture, join(outRoot(), 'fixtures'));
      const run = await runManifestCli(dir, join(outRoot(), fixture.name), ARGS);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.report?.suiteErrors).toEqual([]);
      const report = run.report;
      if (report === null) throw new Error('no report');
      expect(evaluateKill(fixture, report)).toMatchObject({ status: 'killed', survivors: [], unexpected: [] });
      // The failure is evidence: a counterexample and a replay command.
      for (const id of fixture.claims) {
        const entry = report.clauses.find((candidate) => candidate.id === id);
        expect(entry?.counterexample?.description, id).toBeTruthy();
        expect(entry?.replay, id).toContain('adapter-qualify manifest');
      }
    });
  }
});
