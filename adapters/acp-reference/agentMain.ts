// The agent process around a behaviour: arguments, stdio, the SDK connection, exit on stdin EOF or
// SIGTERM. The reference's entry (main.ts) and the mutants' (../acp-mutants/main.ts) both run it.
import { spawn } from 'node:child_process';
import { ndJsonStream } from '@agentclientprotocol/sdk';
import type { AcpAgentBehavior } from './AcpAgentBehavior.js';
import { killAllMcpServers } from './mcpStdioClient.js';
import { createReferenceAgent } from './referenceAgent.js';
import { defaultStateDir, fileSessionStore } from './sessionStore.js';
import { agentStdio } from './stdioTransport.js';

/** The agent's command line, parsed. */
export interface AgentArgs {
  readonly stateDir: string | undefined;
  readonly mutant: string | undefined;
}

/**
 * Parses `[--state-dir DIR] [--mutant NAME]`.
 * @param argv - the arguments after the script
 */
export function parseAgentArgs(argv: readonly string[]): AgentArgs | string {
  let stateDir: string | undefined;
  let mutant: string | undefined;
  for (let index = 0; index < argv.length; index++) {
    const flag = argv[index];
    const value = argv[index + 1];
    if ((flag === '--state-dir' || flag === '--mutant') && value !== undefined) {
      if (flag === '--state-dir') stateDir = value;
      else mutant = value;
      index++;
    } else {
      return `unexpected argument ${JSON.stringify(flag)}; usage: main.js [--state-dir DIR] [--mutant NAME]`;
    }
  }
  return { stateDir, mutant };
}

/** A diagnostic line on stderr (stdout carries ACP messages only). */
export const log = (line: string) => void process.stderr.write(`acp-reference: ${line}\n`);

/** Starts the reference agent (no mutant) as a child on the same stdio, and leaves it behind when this process ends. */
function runAsLeakyWrapper(args: AgentArgs): void {
  const script = process.argv[1] ?? '';
  const child = spawn(process.execPath, [script, ...(args.stateDir === undefined ? [] : ['--state-dir', args.stateDir])], { stdio: 'inherit' });
  child.once('exit', (code) => process.exit(code ?? 1));
  process.once('SIGTERM', () => process.exit(0));
}

function serve(behavior: AcpAgentBehavior, args: AgentArgs): void {
  const stdio = agentStdio(process.stdin, process.stdout, behavior.wire);
  const app = createReferenceAgent({
    behavior,
    store: fileSessionStore(args.stateDir ?? defaultStateDir(process.env)),
    responseWritten: stdio.responseWritten,
    log,
  });
  behavior.wire.start({ write: (bytes) => void process.stdout.write(bytes) });
  const connection = app.connect(ndJsonStream(stdio.output, stdio.input));

  const exit = async (code: number) => {
    killAllMcpServers();
    behavior.wire.finish({ write: (bytes) => void process.stdout.write(bytes) });
    await stdio.drained();
    process.exit(code);
  };
  void connection.closed.then(() => {
    if (behavior.lifecycle.exitOnStdinEnd) return exit(0);
    killAllMcpServers();
    log('stdin closed; staying up');
    setInterval(() => {}, 60_000);
  });
  process.on('SIGTERM', () => {
    if (behavior.lifecycle.exitOnSigterm) void exit(0);
    else log('SIGTERM ignored');
  });
  process.stdout.on('error', () => void exit(0));
}

/**
 * Runs the agent process: parses `[--state-dir DIR] [--mutant NAME]`, then serves the behaviour
 * `behaviorFor` picks (exit code 2, with the reason on stderr, for bad arguments or no behaviour).
 * @param behaviorFor - the behaviour for the parsed arguments, or undefined (said on stderr by it)
 */
export function runAgentMain(behaviorFor: (args: AgentArgs) => AcpAgentBehavior | undefined): void {
  const parsed = parseAgentArgs(process.argv.slice(2));
  if (typeof parsed === 'string') {
    log(parsed);
    process.exitCode = 2;
    return;
  }
  const behavior = behaviorFor(parsed);
  if (behavior === undefined) process.exitCode = 2;
  else if (behavior.lifecycle.wrapsLeavingChild) runAsLeakyWrapper(parsed);
  else serve(behavior, parsed);
}
