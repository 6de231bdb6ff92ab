import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCommand } from '../__test-helpers__/runQualifyCli.js';
import { packageRoot } from '../packageRoot.js';
import type { AcpTranscriptEntry } from '../acp/AcpTranscript.js';
import { acpVerifyCommand } from './acpCommands.js';
import { profileVerifyCommand } from './profileCommands.js';

// `verify` of an ACP transcript re-judges its frames without the agent, and checks the report beside it:
// an untouched run is consistent; a frame edited to break a rule, or to hide a cited violation, is caught.

const work = mkdtempSync(join(tmpdir(), 'acp-verify-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function agentConfig(name: string, argv: readonly string[]): string {
  const file = join(work, `${name}.json`);
  writeFileSync(file, JSON.stringify({ profile: 'acp-agent.v1', executable: process.execPath, argv, env: {}, passEnv: [] }));
  return file;
}

function capture(): { readonly io: { stdout: { write(text: string): boolean }; stderr: { write(text: string): boolean } }; readonly out: () => string } {
  let text = '';
  return { io: { stdout: { write: (chunk) => ((text += chunk), true) }, stderr: { write: (chunk) => ((text += chunk), true) } }, out: () => text };
}

function readEntries(dir: string): AcpTranscriptEntry[] {
  return readFileSync(join(dir, 'transcript.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as AcpTranscriptEntry);
}

function writeEntries(dir: string, entries: readonly AcpTranscriptEntry[]): void {
  writeFileSync(join(dir, 'transcript.jsonl'), `${entries.map((entry) => JSON.stringify(entry)).join('\n')}\n`);
}

/** A copy of a report directory whose transcript `edit` changed. */
function tampered(from: string, name: string, edit: (entries: AcpTranscriptEntry[]) => AcpTranscriptEntry[]): string {
  const dir = join(work, name);
  cpSync(from, dir, { recursive: true });
  writeEntries(dir, edit(readEntries(dir)));
  return dir;
}

const referenceRun = join(work, 'reference');
const mutantRun = join(work, 'mutant');

beforeAll(async () => {
  const reference = agentConfig('reference', [join(packageRoot, 'dist', 'adapters', 'acp-reference', 'main.js')]);
  const mutant = agentConfig('mutant', [join(packageRoot, 'dist', 'adapters', 'acp-mutants', 'main.js'), '--mutant', 'large-number-id-as-string']);
  const runs = await Promise.all([
    runCliCommand('run', [reference], referenceRun, ['--seed', '3', '--only', 'ACP-ROB-ID-TYPES'], 240_000),
    runCliCommand('run', [mutant], mutantRun, ['--seed', '3', '--only', 'ACP-ROB-ID-TYPES'], 240_000),
  ]);
  expect(runs.map((run) => run.exitCode)).toEqual([0, 1]);
}, 300_000);

describe('verify of an ACP transcript', () => {
  it('finds an untouched run consistent, and agrees with its report (through the Profile seam)', async () => {
    const { io, out } = capture();
    expect(await profileVerifyCommand([join(referenceRun, 'transcript.jsonl')], io)).toBe(0);
    expect(out()).toMatch(/agent→client and \d+ client→agent frames of 1 agent process\(es\) re-judged/);
    expect(out()).toContain('agrees with the transcript');
    const mutant = capture();
    // A mutant's run breaks the rule in its frames, and its report says so: a violation, but no disagreement.
    expect(await acpVerifyCommand([join(mutantRun, 'transcript.jsonl')], mutant.io)).toBe(1);
    expect(mutant.out()).toContain('FAIL ACP-ROB-ID-TYPES');
    expect(mutant.out()).toContain('agrees with the transcript');
  });

  it('catches a banner written into the agent frames of a conformant run', async () => {
    const dir = tampered(referenceRun, 'banner', (entries) => {
      const first = entries.findIndex((entry) => entry.direction === 'agent→client');
      return entries.map((entry, index) => (index === first ? { ...entry, raw: 'Welcome to the agent!' } : entry));
    });
    const { io, out } = capture();
    expect(await acpVerifyCommand([join(dir, 'transcript.jsonl')], io)).toBe(1);
    expect(out()).toMatch(/FAIL ACP-FRM-STDOUT-PURE \(1 violation\)\n {2}line \d+: a line on stdout that is not JSON/);
    expect(out()).toMatch(/ACP-FRM-STDOUT-PURE: the transcript breaks it \(line \d+\) but the report says PASS/);
  });

  it('catches a duplicated response', async () => {
    const dir = tampered(referenceRun, 'duplicate', (entries) => {
      const response = entries.findIndex((entry) => entry.direction === 'agent→client' && entry.raw.includes('"sessionId"'));
      return [...entries.slice(0, response + 1), { ...entries[response]!, index: 10_000 }, ...entries.slice(response + 1)];
    });
    const { io, out } = capture();
    expect(await acpVerifyCommand([join(dir, 'transcript.jsonl')], io)).toBe(1);
    expect(out()).toContain('FAIL ACP-FRM-ONE-RESPONSE');
  });

  it('catches a failing frame edited to look right: the report cites a frame the transcript no longer holds as cited', async () => {
    const dir = tampered(mutantRun, 'hidden', (entries) =>
      entries.map((entry) => (entry.direction === 'agent→client' ? { ...entry, raw: entry.raw.replace(/^\{"jsonrpc":"2\.0","id":"(-?\d+)"/, '{"jsonrpc":"2.0","id":$1') } : entry)),
    );
    const { io, out } = capture();
    expect(await acpVerifyCommand([join(dir, 'transcript.jsonl')], io)).toBe(1);
    expect(out()).not.toContain('FAIL ACP-ROB-ID-TYPES');
    expect(out()).toMatch(/ACP-ROB-ID-TYPES: the frame the report cites differs from line \d+ of the transcript/);
  });

  it('records the transcript digest, and catches a transcript cut after the run whose remaining frames are consistent', async () => {
    const report = JSON.parse(readFileSync(join(referenceRun, 'acceptance.json'), 'utf8')) as { run: { transcript?: { sha256: string; bytes: number } } };
    const bytes = readFileSync(join(referenceRun, 'transcript.jsonl'));
    expect(report.run.transcript).toEqual({ sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.byteLength });
    // The frames after the last request cut off, with the agent's end: what remains still reads as a consistent record.
    const dir = tampered(referenceRun, 'cut', (entries) =>
      entries.slice(
        0,
        entries.findLastIndex((entry) => entry.direction === 'client→agent'),
      ),
    );
    const { io, out } = capture();
    expect(await acpVerifyCommand([join(dir, 'transcript.jsonl')], io)).toBe(1);
    expect(out()).toContain('agrees with the transcript');
    expect(out()).toMatch(/^transcript CHANGED after the run: .*acceptance\.json records sha256 [0-9a-f]{64} \(\d+ bytes\), the file has sha256/m);
    expect(out()).toContain('not verified: the transcript is not the one the run wrote');
  });

  it('exits 2 naming the line of a transcript that is not one', async () => {
    const file = join(work, 'broken.jsonl');
    writeFileSync(file, `${readFileSync(join(referenceRun, 'transcript.jsonl'), 'utf8')}not json\n`);
    const { io, out } = capture();
    expect(await acpVerifyCommand([file], io)).toBe(2);
    expect(out()).toMatch(/line \d+ is not JSON/);
  });
});
