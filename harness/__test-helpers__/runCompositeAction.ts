import { execa } from 'execa';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';

/** What one composite-action run produced, as a workflow would see it. */
export interface CompositeRun {
  /** The exit code of the first step that failed, or 0. */
  readonly exitCode: number;
  /** The action's `outputs`, mapped from its steps' `$GITHUB_OUTPUT` as the runner maps them. */
  readonly outputs: Readonly<Record<string, string>>;
  /** Everything the steps appended to `$GITHUB_STEP_SUMMARY`. */
  readonly summary: string;
  readonly stdout: string;
  readonly stderr: string;
}

interface ActionStep {
  readonly id?: string;
  readonly shell?: string;
  readonly run?: string;
  readonly env?: Record<string, string>;
}

interface ActionFile {
  readonly inputs?: Record<string, { readonly required?: boolean; readonly default?: string }>;
  readonly outputs?: Record<string, { readonly value: string }>;
  readonly runs: { readonly using: string; readonly steps: readonly ActionStep[] };
}

/**
 * Runs a composite action's steps the way the GitHub runner does: input
 * defaults applied, `${{ }}` expressions of `env:` and `outputs` evaluated
 * (only `inputs.*`, `github.action_path` and `steps.<id>.outputs.*`; any other
 * expression throws, so nothing is silently misread), each `bash` step as a
 * script file under `bash --noprofile --norc -eo pipefail`, in the workspace,
 * with fresh `GITHUB_OUTPUT` and `GITHUB_STEP_SUMMARY` files, stopping at the
 * first failing step.
 */
export async function runCompositeAction(actionFile: string, inputs: Readonly<Record<string, string>>, workspace: string, env: Readonly<Record<string, string>> = {}): Promise<CompositeRun> {
  const action = parse(await readFile(actionFile, 'utf8')) as ActionFile;
  if (action.runs.using !== 'composite') throw new Error(`${actionFile}: not a composite action`);
  const values: Record<string, string> = {};
  for (const [name, input] of Object.entries(action.inputs ?? {})) {
    const given = inputs[name] ?? input.default;
    if (given === undefined && input.required === true) throw new Error(`input ${name} is required`);
    values[name] = given ?? '';
  }
  for (const name of Object.keys(inputs)) if (!Object.hasOwn(values, name)) throw new Error(`unexpected input ${name}`);
  const scratch = await mkdtemp(join(tmpdir(), 'composite-action-'));
  const summaryFile = join(scratch, 'step-summary.md');
  await writeFile(summaryFile, '');
  const stepOutputs: Record<string, Record<string, string>> = {};
  const context = { inputs: values, actionPath: dirname(actionFile), stepOutputs };
  let exitCode = 0;
  let stdout = '';
  let stderr = '';
  for (const [index, step] of action.runs.steps.entries()) {
    if (step.run === undefined || step.shell !== 'bash') throw new Error(`step ${index}: only bash run steps are supported`);
    const script = join(scratch, `step-${index}.sh`);
    const outputFile = join(scratch, `step-${index}.output`);
    await writeFile(script, step.run);
    await writeFile(outputFile, '');
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, evaluate(String(value), context)]));
    const result = await execa('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
      cwd: workspace,
      env: { ...env, ...stepEnv, GITHUB_ACTION_PATH: context.actionPath, GITHUB_WORKSPACE: workspace, GITHUB_OUTPUT: outputFile, GITHUB_STEP_SUMMARY: summaryFile },
      reject: false,
      stdin: 'ignore',
    });
    stdout += result.stdout;
    stderr += result.stderr;
    if (step.id !== undefined) stepOutputs[step.id] = parseOutputFile(await readFile(outputFile, 'utf8'));
    if (result.exitCode !== 0) {
      exitCode = result.exitCode ?? 1;
      break;
    }
  }
  const outputs = Object.fromEntries(Object.entries(action.outputs ?? {}).map(([name, output]) => [name, evaluate(output.value, context)]));
  return { exitCode, outputs, summary: await readFile(summaryFile, 'utf8'), stdout, stderr };
}

interface Context {
  readonly inputs: Readonly<Record<string, string>>;
  readonly actionPath: string;
  readonly stepOutputs: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

function evaluate(text: string, context: Context): string {
  return text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expression: string) => {
    const input = /^inputs\.([\w-]+)$/.exec(expression);
    if (input !== null) {
      if (!Object.hasOwn(context.inputs, input[1]!)) throw new Error(`unknown input in \${{ ${expression} }}`);
      return context.inputs[input[1]!]!;
    }
    if (expression === 'github.action_path') return context.actionPath;
    const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
    if (output !== null) return context.stepOutputs[output[1]!]?.[output[2]!] ?? '';
    throw new Error(`unsupported expression \${{ ${expression} }}`);
  });
}

// `name=value` lines, and the runner's `name<<DELIMITER` blocks for multi-line values.
function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const heredoc = /^([\w-]+)<<(.+)$/.exec(line);
    if (heredoc !== null) {
      const end = lines.indexOf(heredoc[2]!, index + 1);
      outputs[heredoc[1]!] = lines.slice(index + 1, end).join('\n');
      index = end;
      continue;
    }
    const equals = line.indexOf('=');
    if (equals > 0) outputs[line.slice(0, equals)] = line.slice(equals + 1);
  }
  return outputs;
}
