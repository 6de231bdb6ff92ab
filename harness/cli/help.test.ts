import { describe, expect, it } from 'vitest';
import { runOptionDefaults, selfCheckDefaults } from '../options/runOptionDefaults.js';
import { acpMergeCommand, acpReplayCommand, acpVerifyCommand } from './acpCommands.js';
import { COMMAND_OPTIONS, COMMANDS, helpText, type OptionSpec } from './help.js';

describe('helpText', () => {
  it.each(COMMANDS)('%s --help lists every option it parses, each with its default', (command) => {
    const text = helpText[command];
    expect(text).toMatch(new RegExp(`^Usage: adapter-qualify ${command} `));
    for (const [name, spec] of Object.entries(COMMAND_OPTIONS[command] as Readonly<Record<string, OptionSpec>>)) {
      const line = text.split('\n').findIndex((row) => new RegExp(`^  (-h, )?--${name}\\b`).test(row));
      expect(line, `--${name}`).toBeGreaterThan(-1);
      if (spec.shownDefault !== undefined) expect(text).toContain(`(default ${spec.shownDefault})`);
    }
  });

  it('prints every default of run and of self-check from the defaults themselves', () => {
    for (const value of Object.values(runOptionDefaults)) expect(helpText.run).toContain(`(default ${value})`);
    const { out, seed, runs, timeoutMs, parallel, runCapMs } = selfCheckDefaults;
    for (const value of [out, seed, runs, timeoutMs, parallel, runCapMs]) expect(helpText['self-check']).toContain(`(default ${value})`);
    expect(helpText['self-check']).toContain(`${Math.round(selfCheckDefaults.sweepKillRate * 100)}%`);
    for (const value of [runOptionDefaults.out, runOptionDefaults.runs, runOptionDefaults.timeoutMs, runOptionDefaults.maxOutputBytes]) {
      expect(helpText.manifest).toContain(`(default ${value})`);
    }
  });

  it('the top help lists every command', () => {
    for (const command of COMMANDS) expect(helpText.top).toMatch(new RegExp(`^  ${command} +\\S`, 'm'));
  });

  it('keeps each option line aligned, continuation lines under the text', () => {
    const options = helpText.run.slice(helpText.run.indexOf('Options:\n') + 'Options:\n'.length, helpText.run.indexOf('\n\nExit codes'));
    for (const row of options.split('\n')) expect(row).toMatch(/^ {2}(-h, )?--[a-z-]+( \S+)? {2,}\S|^ {26}\S/);
  });
});

describe('the ACP forms of replay, merge and verify', () => {
  it('each help says what the command does for an acp-agent.v1 report or transcript', () => {
    expect(helpText.replay).toMatch(/ACP reports \(profile acp-agent\.v1/);
    expect(helpText.replay).toContain('--replay-path');
    expect(helpText.replay).toContain('exactly the shrunk sequence');
    expect(helpText.merge).toMatch(/ACP reports \(profile acp-agent\.v1/);
    expect(helpText.merge).toContain('other seeds, other --only slices');
    expect(helpText.verify).toMatch(/ACP transcripts \(an acp-agent\.v1 run's transcript\.jsonl/);
    for (const option of ['--frame-bytes N', '--report FILE']) expect(helpText.verify).toMatch(new RegExp(`^  ${option} +\\S`, 'm'));
  });

  it.each([
    ['replay', acpReplayCommand],
    ['merge', acpMergeCommand],
    ['verify', acpVerifyCommand],
  ] as const)('%s --help on the ACP form prints the same help as the command', async (command, run) => {
    let out = '';
    const code = await run(['--help'], { stdout: { write: (text: string) => ((out += text), true) }, stderr: { write: () => true } });
    expect(code).toBe(0);
    expect(out).toBe(helpText[command]);
  });
});
