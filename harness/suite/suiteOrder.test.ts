import { describe, expect, it } from 'vitest';
import { suiteOrder } from './suiteOrder.js';

describe('suiteOrder', () => {
  const id = (file: string): string => file;
  const sizes: Record<string, number> = { host: 12, faults: 33, semantics: 16, request: 13, sdk: 8, concurrency: 6, stateful: 3, ghost: 13, gamma: 13 };
  const sizeOf = (file: string): number => sizes[/([a-z]+)\.suite\.[jt]s$/.exec(file)?.[1] ?? ''] ?? 0;

  it('puts the host, fault, bounds and request suites first (compiled or source), then the others largest first', () => {
    const files = [
      '/p/dist/suites/stateful.suite.js',
      '/p/dist/suites/request.suite.js',
      '/p/dist/suites/bounds.suite.js',
      '/p/dist/suites/faults.suite.js',
      '/p/dist/suites/semantics.suite.js',
      '/p/dist/suites/host.suite.js',
    ];
    expect(suiteOrder(files, id, sizeOf)).toEqual([
      '/p/dist/suites/host.suite.js',
      '/p/dist/suites/faults.suite.js',
      '/p/dist/suites/bounds.suite.js',
      '/p/dist/suites/request.suite.js',
      '/p/dist/suites/semantics.suite.js',
      '/p/dist/suites/stateful.suite.js',
    ]);
    expect(suiteOrder(['/p/suites/faults.suite.ts', '/p/suites/sdk.suite.ts', '/p/suites/host.suite.ts'], id, sizeOf)).toEqual([
      '/p/suites/host.suite.ts',
      '/p/suites/faults.suite.ts',
      '/p/suites/sdk.suite.ts',
    ]);
  });

  it('gives one order whatever order it is given, by name among equal sizes', () => {
    const files = ['/p/suites/request.suite.ts', '/p/suites/ghost.suite.ts', '/p/suites/concurrency.suite.ts', '/p/suites/host.suite.ts', '/p/suites/gamma.suite.ts'];
    const expected = ['/p/suites/host.suite.ts', '/p/suites/request.suite.ts', '/p/suites/gamma.suite.ts', '/p/suites/ghost.suite.ts', '/p/suites/concurrency.suite.ts'];
    expect(suiteOrder(files, id, sizeOf)).toEqual(expected);
    expect(suiteOrder([...files].reverse(), id, sizeOf)).toEqual(expected);
  });

  it('drops nothing and adds nothing, with or without the suites that go first; a directory merely named like one does not count', () => {
    const files = ['/p/host.suite.ts/stateful.suite.ts', '/p/suites/ghost.suite.ts'];
    expect(suiteOrder(files, id, sizeOf)).toEqual(['/p/suites/ghost.suite.ts', '/p/host.suite.ts/stateful.suite.ts']);
    expect(suiteOrder([], id, sizeOf)).toEqual([]);
  });
});
