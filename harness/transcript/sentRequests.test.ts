import { describe, expect, it } from 'vitest';
import { sampleBinding } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { transcriptLineOf } from '../verify/__test-helpers__/transcriptLines.js';
import { SentRequests } from './sentRequests.js';

function requestOf(line: string): string {
  return (JSON.parse(line) as { requestText: string }).requestText;
}

describe('SentRequests', () => {
  it('keeps the request and 1-based line of the calls asked for, counting every line it sees', () => {
    const wanted = transcriptLineOf({ binding: sampleBinding('op-a'), answer: null, startedAt: 20, endedAt: 21 });
    const lines = [transcriptLineOf({ binding: sampleBinding('op-b'), answer: null, startedAt: 10, endedAt: 11 }), 'not a transcript line', wanted];
    const sent = new SentRequests(['call-20', 'call-99']);
    for (const line of lines) sent.add(Buffer.from(`${line}\n`));
    expect(sent.get('call-20')).toEqual({ text: requestOf(wanted), line: 3 });
    expect(sent.get('call-10')).toBeUndefined();
    expect(sent.get('call-99')).toBeUndefined();
  });

  it("never takes a call id quoted inside another call's output for that call's line", () => {
    // The other call's stdout names the wanted call's id: inside a JSON string its quotes are escaped.
    const decoy = transcriptLineOf({ binding: sampleBinding('op-d'), answer: '{"callId":"call-20"}', startedAt: 5, endedAt: 6 });
    const sent = new SentRequests(['call-20']);
    sent.add(Buffer.from(decoy));
    expect(sent.get('call-20')).toBeUndefined();
  });

  it('reads a line without its newline, and skips a line that names a call but is no transcript line', () => {
    const sent = new SentRequests(['call-20', 'call-7']);
    sent.add(Buffer.from('{"callId":"call-7","broken":'));
    const line = transcriptLineOf({ binding: sampleBinding('op-a'), answer: null, startedAt: 20, endedAt: 21 });
    sent.add(Buffer.from(line));
    expect(sent.get('call-7')).toBeUndefined();
    expect(sent.get('call-20')).toEqual({ text: requestOf(line), line: 2 });
  });
});
