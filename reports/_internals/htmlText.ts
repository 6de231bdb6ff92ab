import { capText } from './capText.js';
import { escapeControls } from './escapeControls.js';

const HTML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * The Content-Security-Policy of every page the suite writes: no script, no
 * external resource, so a page renders the same offline and makes no request
 * even if escaping were ever wrong.
 * @internal Shared by the acceptance and self-check pages.
 */
export const HTML_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; script-src 'none'; form-action 'none'; base-uri 'none'";

/**
 * Text for HTML element content or a quoted attribute: capped at `max`
 * characters, control characters and lone surrogates made visible, markup escaped.
 * @internal Shared by the acceptance and self-check pages.
 */
export function escapeHtml(text: string, max: number): string {
  return escapeControls(capText(text, max)).replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);
}
