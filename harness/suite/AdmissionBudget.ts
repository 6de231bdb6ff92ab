import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `--max-submits`: a run-wide cap on valid submits, shared by every worker.
 * Each submit claims a numbered slot with an exclusive `mkdir`, so workers in
 * separate processes never overspend without any coordination server.
 */
export class AdmissionBudget {
  readonly #dir: string;
  readonly #max: number | null;
  #nextSlot = 0;

  constructor(workDir: string, max: number | null) {
    this.#dir = join(workDir, 'submit-slots');
    this.#max = max;
    mkdirSync(this.#dir, { recursive: true });
  }

  /** Claims one submit; false when the cap is spent. */
  claim(): boolean {
    if (this.#max === null) return true;
    for (; this.#nextSlot < this.#max; this.#nextSlot++) {
      try {
        mkdirSync(join(this.#dir, String(this.#nextSlot)));
        this.#nextSlot++;
        return true;
      } catch {
        // Slot taken by another worker: try the next one.
      }
    }
    return false;
  }
}
