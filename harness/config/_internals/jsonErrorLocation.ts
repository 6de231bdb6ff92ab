/** Where JSON text first stops being JSON, counted from 1. */
export interface JsonErrorLocation {
  readonly line: number;
  readonly column: number;
}

// Configuration files are small; past this size only V8's own position is used.
const SCAN_LIMIT = 65_536;

/**
 * Pure: the line and column at which `text` stops being JSON, or null when it
 * parses. V8 names a position for most errors but not all (`Unexpected token
 * '}', "…" is not valid JSON`), so the offset is the shortest prefix that is
 * broken rather than merely unfinished.
 * @internal Shared by the loaders of JSON files.
 */
export function jsonErrorLocation(text: string): JsonErrorLocation | null {
  const offset = errorOffset(text);
  if (offset === null) return null;
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

function errorOffset(text: string): number | null {
  const first = parseError(text);
  if (first === null) return null;
  const stated = /at position (\d+)/.exec(first)?.[1];
  if (stated !== undefined) return Math.min(Number(stated), text.length);
  if (text.length > SCAN_LIMIT) return text.length;
  for (let end = 1; end <= text.length; end += 1) {
    const message = parseError(text.slice(0, end));
    if (message !== null && !unfinished(message, end)) return end - 1;
  }
  return text.length;
}

function parseError(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

// A prefix of good JSON fails only at its very end.
function unfinished(message: string, length: number): boolean {
  if (message.includes('end of JSON input')) return true;
  const stated = /at position (\d+)/.exec(message)?.[1];
  return stated !== undefined && Number(stated) >= length;
}
