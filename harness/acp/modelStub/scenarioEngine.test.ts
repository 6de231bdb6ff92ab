import { describe, expect, it } from 'vitest';
import { chooseTool, decideAnswer, isMcpToolName, minimalInstance, scenarioOfText, type DeclaredTool, type NeutralRequest, type ScriptSettings, type TurnEvent } from './scenarioEngine.js';

const settings: ScriptSettings = {
  readPath: 'notes.txt',
  writePath: 'out.txt',
  writeContent: 'written\n',
  shellCommand: 'echo hi',
  mcpToolName: 'record_note',
  chunkCount: 5,
};

const object = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)): unknown => ({ type: 'object', properties, required });
const str = { type: 'string' };

/** Tools as gemini-cli 0.61 declares them (names and parameter shapes). */
const geminiTools: DeclaredTool[] = [
  { name: 'list_directory', parameters: object({ dir_path: str }) },
  { name: 'read_file', parameters: object({ file_path: str, start_line: { type: 'integer' } }, ['file_path']) },
  { name: 'read_many_files', parameters: object({ include: { type: 'array', items: str } }) },
  { name: 'glob', parameters: object({ pattern: str, path: str }, ['pattern']) },
  { name: 'replace', parameters: object({ file_path: str, old_string: str, new_string: str }) },
  { name: 'write_file', parameters: object({ file_path: str, content: str }) },
  { name: 'run_shell_command', parameters: object({ command: str, is_background: { type: 'boolean' } }, ['command']) },
  { name: 'mcp_fixture_record_note', parameters: object({ text: str }) },
];

/** The same roles under another agent's names and spellings. */
const otherAgentTools: DeclaredTool[] = [
  { name: 'Glob', parameters: object({ pattern: str }) },
  { name: 'Bash', parameters: object({ command: str, timeout: { type: 'number' } }, ['command']) },
  { name: 'Write', parameters: object({ filePath: str, contents: str }) },
  { name: 'Read', parameters: object({ filePath: str, offset: { type: 'number' } }, ['filePath']) },
  { name: 'fixture__record_note', parameters: object({ text: str }) },
];

function request(fields: Partial<NeutralRequest>): NeutralRequest {
  return { latestUserText: undefined, endsWithToolResult: false, declaredTools: geminiTools, model: 'gemini-2.5-pro', responseSchema: undefined, ...fields };
}

function eventsOf(fields: Partial<NeutralRequest>): TurnEvent[] {
  const { answer } = decideAnswer(request(fields), settings);
  if (answer.kind !== 'turn' || answer.endless) throw new Error(`expected a finite turn, got ${JSON.stringify(answer)}`);
  return [...answer.events];
}

describe('scenarioOfText', () => {
  it('reads the first marker, plain without one, and keeps an unknown name as unknown', () => {
    expect(scenarioOfText('<context>…</context>\nPlease do it. [scenario:terminal] [scenario:plain]')).toEqual({ scenario: 'terminal' });
    expect(scenarioOfText('hello')).toEqual({ scenario: 'plain' });
    expect(scenarioOfText(undefined)).toEqual({ scenario: 'plain' });
    expect(scenarioOfText('[scenario:bogus]')).toEqual({ unknownName: 'bogus' });
  });
});

describe('chooseTool', () => {
  it.each([
    ['file-read', 'read_file', 'Read'],
    ['file-write', 'write_file', 'Write'],
    ['shell', 'run_shell_command', 'Bash'],
    ['mcp', 'mcp_fixture_record_note', 'fixture__record_note'],
  ] as const)('finds the %s tool among gemini-cli’s tools (%s) and another agent’s (%s)', (role, gemini, other) => {
    expect(chooseTool(geminiTools, role, 'record_note')?.name).toBe(gemini);
    expect(chooseTool(otherAgentTools, role, 'record_note')?.name).toBe(other);
  });

  it('needs the schema shape, not only the name', () => {
    // A "read" tool without a path parameter, a "write" tool without content, a "shell" without a command.
    const misleading: DeclaredTool[] = [
      { name: 'read_file', parameters: object({ query: str }) },
      { name: 'write_file', parameters: object({ file_path: str }) },
      { name: 'run_shell_command', parameters: object({ args: { type: 'array' } }) },
    ];
    expect(chooseTool(misleading, 'file-read', undefined)).toBeUndefined();
    expect(chooseTool(misleading, 'file-write', undefined)).toBeUndefined();
    expect(chooseTool(misleading, 'shell', undefined)).toBeUndefined();
  });

  it('needs the name, not only the shape: a path-taking tool that is not a reader is not chosen', () => {
    expect(chooseTool([{ name: 'list_directory', parameters: object({ path: str }) }], 'file-read', undefined)).toBeUndefined();
    expect(chooseTool([{ name: 'replace', parameters: object({ file_path: str, content: str }) }], 'file-write', undefined)).toBeUndefined();
  });

  it('finds no MCP tool without its name, and never one with another name', () => {
    expect(chooseTool(geminiTools, 'mcp', undefined)).toBeUndefined();
    expect(chooseTool(geminiTools, 'mcp', 'other_tool')).toBeUndefined();
  });
});

describe('isMcpToolName', () => {
  it('accepts the name alone or after a server prefix, and nothing that merely ends with the same letters', () => {
    expect(['record_note', 'mcp_fixture_record_note', 'fixture__record_note', 'fixture.record_note', 'fixture/record_note'].every((name) => isMcpToolName(name, 'record_note'))).toBe(true);
    expect(isMcpToolName('xrecord_note', 'record_note')).toBe(false);
    expect(isMcpToolName('record_notes', 'record_note')).toBe(false);
  });
});

describe('decideAnswer', () => {
  it('answers plain text, chunks and max-tokens with the configured number of chunks', () => {
    expect(eventsOf({ latestUserText: 'hi' })).toEqual([
      { type: 'text', text: 'Hello from the model stub.' },
      { type: 'finish', reason: 'stop' },
    ]);
    const chunks = eventsOf({ latestUserText: '[scenario:chunks]' });
    expect(chunks.filter((event) => event.type === 'text')).toHaveLength(5);
    expect(chunks.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
    expect(eventsOf({ latestUserText: '[scenario:max-tokens]' }).at(-1)).toEqual({ type: 'finish', reason: 'max-tokens' });
    expect(eventsOf({ latestUserText: '[scenario:refusal]' }).at(-1)).toEqual({ type: 'finish', reason: 'refusal' });
  });

  it('echoes the model the request names', () => {
    expect(eventsOf({ latestUserText: '[scenario:echo-config]', model: 'gemini-2.5-flash' })[0]).toEqual({ type: 'text', text: 'model=gemini-2.5-flash' });
  });

  it('calls the declared tool of each tool scenario with the configured arguments, required ones filled in', () => {
    expect(eventsOf({ latestUserText: '[scenario:permission-read]' })[0]).toEqual({ type: 'tool-call', name: 'read_file', args: { file_path: 'notes.txt' } });
    expect(eventsOf({ latestUserText: '[scenario:fs-write]' })[0]).toEqual({ type: 'tool-call', name: 'write_file', args: { file_path: 'out.txt', content: 'written\n' } });
    expect(eventsOf({ latestUserText: '[scenario:terminal]' })[0]).toEqual({ type: 'tool-call', name: 'run_shell_command', args: { command: 'echo hi' } });
    expect(eventsOf({ latestUserText: '[scenario:mcp-tool]' })[0]).toEqual({ type: 'tool-call', name: 'mcp_fixture_record_note', args: { text: 'stub' } });
    expect(eventsOf({ latestUserText: '[scenario:permission-read]', declaredTools: otherAgentTools })[0]).toEqual({ type: 'tool-call', name: 'Read', args: { filePath: 'notes.txt' } });
  });

  it('takes the path from a [path:…] marker when the prompt has one', () => {
    expect(eventsOf({ latestUserText: '[scenario:permission-read] [path:/tmp/session/notes.txt]' })[0]).toMatchObject({ args: { file_path: '/tmp/session/notes.txt' } });
  });

  it('answers the final text once the conversation ends with a tool result, naming the step', () => {
    const decision = decideAnswer(request({ latestUserText: '[scenario:terminal]', endsWithToolResult: true }), settings);
    expect(decision).toMatchObject({ scenario: 'terminal', step: 'after-tool-result', toolChosen: undefined, reason: undefined });
    expect(eventsOf({ latestUserText: '[scenario:terminal]', endsWithToolResult: true }).map((event) => event.type)).toEqual(['text', 'finish']);
  });

  it('says why when no declared tool fits, and still ends the turn with text', () => {
    const decision = decideAnswer(request({ latestUserText: '[scenario:terminal]', declaredTools: [geminiTools[1]!] }), settings);
    expect(decision.toolChosen).toBeUndefined();
    expect(decision.reason).toBe('no declared tool fits a shell tool; declared: read_file');
    expect(decision.answer).toMatchObject({ kind: 'turn', endless: false });
  });

  it('leaves an unknown scenario unscripted, with the reason', () => {
    const decision = decideAnswer(request({ latestUserText: '[scenario:bogus]' }), settings);
    expect(decision.answer).toEqual({ kind: 'unscripted' });
    expect(decision.reason).toMatch(/^unknown scenario "bogus"/);
  });

  it('streams long-stream without end', () => {
    const { answer } = decideAnswer(request({ latestUserText: '[scenario:long-stream]' }), settings);
    if (answer.kind !== 'turn') throw new Error('expected a turn');
    expect(answer.endless).toBe(true);
    const iterator = answer.events[Symbol.iterator]();
    const first = Array.from({ length: 1000 }, () => iterator.next());
    expect(first.every((step) => step.done !== true && step.value.type === 'text')).toBe(true);
  });

  it('answers an agent’s own structured request with a minimal instance of its schema, whatever the prompt', () => {
    const schema = object({ reasoning: str, next_speaker: { type: 'string', enum: ['user', 'model'] } });
    const decision = decideAnswer(request({ latestUserText: '[scenario:terminal]', responseSchema: schema }), settings);
    expect(decision).toMatchObject({ scenario: undefined, step: 'structured' });
    expect(eventsOf({ responseSchema: schema })[0]).toEqual({ type: 'json', value: { reasoning: 'stub', next_speaker: 'user' } });
  });
});

describe('minimalInstance', () => {
  it('fills required properties only, reads Gemini’s upper-case types, and honours minimum, const and anyOf', () => {
    expect(minimalInstance({ type: 'OBJECT', properties: { a: { type: 'INTEGER', minimum: 1 }, b: { type: 'STRING' } }, required: ['a'] })).toEqual({ a: 1 });
    expect(minimalInstance({ type: ['null', 'array'] })).toEqual([]);
    expect(minimalInstance({ const: 7 })).toBe(7);
    expect(minimalInstance({ anyOf: [{ type: 'boolean' }, { type: 'string' }] })).toBe(false);
    expect(minimalInstance(true)).toBeNull();
  });
});
