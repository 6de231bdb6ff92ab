import { defineConfig } from 'vitest/config';

// The project's own tests: `*.test.ts` beside their modules. The conformance
// suites (`suites/*.suite.ts`) never match this pattern; only the CLI runs them.
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**', 'suites/**'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
