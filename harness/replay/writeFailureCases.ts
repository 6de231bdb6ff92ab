import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../reports/writeFileAtomic.js';
import { EXCERPT_CHARS } from '../suite/callExcerpt.js';
import { readLines } from '../verify/_internals/readLines.js';
import { MAX_TRANSCRIPT_LINE_BYTES } from '../verify/verifyTranscript.js';
import { failureCaseFile, FAILURES_DIR } from './failureCaseFile.js';
import type { StoredCall, StoredFailureCase } from './types.js';

interface Wanted {
  readonly call: StoredCall;
  /** The report's excerpt of the request: the text itself, or its first characters and how many were cut. */
  readonly prefix: string;
  readonly length: number;
  /** The full text, once a line matched. */
  text: string | null;
  /** Every transcript line of the test whose request matched, in file order. */
  readonly lines: number[];
}

const CUT_PATTERN = /… \(([0-9]+) more characters\)$/;

/**
 * Writes `failures/<clause>.json` for every case (replacing the folder of an
 * earlier run), with each call's full request text taken from the run's
 * transcript: the last line of the case's test whose request matches the
 * report's excerpt (operation IDs are unique per run, so it is the case's own call).
 *
 * @param cases - from `buildFailureCases`
 * @param outDir - the report directory (holding `transcript.jsonl`)
 * @returns the files written
 * @public
 */
export async function writeFailureCases(cases: readonly StoredFailureCase[], outDir: string): Promise<string[]> {
  const dir = join(outDir, FAILURES_DIR);
  await rm(dir, { recursive: true, force: true });
  if (cases.length === 0) return [];

  const wanted = new Map<string, Wanted[]>();
  for (const stored of cases) {
    const list = wanted.get(stored.testName) ?? [];
    for (const call of stored.calls) list.push(wantedCall(call));
    wanted.set(stored.testName, list);
  }
  await findRequests(join(outDir, 'transcript.jsonl'), wanted);

  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  const found = [...wanted.values()].flat();
  for (const stored of cases) {
    // Latest matches first (the shrunk case runs last); equal requests (repeated observes) get distinct lines.
    const used = new Set<number>();
    const calls = stored.calls
      .map((call) => [call, found.find((entry) => entry.call === call)] as const)
      .reverse()
      .map(([call, entry]) => {
        const line = entry?.lines.findLast((candidate) => !used.has(candidate));
        if (entry === undefined || entry.text === null || line === undefined) return call;
        used.add(line);
        return { ...call, requestText: entry.text, requestComplete: true, transcriptLine: line };
      })
      .reverse();
    const file = join(dir, failureCaseFile(stored.clauseId));
    await writeFileAtomic(file, `${JSON.stringify({ ...stored, calls }, null, 2)}\n`);
    files.push(file);
  }
  return files;
}

function wantedCall(call: StoredCall): Wanted {
  const excerpt = call.requestText;
  const cut = call.requestComplete ? null : CUT_PATTERN.exec(excerpt);
  return cut === null
    ? { call, prefix: excerpt, length: excerpt.length, text: null, lines: [] }
    : { call, prefix: excerpt.slice(0, EXCERPT_CHARS), length: EXCERPT_CHARS + Number(cut[1]), text: null, lines: [] };
}

async function findRequests(transcript: string, wanted: ReadonlyMap<string, Wanted[]>): Promise<void> {
  try {
    for await (const { text, line } of readLines(transcript, MAX_TRANSCRIPT_LINE_BYTES)) {
      let parsed: { test?: unknown; requestText?: unknown };
      try {
        parsed = JSON.parse(text) as typeof parsed;
      } catch {
        continue;
      }
      const list = typeof parsed.test === 'string' ? wanted.get(parsed.test) : undefined;
      const requestText = parsed.requestText;
      if (list === undefined || typeof requestText !== 'string') continue;
      for (const entry of list) {
        if (requestText.length !== entry.length || !requestText.startsWith(entry.prefix)) continue;
        entry.text ??= requestText;
        entry.lines.push(line);
      }
    }
  } catch {
    // Without a transcript the case keeps its excerpts; replay needs only the seed and path.
  }
}
