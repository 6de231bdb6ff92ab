import { describe, expect, it } from 'vitest';
import type { FrameRef, ReceivedNotification, ResponseOutcome } from '../AcpConnection.js';
import { judgePermissionRequests, judgeStopReason, judgeTerminalRelease, judgeTurnFrames, type FinishedTurn } from './promptTurn.js';

let index = 0;
const frame = (): FrameRef => ({ agent: 1, direction: 'agent→client', index: index++, raw: '{}' });
const update = (body: Record<string, unknown>, sessionId = 's1'): ReceivedNotification => ({ method: 'session/update', params: { sessionId, update: body }, frame: frame() });
const result = (stopReason: unknown): ResponseOutcome => ({ kind: 'result', result: { stopReason }, frame: frame(), afterMs: 1 });
const request = (method: string, params: Record<string, unknown>) => ({ method, params: { sessionId: 's1', ...params }, frame: frame() });
const turn = (parts: Partial<FinishedTurn>): FinishedTurn => ({
  sessionId: 's1',
  scenario: 'test',
  sent: frame(),
  outcome: result('end_turn'),
  updates: [],
  late: [],
  requests: [],
  ...parts,
});

describe('promptTurn judges', () => {
  it('accepts the closed stop reasons and rejects others and errors', () => {
    for (const reason of ['end_turn', 'max_tokens', 'max_turn_requests', 'refusal', 'cancelled']) expect(judgeStopReason(turn({ outcome: result(reason) }))).toBeNull();
    expect(judgeStopReason(turn({ outcome: result('error') }))?.clauseId).toBe('ACP-TURN-STOPREASON');
    expect(judgeStopReason(turn({ outcome: result(undefined) }))?.clauseId).toBe('ACP-TURN-STOPREASON');
    expect(judgeStopReason(turn({ outcome: { kind: 'error', error: { code: -32603, message: 'x' }, frame: frame(), afterMs: 1 } }))?.clauseId).toBe('ACP-TURN-STOPREASON');
  });

  it('finds late turn content, unknown tool call ids and statuses going back', () => {
    expect(judgeTurnFrames(turn({ late: [update({ sessionUpdate: 'agent_message_chunk' })] })).map((v) => v.clauseId)).toEqual(['ACP-TURN-NO-LATE-UPDATES']);
    expect(judgeTurnFrames(turn({ updates: [update({ sessionUpdate: 'tool_call_update', toolCallId: 'x' })] })).map((v) => v.clauseId)).toEqual(['ACP-TURN-TOOLCALL-IDS']);
    const back = [
      update({ sessionUpdate: 'tool_call', toolCallId: 'a', status: 'pending' }),
      update({ sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'completed' }),
      update({ sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'in_progress' }),
    ];
    expect(judgeTurnFrames(turn({ updates: back })).map((v) => v.clauseId)).toEqual(['ACP-TURN-TOOLCALL-IDS']);
    expect(judgeTurnFrames(turn({ updates: back.slice(0, 2) }))).toEqual([]);
  });

  it('finds duplicate permission option ids and unannounced tool calls', () => {
    const announce = update({ sessionUpdate: 'tool_call', toolCallId: 'a', title: 't' });
    const options = (a: string, b: string) => [
      { optionId: a, name: 'allow', kind: 'allow_once' },
      { optionId: b, name: 'reject', kind: 'reject_once' },
    ];
    const good = request('session/request_permission', { toolCall: { toolCallId: 'a' }, options: options('1', '2') });
    expect(judgePermissionRequests(turn({ updates: [announce], requests: [good] }))).toEqual([]);
    const duplicate = request('session/request_permission', { toolCall: { toolCallId: 'a' }, options: options('1', '1') });
    expect(judgePermissionRequests(turn({ updates: [announce], requests: [duplicate] })).map((v) => v.clauseId)).toEqual(['ACP-PERMISSION-SHAPE']);
    expect(judgePermissionRequests(turn({ updates: [], requests: [good] })).map((v) => v.clauseId)).toEqual(['ACP-PERMISSION-SHAPE']);
  });

  it('requires every terminal of a turn to be released', () => {
    const create = request('terminal/create', { command: 'echo' });
    const wait = request('terminal/wait_for_exit', { terminalId: 't1' });
    expect(judgeTerminalRelease(turn({ requests: [create, wait, request('terminal/release', { terminalId: 't1' })] }))).toBeNull();
    expect(judgeTerminalRelease(turn({ requests: [create, wait] }))?.clauseId).toBe('ACP-TERM-RELEASE');
    expect(judgeTerminalRelease(turn({ requests: [create] }))?.clauseId).toBe('ACP-TERM-RELEASE');
  });
});
