import { describe, expect, it } from 'vitest';
import { adapterEnvironment, SCRUBBED_ENVIRONMENT, RUN_CONTEXT_VARIABLES } from './environment.js';

const ALLOWED = { PATH: '/usr/bin', HOME: '/root', USER: 'ci', LANG: 'C.UTF-8', LC_ALL: 'C', TZ: 'UTC', TMPDIR: '/tmp' };
const SUITE = {
  ...ALLOWED,
  GITHUB_TOKEN: 'ghp_x',
  DATABASE_URL: 'postgres://u:p@h/db',
  SHELL: '/bin/bash',
  [RUN_CONTEXT_VARIABLES.tag]: 'aq-run-1',
  UNSET: undefined,
};
const CALL = { ADAPTER_QUALIFY_CALL: 'c-1', ADAPTER_QUALIFY_SCRATCH: '/s' };

describe('adapterEnvironment', () => {
  it('scrubbed: only the allowlist, LC_*, and the call variables', () => {
    expect(adapterEnvironment(SCRUBBED_ENVIRONMENT, CALL, SUITE)).toStrictEqual({ ...ALLOWED, ...CALL });
  });

  it('adds exactly the --pass-env names the suite has', () => {
    const environment = adapterEnvironment({ inherit: false, passNames: ['DATABASE_URL', 'MISSING'] }, CALL, SUITE);
    expect(environment['DATABASE_URL']).toBe('postgres://u:p@h/db');
    expect(Object.keys(environment)).not.toContain('MISSING');
    expect(Object.keys(environment)).not.toContain('GITHUB_TOKEN');
  });

  it('inherited: everything but the run-internal variables; the call variables win', () => {
    const environment = adapterEnvironment({ inherit: true, passNames: [] }, CALL, { ...SUITE, ADAPTER_QUALIFY_CALL: 'stale' });
    expect(environment).toMatchObject({ GITHUB_TOKEN: 'ghp_x', SHELL: '/bin/bash', ADAPTER_QUALIFY_CALL: 'c-1' });
    expect(Object.keys(environment)).not.toContain(RUN_CONTEXT_VARIABLES.tag);
  });
});
