import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/** The two files that each qualify adapters from start to finish several times: the longest by far. */
const LONGEST_FILES = ['adapters/conformingAdapters.test.ts', 'adapters/hostile/hostileSubjects.test.ts'];

/**
 * vitest's order (the slowest first, by the durations it cached from the last run; larger
 * files first without one), with the longest files first either way: a fresh clone has no
 * cache, and a longest file started late makes the whole run wait for it.
 */
class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification): number => {
      const index = LONGEST_FILES.findIndex((longest) => file.moduleId.endsWith(`/${longest}`));
      return index === -1 ? LONGEST_FILES.length : index;
    };
    // Array.prototype.sort is stable: the other files keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

// The project's own tests: `*.test.ts` beside their modules. The conformance
// suites (`suites/*.suite.ts`) never match this pattern; only the CLI runs them.
// Tests under load (`*.load.test.ts`, beside busy loops that would slow every other test) run
// alone, in `--mode load` (`npm run test:load`).
export default defineConfig(({ mode }) => ({
  test: {
    include: mode === 'load' ? ['**/*.load.test.ts'] : ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**', 'suites/**', ...(mode === 'load' ? [] : ['**/*.load.test.ts'])],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // vitest's default is one worker fewer than the cores: one on a 2-core machine, so every file
    // waited for the one before it. The end-to-end files spend much of their time waiting (deadlines,
    // slow and hanging adapters, settle times), so two files at once overlap those waits.
    maxWorkers: Math.max(2, availableParallelism()),
    sequence: { sequencer: LongestFirstSequencer },
  },
}));
