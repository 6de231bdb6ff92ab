import type * as fc from 'fast-check';
import { schemaArbitrary } from '../../generators/schemaArbitrary.js';
import type { AdapterManifestClauseId } from '../clauses.js';
import { checkProperty, type CaseResult } from '../suite/checkProperty.js';
import type { EvidenceRecorder } from '../suite/EvidenceRecorder.js';
import type { CatalogTool } from './checkCatalog.js';
import { judgeToolResponse } from './judgeToolResponse.js';
import type { ToolSession } from './ToolSession.js';

/** The TRN clauses, each decided per tool. */
export const TRN_CLAUSES: readonly AdapterManifestClauseId[] = ['TRN-ONE-JSON', 'TRN-OK', 'TRN-OUTPUT-SCHEMA', 'TRN-FAILURE-OUTCOME', 'TRN-INPUT-REFUSED'];

/** What {@link checkToolTransport} needs. */
export interface ToolTransportCheck {
  readonly tool: CatalogTool;
  readonly session: ToolSession;
  readonly recorder: EvidenceRecorder;
  readonly options: { readonly seed: number; readonly runs: number; readonly allowMutating: boolean };
}

/**
 * Calls one tool through the default transport with generated inputs: valid
 * ones (property 0) and schema-breaking ones (property 1), each case judged by
 * `judgeToolResponse`; failures are shrunk by fast-check and replayable by seed.
 * A mutating tool is only called with `--allow-mutating` (SKIP otherwise).
 * @param check - the tool, its session, the recorder and the run's options
 * @public
 */
export async function checkToolTransport(check: ToolTransportCheck): Promise<void> {
  const { tool, session, recorder, options } = check;
  if (tool.mutates && !options.allowMutating) {
    for (const id of TRN_CLAUSES) recorder.skip(id, `tool ${JSON.stringify(tool.name)} mutates: called only with --allow-mutating`);
    return;
  }
  const arbitraries = schemaArbitrary(tool.inputSchema);
  if (arbitraries.kind === 'unsupported') {
    for (const id of TRN_CLAUSES) recorder.inconclusive(id, `no inputs generated for tool ${JSON.stringify(tool.name)}: ${arbitraries.reason}`);
    return;
  }
  const context = { session, recorder, options: { seed: options.seed, runs: options.runs, replayPath: null }, testName: recorder.testName };
  const describe = (value: unknown): string => `${tool.name} --input ${JSON.stringify(value)}`;
  const run = (brokeSchema: boolean) => async (value: unknown): Promise<CaseResult> => {
    if (tool.validateInput(value) === brokeSchema) {
      return { verdict: 'undecided', reason: `the generator's input for ${JSON.stringify(tool.name)} disagrees with its inputSchema (contradicting bounds?)` };
    }
    return judgeToolResponse(await session.call(tool.name, JSON.stringify(value)), tool.validateOutput, brokeSchema);
  };
  await checkProperty(
    {
      clauses: ['TRN-ONE-JSON', 'TRN-OK', 'TRN-OUTPUT-SCHEMA', 'TRN-FAILURE-OUTCOME'],
      arbitrary: arbitraries.valid,
      describe,
      run: run(false),
      unexercisedReason: {
        'TRN-OUTPUT-SCHEMA': `no valid input to ${JSON.stringify(tool.name)} was answered with success`,
        'TRN-FAILURE-OUTCOME': `every valid input to ${JSON.stringify(tool.name)} succeeded`,
      },
    },
    { ...context, propertyIndex: 0 },
  );
  if (arbitraries.invalid === null) {
    recorder.inconclusive('TRN-INPUT-REFUSED', `the inputSchema of ${JSON.stringify(tool.name)} admits every object the generator can vary`);
    return;
  }
  await checkProperty(
    {
      clauses: ['TRN-INPUT-REFUSED', 'TRN-ONE-JSON', 'TRN-OK', 'TRN-FAILURE-OUTCOME'],
      arbitrary: arbitraries.invalid as fc.Arbitrary<unknown>,
      describe: (value) => `${describe(value)} (breaks the inputSchema)`,
      run: run(true),
      unexercisedReason: { 'TRN-FAILURE-OUTCOME': `every schema-breaking input to ${JSON.stringify(tool.name)} succeeded` },
    },
    { ...context, propertyIndex: 1 },
  );
}
