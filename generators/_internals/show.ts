/** Longest rendition of a value in a case description. */
const MAX_SHOWN = 60;

/**
 * A short JSON rendition of a value for case descriptions.
 * @internal
 */
export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= MAX_SHOWN ? text : `${text.slice(0, MAX_SHOWN)}… (${text.length} characters)`;
}
