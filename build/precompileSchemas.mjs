#!/usr/bin/env node
// Part of `npm run build`, after tsc: compiles the schemas the CLI validates on every
// run (adapter.json and the lifecycle file as it starts, an options file, the report as
// it ends) into standalone validator modules, `dist/schemas/<$id>.cjs`, with Ajv's own
// standalone code generation and the suite's Ajv options. At run time `lazySuiteSchema`
// loads such a module instead of loading Ajv and compiling, when the module was compiled
// from exactly the schema it is given (each module records its schema's digest).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(packageRoot, 'dist');
const require = createRequire(import.meta.url);
const { Ajv } = require('ajv');
const standaloneCode = require('ajv/dist/standalone').default;

/** The compiled module and export of each schema that is precompiled. */
export const PRECOMPILED = [
  ['harness/config/adapterConfig.js', 'adapterConfigSchema'],
  ['harness/lifecycle/lifecycleOption.js', 'lifecycleSchema'],
  ['harness/options/optionsFile.js', 'optionsFileSchema'],
  ['reports/validateReport.js', 'reportSchema'],
];

/** Writes every validator of {@link PRECOMPILED} into a fresh `dist/schemas/`. */
async function precompileSchemas() {
  const { PRECOMPILED_SCHEMA_DIR, SUITE_AJV_OPTIONS, precompiledSchemaPath, schemaDigest } = await import(join(dist, 'harness', 'schemas.js'));
  rmSync(PRECOMPILED_SCHEMA_DIR, { recursive: true, force: true });
  mkdirSync(PRECOMPILED_SCHEMA_DIR, { recursive: true });
  for (const [module, name] of PRECOMPILED) {
    const schema = (await import(join(dist, module)))[name];
    if (typeof schema?.$id !== 'string') throw new Error(`precompileSchemas: ${module} ${name} is not a schema with an $id`);
    const ajv = new Ajv({ ...SUITE_AJV_OPTIONS, code: { source: true } });
    const code = standaloneCode(ajv, ajv.compile(schema));
    writeFileSync(precompiledSchemaPath(schema.$id), `${code}\nmodule.exports.validate = module.exports;\nmodule.exports.schemaDigest = ${JSON.stringify(schemaDigest(schema))};\n`);
  }
}

// Imported by the tests for its list; run by the build.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await precompileSchemas();
