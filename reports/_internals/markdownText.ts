import { escapeControls } from './escapeControls.js';

const HTML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * Escapes text for a Markdown paragraph or table cell: one line, no markup, no raw HTML.
 * @param value - any text, possibly adapter output
 * @internal
 */
export function markdownText(value: string): string {
  return escapeControls(value)
    .replace(/\r?\n/g, ' ')
    .replace(/[\\`*_[\]|~#!]/g, (char) => `\\${char}`)
    .replace(/[&<>]/g, (char) => HTML_ENTITIES[char] ?? char);
}
