import { execa } from 'execa';

/** How to start an adapter: executable and the arguments before the action. */
export interface AdapterCommand {
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string>>;
}

/** What one call produced. */
export interface CallResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs one adapter call with `requestText` on stdin (test helper).
 * @param command - the adapter
 * @param action - the argv action
 * @param requestText - stdin
 */
export async function callAdapter(command: AdapterCommand, action: string, requestText: string): Promise<CallResult> {
  const result = await execa(command.file, [...command.args, action], {
    input: requestText,
    reject: false,
    cwd: command.cwd ?? process.cwd(),
    env: command.env ?? {},
    stripFinalNewline: false,
    maxBuffer: 8 * 1_048_576,
  });
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
}
