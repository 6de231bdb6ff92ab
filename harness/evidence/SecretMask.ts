import { passedVariableNames } from '../transport/containment/environment.js';

/** Names of environment variables whose values are treated as secrets. */
const SECRET_NAME = /(TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|PRIVATE|CREDENTIAL|AUTH)/i;

/** Shorter values are too likely to occur by chance (and mask innocent text) to be worth hiding. */
const MIN_SECRET_LENGTH = 6;

/** A variable passed to the adapter by name (`--pass-env`) is hidden whatever its name, from this length on. */
export const MIN_PASSED_LENGTH = 8;

/** Which ends of a text were cut off (a secret may straddle a cut). */
export interface TextCuts {
  /** Text before the start was dropped. */
  readonly start: boolean;
  /** Text after the end was dropped. */
  readonly end: boolean;
}

interface Secret {
  readonly name: string;
  /** The value and, when different, its JSON-escaped form (how it appears inside a JSON string). */
  readonly forms: readonly string[];
}

/**
 * Hides the values of secret-looking environment variables in text that leaves
 * the process (transcript, report files, step summary, terminal summary). An
 * adapter inherits the environment and may echo it, so every piece of adapter
 * output is masked at the point where it is written, by this one class.
 * A masked value is replaced by `[masked: NAME]`.
 */
export class SecretMask {
  readonly #secrets: readonly Secret[];

  /**
   * @param environment - variable names and values; names matching
   *   `/(TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|PRIVATE|CREDENTIAL|AUTH)/i` with values of at least 6 characters are secrets
   * @param passedNames - variables given to the adapter by name (`--pass-env`): secrets too, with values of at least 8 characters. @defaultValue none
   */
  constructor(environment: Readonly<Record<string, string | undefined>>, passedNames: readonly string[] = []) {
    const secrets: Secret[] = [];
    for (const [name, value] of Object.entries(environment)) {
      if (value === undefined || !isSecret(name, value, passedNames)) continue;
      const escaped = JSON.stringify(value).slice(1, -1);
      secrets.push({ name, forms: escaped === value ? [value] : [value, escaped] });
    }
    // Longest first, so a secret containing another is hidden whole.
    secrets.sort((a, b) => Math.max(...b.forms.map((form) => form.length)) - Math.max(...a.forms.map((form) => form.length)));
    this.#secrets = secrets;
  }

  /** A mask over the current process's environment and the run's `--pass-env` names. */
  static fromProcess(): SecretMask {
    return new SecretMask(process.env, passedVariableNames());
  }

  /** Names of the variables this mask hides, sorted. */
  get names(): readonly string[] {
    return this.#secrets.map((secret) => secret.name).sort();
  }

  /**
   * The text with every secret value replaced by `[masked: NAME]`.
   * @param text - any text, possibly adapter output
   */
  mask(text: string): string {
    let masked = text;
    for (const secret of this.#secrets) {
      for (const form of secret.forms) {
        if (masked.includes(form)) masked = masked.split(form).join(`[masked: ${secret.name}]`);
      }
    }
    return masked;
  }

  /**
   * {@link mask}, and at each end of `text` that was cut, any part of a secret left
   * there by the cut (a prefix at the end, a suffix at the start) is masked too, so
   * no cut can split a secret into an unmasked piece.
   * @param text - a cut piece of adapter output.
   * @param cuts - which ends were cut.
   */
  maskCut(text: string, cuts: TextCuts): string {
    let masked = this.mask(text);
    if (!cuts.start && !cuts.end) return masked;
    for (const secret of this.#secrets) {
      for (const form of secret.forms) {
        const replacement = `[masked: ${secret.name}]`;
        if (cuts.end) {
          const overlap = longestEndOverlap(masked, form);
          if (overlap > 0) masked = masked.slice(0, masked.length - overlap) + replacement;
        }
        if (cuts.start) {
          const overlap = longestStartOverlap(masked, form);
          if (overlap > 0) masked = replacement + masked.slice(overlap);
        }
      }
    }
    return masked;
  }

  /**
   * Names of the variables masked in turning `original` into `masked` (by {@link mask} or {@link maskCut}).
   * @param original - the text before masking.
   * @param masked - the same text masked.
   */
  maskedNames(original: string, masked: string): readonly string[] {
    if (original === masked) return [];
    return this.#secrets.filter((secret) => masked.includes(`[masked: ${secret.name}]`) && !original.includes(`[masked: ${secret.name}]`)).map((secret) => secret.name);
  }

  /**
   * Names of the variables whose values occur in `text`.
   * @param text - any text
   */
  found(text: string): readonly string[] {
    return this.#secrets.filter((secret) => secret.forms.some((form) => text.includes(form))).map((secret) => secret.name);
  }

  /**
   * A copy of a JSON-like value with every string (keys included) masked; other values are kept.
   * @param value - plain data (objects, arrays, strings, numbers, booleans, null)
   */
  maskDeep<T>(value: T): T {
    if (this.#secrets.length === 0) return value;
    return this.#deep(value) as T;
  }

  #deep(value: unknown): unknown {
    if (typeof value === 'string') return this.mask(value);
    if (Array.isArray(value)) return value.map((item) => this.#deep(item));
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [this.mask(key), this.#deep(item)]));
    }
    return value;
  }
}

function isSecret(name: string, value: string, passedNames: readonly string[]): boolean {
  if (passedNames.includes(name) && value.length >= MIN_PASSED_LENGTH) return true;
  return value.length >= MIN_SECRET_LENGTH && SECRET_NAME.test(name);
}

/** Length of the longest proper prefix of `form` that `text` ends with. */
function longestEndOverlap(text: string, form: string): number {
  for (let length = Math.min(form.length - 1, text.length); length > 0; length -= 1) {
    if (text.endsWith(form.slice(0, length))) return length;
  }
  return 0;
}

/** Length of the longest proper suffix of `form` that `text` starts with. */
function longestStartOverlap(text: string, form: string): number {
  for (let length = Math.min(form.length - 1, text.length); length > 0; length -= 1) {
    if (text.startsWith(form.slice(form.length - length))) return length;
  }
  return 0;
}
