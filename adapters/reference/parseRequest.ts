import { Refusal } from './Refusal.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes stdin as strict UTF-8 and parses it as JSON. Only syntax is checked
 * here; `1e400` parses to Infinity and is refused later by the bounds check.
 *
 * @param bytes - the whole request as read from stdin
 * @throws Refusal on invalid UTF-8 or invalid JSON
 */
export function parseRequest(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new Refusal('request is not valid UTF-8');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Refusal(`request is not JSON (${(error as Error).message})`);
  }
}
