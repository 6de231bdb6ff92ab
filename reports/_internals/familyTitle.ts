import type { ClauseFamily } from '../../harness/clauses.js';

const titles = {
  CFG: 'Configuration: what the host accepts before starting anything',
  WIRE: 'Transport: how the host runs the adapter (checked on this suite\u2019s own transport)',
  REQ: 'Requests: malformed or out-of-bounds requests are refused and admit nothing',
  OUT: 'Outcomes: what the adapter prints is well-formed',
  SEM: 'Semantics: the ledger behaves consistently over time',
  SDK: 'SDK seam: the JavaScript transport interface',
  MAN: 'Manifest: the adapter manifest file',
  CAT: 'Catalog: the saved tool catalog',
  TRN: 'Tool transport: how tools answer',
  HOOK: 'Hooks: the Python runtime module',
  ACC: 'Acceptance coverage: the coverage file is honest',
} as const satisfies Record<ClauseFamily, string>;

/**
 * A clause family in plain words, for section headings.
 * @param family - the family (the clause ID prefix)
 * @internal
 */
export function familyTitle(family: ClauseFamily): string {
  return titles[family];
}
