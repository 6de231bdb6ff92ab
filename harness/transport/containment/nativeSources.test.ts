import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../packageRoot.js';
import { compileHelper, HELPER_COMPILE_FLAGS, sourceDigest } from './compileHelper.js';
import { NATIVE_SOURCE_DIR, nativeSources, type NativeProgram } from './nativeSources.js';

const PROGRAMS: readonly NativeProgram[] = ['aq-launch', 'aq-spawn'];

describe.runIf(process.platform === 'linux')('the native helpers', () => {
  it.each(PROGRAMS)('%s compiles from its .c files without a warning (-Wall -Wextra -Werror)', (program) => {
    expect(HELPER_COMPILE_FLAGS).toEqual(expect.arrayContaining(['-Wall', '-Wextra']));
    const units = Object.keys(nativeSources(program))
      .filter((file) => file.endsWith('.c'))
      .map((file) => join(NATIVE_SOURCE_DIR, file));
    const out = mkdtempSync(join(tmpdir(), 'native-sources-test-'));
    try {
      const output = execFileSync('gcc', [...HELPER_COMPILE_FLAGS, '-Werror', '-o', join(out, program), ...units], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      expect(output).toBe('');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('reads every file of the native directory, and the cache key covers each (a header included)', () => {
    const used = new Set(PROGRAMS.flatMap((program) => Object.keys(nativeSources(program))));
    expect([...used].sort()).toEqual(readdirSync(NATIVE_SOURCE_DIR).sort());
    const sources = nativeSources('aq-spawn');
    expect(sourceDigest({ ...sources, 'launch.h': `${sources['launch.h'] ?? ''}\n` })).not.toBe(sourceDigest(sources));
  });

  it('builds the helper the suite runs from the files, into a directory keyed by their digest', () => {
    const root = mkdtempSync(join(tmpdir(), 'native-sources-cache-'));
    try {
      const compiled = compileHelper('aq-launch', nativeSources('aq-launch'), root);
      expect(compiled).toEqual({ path: join(root, `aq-launch-${sourceDigest(nativeSources('aq-launch')).slice(0, 16)}`, 'aq-launch') });
      // Usage error: the program the files describe, not a stand-in.
      expect(() => execFileSync((compiled as { path: string }).path, [], { stdio: 'pipe' })).toThrow(/usage: aq-launch/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('keeps C out of the TypeScript sources', () => {
    const typescript = execFileSync('git', ['ls-files', '*.ts'], { cwd: packageRoot, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file !== '');
    const withC = typescript.filter((file) => /#include <[a-z/]+\.h>/.test(readFileSync(join(packageRoot, file), 'utf8')));
    expect(withC).toEqual(['harness/transport/containment/compileHelper.test.ts']);
  });
});
