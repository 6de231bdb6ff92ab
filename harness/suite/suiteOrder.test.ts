import { describe, expect, it } from 'vitest';
import { hostSuiteFirst } from './suiteOrder.js';

describe('hostSuiteFirst', () => {
  const id = (file: string): string => file;

  it('moves the host suite (compiled or source) to the front and keeps the order of the others', () => {
    const files = ['/p/dist/suites/faults.suite.js', '/p/dist/suites/request.suite.js', '/p/dist/suites/host.suite.js', '/p/dist/suites/sdk.suite.js'];
    expect(hostSuiteFirst(files, id)).toEqual(['/p/dist/suites/host.suite.js', '/p/dist/suites/faults.suite.js', '/p/dist/suites/request.suite.js', '/p/dist/suites/sdk.suite.js']);
    expect(hostSuiteFirst(['/p/suites/semantics.suite.ts', '/p/suites/host.suite.ts'], id)).toEqual(['/p/suites/host.suite.ts', '/p/suites/semantics.suite.ts']);
  });

  it('drops nothing and adds nothing, with or without a host suite; a file merely named like it stays in place', () => {
    const files = ['/p/suites/ghost.suite.ts', '/p/suites/faults.suite.ts', '/p/host.suite.ts/request.suite.ts'];
    expect(hostSuiteFirst(files, id)).toEqual(files);
    expect(hostSuiteFirst([], id)).toEqual([]);
  });
});
