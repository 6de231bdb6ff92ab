import { describe, expect, it } from 'vitest';
import { launchFailure, type LaunchCommand } from './launchCommand.js';

const VIA_LAUNCHER: LaunchCommand = { file: '/launcher', args: [], viaLauncher: true };
const MESSAGE = 'aq-launch: cannot execute /x/outer.sh: No such file or directory\n';

describe('launchFailure', () => {
  it("reads the launcher's account of an adapter it could not execute", () => {
    expect(launchFailure(VIA_LAUNCHER, 127, 0, MESSAGE)).toBe('cannot execute /x/outer.sh: No such file or directory');
  });

  it('leaves an adapter that ran alone: another exit code, stdout written, other stderr, or no launcher', () => {
    expect(launchFailure(VIA_LAUNCHER, 1, 0, MESSAGE)).toBeNull();
    expect(launchFailure(VIA_LAUNCHER, 127, 5, MESSAGE)).toBeNull();
    expect(launchFailure(VIA_LAUNCHER, 127, 0, 'python: not found\n')).toBeNull();
    expect(launchFailure({ ...VIA_LAUNCHER, viaLauncher: false }, 127, 0, MESSAGE)).toBeNull();
  });
});
