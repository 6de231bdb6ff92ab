import { canonicalJson } from '../../harness/protocol/canonicalJson.js';
import type { AdapterBehavior } from './AdapterBehavior.js';
import { emitOutcome } from './emitOutcome.js';
import { observeOperation } from './ledger/observeOperation.js';
import { submitOperation } from './ledger/submitOperation.js';
import { parseRequest } from './parseRequest.js';
import { referenceLimits } from './referenceLimits.js';
import { renderOutcome } from './renderOutcome.js';
import { requestChecks } from './requestChecks.js';
import { isDigest, isIdentity } from './wireFormats.js';

/** The correct adapter, as named parts. Mutants copy it and replace one part. */
export const referenceBehavior: AdapterBehavior = Object.freeze({
  limits: referenceLimits,
  parseRequest,
  checks: requestChecks,
  isIdentity,
  isDigest,
  isAdmissibleNumber: Number.isFinite,
  keyBytes: (key: string) => Buffer.byteLength(key, 'utf8'),
  canonical: canonicalJson,
  ledger: Object.freeze({ submit: submitOperation, observe: observeOperation }),
  render: renderOutcome,
  emit: emitOutcome,
});
