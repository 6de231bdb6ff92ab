const MAX_SHOWN = 60;

/**
 * Renders a received value and its type for an error message: `"adapter.sh", string`,
 * `32 items, array`, `null, null`. Long strings are cut so a message stays one line.
 * @internal Shared by the configuration and option validators.
 */
export function describeReceived(value: unknown): string {
  return `${shown(value)}, ${typeName(value)}`;
}

// `array` and `null` told apart from `object`.
function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

function shown(value: unknown): string {
  if (typeof value === 'string') return cut(JSON.stringify(value), value.length);
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'bigint') return `${value}n`;
  if (value !== null && typeof value === 'object') return `{${Object.keys(value).length} keys}`;
  return String(value);
}

function cut(text: string, codeUnits: number): string {
  if (text.length <= MAX_SHOWN) return text;
  return `${text.slice(0, MAX_SHOWN - 1)}…" (${codeUnits} code units)`;
}
