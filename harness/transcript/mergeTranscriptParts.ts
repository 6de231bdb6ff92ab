import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Merges the workers' transcript parts into one `transcript.jsonl`, ordered by
 * call start (ties keep worker order), written atomically. Returns the number
 * of lines.
 */
export async function mergeTranscriptParts(workDir: string, destination: string): Promise<number> {
  const partsDir = join(workDir, 'transcript');
  const names = (await readdir(partsDir).catch(() => [] as string[])).filter((name) => name.endsWith('.jsonl')).sort();
  const lines: { startedAt: number; text: string }[] = [];
  for (const name of names) {
    const content = await readFile(join(partsDir, name), 'utf8');
    for (const text of content.split('\n')) {
      if (text === '') continue;
      lines.push({ startedAt: (JSON.parse(text) as { startedAt: number }).startedAt, text });
    }
  }
  lines.sort((a, b) => a.startedAt - b.startedAt);
  const temporary = `${destination}.${process.pid}.tmp`;
  await writeFile(temporary, lines.map((line) => `${line.text}\n`).join(''));
  await rename(temporary, destination);
  return lines.length;
}
