#!/usr/bin/env node
// Part of `npm run build`, after tsc: bundles the compiled reference adapter into one
// ES module, `dist/adapters/reference/bundle/main.js`, which `adapters/reference/adapter.json`
// runs. Every call of the adapter is a fresh Node.js process: one file to load instead of
// dozens makes each call cheaper, while the sources (`adapters/reference/*.ts`) stay the
// readable adapter to copy. Vite (a dependency already) does the bundling.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reference = join(packageRoot, 'dist', 'adapters', 'reference');

await build({
  configFile: false,
  root: packageRoot,
  logLevel: 'warn',
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: join(reference, 'main.js'),
    outDir: join(reference, 'bundle'),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    copyPublicDir: false,
    rolldownOptions: { output: { format: 'esm', entryFileNames: 'main.js' } },
  },
});
