import type { ClauseId } from './clauses.js';

const LEDGER_ATTACKS =
  'not exercised yet: concurrency, crash, pause and restart attacks come with the ledger-attack suite of a later release';

/**
 * Clauses this version of the suite does not check yet, with the honest SKIP
 * reason the report prints. A clause leaves this list when its suite lands.
 */
export const deferredClauses: Readonly<Partial<Record<ClauseId, string>>> = {
  'SEM-CONCURRENT-SUBMIT': LEDGER_ATTACKS,
  'SEM-CONCURRENT-REBIND': LEDGER_ATTACKS,
  'SEM-CRASH-CONSISTENT': LEDGER_ATTACKS,
  'SEM-UNCERTAIN-RECOVERY': LEDGER_ATTACKS,
  'SEM-DURABLE-RESTART': `${LEDGER_ATTACKS}; it also needs a declared restart step (--lifecycle)`,
  'SEM-LOCAL-SETTLEMENT': `${LEDGER_ATTACKS} (process accounting through the ADAPTER_QUALIFY_CALL marker)`,
  'SDK-SHAPE': 'applies to SDK transports (run --sdk), which this version does not qualify yet',
  'SDK-NO-MUTATION': 'applies to SDK transports (run --sdk), which this version does not qualify yet',
  'SDK-OBSERVE-NO-PAYLOAD': 'applies to SDK transports (run --sdk), which this version does not qualify yet',
  'SDK-CANCEL': 'applies to SDK transports (run --sdk), which this version does not qualify yet',
};
