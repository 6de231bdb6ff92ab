import { tmpdir } from 'node:os';
import { hostileFixturePath, type HostileFixture } from '../../../adapters/hostile/hostileFixturePath.js';
import type { CallBounds, CommandTarget } from '../types.js';

/** A command target running one hostile fixture with the current Node, extra arguments after the script. */
export function fixtureTarget(name: HostileFixture, extraArgs: readonly string[] = [], env: Record<string, string> = {}): CommandTarget {
  return { executable: process.execPath, argvPrefix: [hostileFixturePath(name), ...extraArgs], cwd: tmpdir(), env };
}

/** Call bounds with test-friendly defaults. */
export function bounds(overrides: Partial<CallBounds> = {}): CallBounds {
  return { timeoutMs: 10_000, maxOutputBytes: 1_048_576, signal: undefined, ...overrides };
}
