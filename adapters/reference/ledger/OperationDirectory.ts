import { createHash, randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Binding } from '../../../harness/protocol/types.js';
import { fsyncDirectory } from './fsyncDirectory.js';
import type { AdmissionRecord, TerminalRecord } from './OperationView.js';
import { publishRecord } from './publishRecord.js';
import { readRecord } from './readRecord.js';

const ADMISSION = 'admission.json';
const TERMINAL = 'terminal.json';
const OBSERVES = 'observes';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function recogniseAdmission(value: unknown): AdmissionRecord | undefined {
  if (!isObject(value) || !isObject(value.binding) || typeof value.admissionId !== 'string') return undefined;
  const { operationId, authorityId, requestDigest } = value.binding;
  if (typeof operationId !== 'string' || typeof authorityId !== 'string' || typeof requestDigest !== 'string') return undefined;
  return value as unknown as AdmissionRecord;
}

function recogniseTerminal(value: unknown): TerminalRecord | undefined {
  if (!isObject(value) || typeof value.revision !== 'number' || !isObject(value.result)) return undefined;
  return value as unknown as TerminalRecord;
}

/**
 * The records of one operation key (authorityId + operationId), in a directory
 * named by their hash. Every record is immutable once published.
 */
export class OperationDirectory {
  /** Absolute path of the directory. */
  readonly path: string;

  private constructor(path: string) {
    this.path = path;
  }

  /**
   * The directory for a binding's key; nothing is created.
   * @param root - the ledger root
   * @param binding - only operationId and authorityId are used: the digest is what the key binds to
   */
  static of(root: string, binding: Binding): OperationDirectory {
    // Identities cannot contain NUL, so the joined key is unambiguous.
    const key = createHash('sha256').update(`${binding.authorityId}\0${binding.operationId}`).digest('hex');
    return new OperationDirectory(join(root, 'operations', key));
  }

  /** Creates the directory (and the ledger root) durably; a no-op when it exists. */
  create(): void {
    const parent = dirname(this.path);
    mkdirSync(this.path, { recursive: true });
    fsyncDirectory(parent);
  }

  /** The admission record, or undefined when the key was never admitted. */
  readAdmission(): AdmissionRecord | undefined {
    return readRecord(join(this.path, ADMISSION), recogniseAdmission);
  }

  /** The terminal record, or undefined when the operation has not settled. */
  readTerminal(): TerminalRecord | undefined {
    return readRecord(join(this.path, TERMINAL), recogniseTerminal);
  }

  /** Publishes the admission; returns false when another process already had. */
  publishAdmission(record: AdmissionRecord): boolean {
    return publishRecord(this.path, ADMISSION, record);
  }

  /** Publishes the terminal record; returns false when another process already had. */
  publishTerminal(record: TerminalRecord): boolean {
    return publishRecord(this.path, TERMINAL, record);
  }

  /** Records one observe as its own immutable, exclusively created mark file. */
  markObserve(): void {
    const dir = join(this.path, OBSERVES);
    mkdirSync(dir, { recursive: true });
    closeSync(openSync(join(dir, randomUUID()), 'wx'));
  }

  /** How many observes have been marked. */
  observeCount(): number {
    try {
      return readdirSync(join(this.path, OBSERVES)).length;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
  }
}
