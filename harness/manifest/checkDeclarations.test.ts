import { describe, expect, it } from 'vitest';
import { isWindowsReservedName } from './checkDeclarations.js';

describe('isWindowsReservedName', () => {
  it('matches device names in any case, also with an extension', () => {
    for (const name of ['con', 'PRN', 'Aux', 'nul', 'com1', 'COM9', 'lpt1', 'lpt9', 'com1.txt', 'NUL.tar.gz']) expect(isWindowsReservedName(name), name).toBe(true);
  });

  it('leaves other names alone', () => {
    for (const name of ['com', 'com0', 'com10', 'lpt', 'console', 'my-con', 'auxiliary', 'nul-adapter']) expect(isWindowsReservedName(name), name).toBe(false);
  });
});
