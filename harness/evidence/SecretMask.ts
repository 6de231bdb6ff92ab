/** Names of environment variables whose values are treated as secrets. */
const SECRET_NAME = /(TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|PRIVATE|CREDENTIAL|AUTH)/i;

/** Shorter values are too likely to occur by chance (and mask innocent text) to be worth hiding. */
const MIN_SECRET_LENGTH = 6;

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
   */
  constructor(environment: Readonly<Record<string, string | undefined>>) {
    const secrets: Secret[] = [];
    for (const [name, value] of Object.entries(environment)) {
      if (value === undefined || value.length < MIN_SECRET_LENGTH || !SECRET_NAME.test(name)) continue;
      const escaped = JSON.stringify(value).slice(1, -1);
      secrets.push({ name, forms: escaped === value ? [value] : [value, escaped] });
    }
    // Longest first, so a secret containing another is hidden whole.
    secrets.sort((a, b) => Math.max(...b.forms.map((form) => form.length)) - Math.max(...a.forms.map((form) => form.length)));
    this.#secrets = secrets;
  }

  /** A mask over the current process's environment (which every adapter call inherits). */
  static fromProcess(): SecretMask {
    return new SecretMask(process.env);
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
