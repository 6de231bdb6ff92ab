import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The project's own tests: `*.test.ts` beside their modules. The conformance
// suites (`suites/*.suite.ts`) never match this pattern; only the CLI runs them.
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**', 'suites/**'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // vitest's default is one worker fewer than the cores: one on a 2-core machine, so every file
    // waited for the one before it. The end-to-end files spend much of their time waiting (deadlines,
    // slow and hanging adapters, settle times), so two files at once overlap those waits.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
