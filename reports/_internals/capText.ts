/**
 * Cuts text to at most `max` UTF-16 code units (never inside a surrogate
 * pair), saying how much was left out. Adapter text can be megabytes; a
 * report shows an excerpt and the transcript keeps the rest.
 * @param text - any text
 * @param max - the most code units kept
 * @internal
 */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  if (/[\uD800-\uDBFF]/.test(text[end - 1] ?? '')) end -= 1;
  return `${text.slice(0, end)}… (${text.length - end} more characters not shown)`;
}
