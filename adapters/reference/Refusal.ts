/**
 * The adapter refuses a request: it exits 2 with the message as one stderr
 * line and prints nothing on stdout, so nothing it refused can look admitted.
 */
export class Refusal extends Error {
  override readonly name = 'Refusal' as const;

  /** @param reason - one line naming what was wrong with the request */
  constructor(reason: string) {
    super(reason);
  }
}
