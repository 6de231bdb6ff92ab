/**
 * The single registry of clause IDs for both profiles. Suites, fixtures,
 * mutants and reports refer to clauses only by these IDs; the normative text
 * lives in the specifications each family names and is not repeated here beyond one line.
 */

/** How binding a clause can be. SHOULD clauses never change the exit code unless `--strict-should`. */
export const CLAUSE_LEVELS = ['MUST', 'SHOULD'] as const;

/** One of {@link CLAUSE_LEVELS}. */
export type ClauseLevel = (typeof CLAUSE_LEVELS)[number];

/** Who can owe a clause: the adapter under test, or the host (the suite itself). */
export const CLAUSE_OBLIGATIONS = ['adapter', 'host'] as const;

/** One of {@link CLAUSE_OBLIGATIONS}. */
export type ClauseObligation = (typeof CLAUSE_OBLIGATIONS)[number];

/** The profile identifiers, as they appear in `acceptance.json`. */
export const PROFILE_IDS = ['coding-operation.v1', 'adapter-manifest.v1'] as const;

/** One of {@link PROFILE_IDS}. */
export type ProfileId = (typeof PROFILE_IDS)[number];

const CODING_OPERATION_SPEC = 'docs/protocol.md';
const MANIFEST_SPEC = 'docs/adapter-manifest.md';

interface CatalogFamily {
  readonly spec: string;
  readonly section: string;
  readonly obligation: ClauseObligation;
  readonly clauses: Readonly<Record<string, { readonly level: ClauseLevel; readonly summary: string; readonly obligation?: ClauseObligation }>>;
}

const codingOperationCatalog = {
  CFG: {
    spec: CODING_OPERATION_SPEC,
    section: '§2',
    obligation: 'host',
    clauses: {
      'CFG-CLOSED': { level: 'MUST', summary: 'configuration has exactly protocol, authorityId, executable, argvPrefix' },
      'CFG-PROTOCOL': { level: 'MUST', summary: 'protocol is algal.coding-operation.v1' },
      'CFG-AUTHORITY': { level: 'MUST', summary: 'authorityId is an identity' },
      'CFG-EXECUTABLE': { level: 'MUST', summary: 'executable is a nonempty absolute path within bounds, without NUL, CR or LF' },
      'CFG-ARGV': { level: 'MUST', summary: 'at most 31 argv items, each within bounds and without NUL' },
      'CFG-ARGV-TOTAL': { level: 'MUST', summary: 'executable plus argv bytes at most 16,384' },
    },
  },
  WIRE: {
    spec: CODING_OPERATION_SPEC,
    section: '§3',
    obligation: 'host',
    clauses: {
      'WIRE-ARGV': { level: 'MUST', summary: 'process is exactly [executable, ...argvPrefix, action], no shell' },
      'WIRE-STDIN': { level: 'MUST', summary: 'one canonical JSON request on stdin, then stdin closed' },
      'WIRE-DEADLINE': { level: 'MUST', summary: 'deadline expiry ends the call as uncertain' },
      'WIRE-STDOUT-CAP': { level: 'MUST', summary: 'stdout capped at the output bound before parsing; overflow is uncertain' },
      'WIRE-STDERR-CAP': { level: 'MUST', summary: 'stderr capped at 65,536 bytes and never used as a result' },
      'WIRE-STDERR-BOUND': { level: 'MUST', summary: 'a call that exits 0 writes at most 65,536 bytes to stderr', obligation: 'adapter' },
      'WIRE-DRAIN': { level: 'MUST', summary: 'both streams drained while stdin and exit settle' },
      'WIRE-PREABORT': { level: 'MUST', summary: 'a request aborted before dispatch starts no process' },
      'WIRE-UNCERTAIN': { level: 'MUST', summary: 'timeout, cancellation, bad output, stream failure or nonzero exit are uncertain, never retried' },
    },
  },
  REQ: {
    spec: CODING_OPERATION_SPEC,
    section: '§4',
    obligation: 'adapter',
    clauses: {
      'REQ-ACTION-ARGV': { level: 'MUST', summary: 'refuse when the argv action differs from the JSON action' },
      'REQ-CONTRACT': { level: 'MUST', summary: 'refuse any other contract value' },
      'REQ-ACTION-VALUE': { level: 'MUST', summary: 'refuse an action other than submit/observe' },
      'REQ-CLOSED': { level: 'MUST', summary: 'refuse unknown top-level fields' },
      'REQ-REQUIRED': { level: 'MUST', summary: 'refuse a request missing any required field' },
      'REQ-BINDING-CLOSED': { level: 'MUST', summary: 'refuse a binding with a missing or extra field' },
      'REQ-IDENTITY': { level: 'MUST', summary: 'refuse an operationId/authorityId that is not an identity' },
      'REQ-DIGEST-FORMAT': { level: 'MUST', summary: 'refuse a requestDigest that is not a digest' },
      'REQ-SUBMIT-PAYLOAD': { level: 'MUST', summary: 'refuse submit without payload' },
      'REQ-OBSERVE-NO-PAYLOAD': { level: 'MUST', summary: 'refuse observe carrying payload' },
      'REQ-PAYLOAD-DIGEST': { level: 'MUST', summary: 'refuse submit whose payload digest differs from requestDigest' },
      'REQ-BOUND-DEPTH': { level: 'MUST', summary: 'refuse payload depth over 16' },
      'REQ-BOUND-VALUES': { level: 'MUST', summary: 'refuse more than 16,384 visited values' },
      'REQ-BOUND-ARRAY': { level: 'MUST', summary: 'refuse an array of more than 256 entries' },
      'REQ-BOUND-OBJECT': { level: 'MUST', summary: 'refuse an object of more than 64 entries' },
      'REQ-BOUND-KEY': { level: 'MUST', summary: 'refuse an object key over 256 UTF-8 bytes' },
      'REQ-BOUND-FINITE': { level: 'MUST', summary: 'refuse non-finite numbers' },
      'REQ-BOUND-BYTES': { level: 'MUST', summary: 'refuse aggregate string+key bytes or canonical payload bytes over 1,048,576' },
      'REQ-BOUND-REQUEST': { level: 'MUST', summary: 'refuse a canonical request over 1,048,576 bytes' },
      'REQ-BOUNDARY-ACCEPT': { level: 'SHOULD', summary: 'admit requests sitting exactly on every bound' },
      'REQ-AUTHORITY': { level: 'SHOULD', summary: 'refuse a binding for another authority' },
    },
  },
  OUT: {
    spec: CODING_OPERATION_SPEC,
    section: '§5',
    obligation: 'adapter',
    clauses: {
      'OUT-JSON': { level: 'MUST', summary: 'stdout holds exactly one JSON object' },
      'OUT-UNIQUE-KEYS': { level: 'SHOULD', summary: 'no object in the outcome repeats a key' },
      'OUT-EXIT': { level: 'MUST', summary: 'a valid outcome comes with exit code 0' },
      'OUT-CONTRACT': { level: 'MUST', summary: 'contract is algal.coding-operation.v1' },
      'OUT-BINDING': { level: 'MUST', summary: 'binding fields equal the request binding exactly' },
      'OUT-STATE': { level: 'MUST', summary: 'state is unknown, accepted or terminal' },
      'OUT-CLOSED': { level: 'MUST', summary: 'exactly the common fields plus the state fields' },
      'OUT-REVISION': { level: 'MUST', summary: 'revision is an integer within the state bounds' },
      'OUT-UNKNOWN-REASON': { level: 'MUST', summary: 'reason is missing, expired, unavailable or unresolved' },
      'OUT-ACCEPTANCE-REF': { level: 'MUST', summary: 'acceptanceRef is a digest' },
      'OUT-TERMINAL-OUTCOME': { level: 'MUST', summary: 'outcome is completed, failed or cancelled' },
      'OUT-TERMINAL-SETTLEMENT': { level: 'MUST', summary: 'settlement is all-admitted-work-settled' },
      'OUT-RESULT-CLOSED': { level: 'MUST', summary: 'result has exactly text, digest, length' },
      'OUT-RESULT-INTEGRITY': { level: 'MUST', summary: 'result digest and UTF-8 length match the text' },
      'OUT-SIZE': { level: 'MUST', summary: 'the canonical outcome fits the output bound' },
      'OUT-PROOF-SIZE': { level: 'MUST', summary: 'the outcome without result.text is at most 4,096 canonical bytes' },
    },
  },
  SEM: {
    spec: CODING_OPERATION_SPEC,
    section: '§6',
    obligation: 'adapter',
    clauses: {
      'SEM-OBSERVE-FRESH': { level: 'MUST', summary: 'observing a never-submitted binding returns unknown' },
      'SEM-OBSERVE-READONLY': { level: 'MUST', summary: 'observe never admits, retries, resumes or cancels' },
      'SEM-SUBMIT-ADMITS': { level: 'MUST', summary: 'a valid submit returns accepted or terminal' },
      'SEM-SUBMIT-IDEMPOTENT': { level: 'MUST', summary: 'a repeated submit keeps the first acceptanceRef' },
      'SEM-REBIND-REFUSED': { level: 'MUST', summary: 'a submit reusing the key with another digest is refused' },
      'SEM-REVISION-MONOTONIC': { level: 'MUST', summary: 'revisions never decrease along the history' },
      'SEM-EQUAL-REVISION': { level: 'MUST', summary: 'outcomes with equal revision are canonically identical' },
      'SEM-ACCEPTANCE-STABLE': { level: 'MUST', summary: 'accepted/terminal outcomes keep the first acceptanceRef' },
      'SEM-TERMINAL-IMMUTABLE': { level: 'MUST', summary: 'after terminal evidence, every outcome is the identical terminal envelope' },
      'SEM-TERMINAL-WITHOUT-ACCEPT': { level: 'MUST', summary: 'the checker accepts a first-seen terminal outcome', obligation: 'host' },
      'SEM-DISTINCT-OPERATIONS': { level: 'SHOULD', summary: 'distinct operations get distinct acceptanceRefs' },
      'SEM-CONCURRENT-SUBMIT': { level: 'MUST', summary: 'overlapping submits of one binding produce one admission' },
      'SEM-CONCURRENT-REBIND': { level: 'MUST', summary: 'overlapping rebinding submits admit at most one digest' },
      'SEM-CRASH-CONSISTENT': { level: 'MUST', summary: 'a SIGKILLed submit leaves a consistent ledger' },
      'SEM-UNCERTAIN-RECOVERY': { level: 'MUST', summary: 'after an uncertain submit, observe is consistent with every witness' },
      'SEM-DURABLE-RESTART': { level: 'MUST', summary: 'the declared restart step preserves keys, refs and terminal envelopes' },
      'SEM-LOCAL-SETTLEMENT': { level: 'SHOULD', summary: 'no process of the operation outlives its terminal outcome' },
    },
  },
  SDK: {
    spec: CODING_OPERATION_SPEC,
    section: '§7',
    obligation: 'adapter',
    clauses: {
      'SDK-SHAPE': { level: 'MUST', summary: 'submit and observe exist and return promises' },
      'SDK-NO-MUTATION': { level: 'MUST', summary: 'the admitted request is not mutated' },
      'SDK-OBSERVE-NO-PAYLOAD': { level: 'MUST', summary: 'observe is never given a payload and works without one' },
      'SDK-CANCEL': { level: 'SHOULD', summary: 'an aborted signal settles the promise' },
    },
  },
} as const satisfies Record<string, CatalogFamily>;

const adapterManifestCatalog = {
  MAN: {
    spec: MANIFEST_SPEC,
    section: '§1',
    obligation: 'adapter',
    clauses: {
      'MAN-SCHEMA': { level: 'MUST', summary: 'required manifest fields with the right types, no unknown fields' },
      'MAN-ID': { level: 'MUST', summary: 'id is a lowercase slug and not a Windows reserved name' },
      'MAN-PATHS': { level: 'MUST', summary: 'referenced paths stay inside the root, symlinks resolved' },
      'MAN-FILES': { level: 'MUST', summary: 'referenced files exist and are regular files' },
      'MAN-REGRESSION': { level: 'MUST', summary: 'regression is an argv list starting with a .py file inside the root' },
    },
  },
  CAT: {
    spec: MANIFEST_SPEC,
    section: '§2',
    obligation: 'adapter',
    clauses: {
      'CAT-SCHEMA': { level: 'MUST', summary: 'catalog has schemaVersion, adapter and tools' },
      'CAT-TOOL': { level: 'MUST', summary: 'each tool is unique and fully declared' },
      'CAT-SCHEMAS-VALID': { level: 'MUST', summary: 'every input/output schema compiles' },
      'CAT-REFS': { level: 'MUST', summary: 'output schema $refs resolve inside the root' },
    },
  },
  TRN: {
    spec: MANIFEST_SPEC,
    section: '§3',
    obligation: 'adapter',
    clauses: {
      'TRN-ONE-JSON': { level: 'MUST', summary: 'stdout holds exactly one JSON object' },
      'TRN-OK': { level: 'MUST', summary: 'ok: true if and only if exit code 0' },
      'TRN-OUTPUT-SCHEMA': { level: 'MUST', summary: 'a successful response validates against outputSchema' },
      'TRN-FAILURE-OUTCOME': { level: 'MUST', summary: 'a failed response states its known outcome' },
      'TRN-INPUT-REFUSED': { level: 'SHOULD', summary: 'schema-breaking input is answered not-submitted' },
    },
  },
  HOOK: {
    spec: MANIFEST_SPEC,
    section: '§4',
    obligation: 'adapter',
    clauses: {
      'HOOK-NAMES': { level: 'MUST', summary: 'the runtime module defines only known hook names' },
      'HOOK-IMPORT-PURE': { level: 'MUST', summary: 'importing the runtime module starts no process and writes no file' },
      'HOOK-TOOLS-MATCH': { level: 'MUST', summary: 'tools() equals the saved catalog' },
    },
  },
  ACC: {
    spec: MANIFEST_SPEC,
    section: '§5',
    obligation: 'adapter',
    clauses: {
      'ACC-COVERAGE': { level: 'MUST', summary: 'the coverage file has one valid entry per catalog tool' },
      'ACC-HONEST': { level: 'MUST', summary: 'passed/failed coverage names a tested build; no pass without a native implementation' },
    },
  },
} as const satisfies Record<string, CatalogFamily>;

type ClauseIdsOf<Catalog extends Record<string, CatalogFamily>> = {
  [F in keyof Catalog]: keyof Catalog[F]['clauses'];
}[keyof Catalog] &
  string;

/** A clause ID of the coding-operation profile. */
export type CodingOperationClauseId = ClauseIdsOf<typeof codingOperationCatalog>;
/** A clause ID of the adapter-manifest profile. */
export type AdapterManifestClauseId = ClauseIdsOf<typeof adapterManifestCatalog>;
/** Any clause ID of either profile: misspelled IDs do not compile. */
export type ClauseId = CodingOperationClauseId | AdapterManifestClauseId;

/** A clause family (the ID prefix); each has one suite file. */
export type ClauseFamily = keyof typeof codingOperationCatalog | keyof typeof adapterManifestCatalog;

/** One catalog entry. */
export interface ClauseDefinition {
  readonly id: ClauseId;
  readonly level: ClauseLevel;
  readonly obligation: ClauseObligation;
  readonly family: ClauseFamily;
  /** Spec file and section that state the clause, e.g. `docs/protocol.md §4`. */
  readonly section: string;
  /** One line, for tables and summaries. */
  readonly summary: string;
}

function flatten(catalog: Record<string, CatalogFamily>): readonly ClauseDefinition[] {
  return Object.freeze(
    Object.entries(catalog).flatMap(([family, entry]) =>
      Object.entries(entry.clauses).map(([id, definition]) =>
        Object.freeze({
          id: id as ClauseId,
          level: definition.level,
          obligation: definition.obligation ?? entry.obligation,
          family: family as ClauseFamily,
          section: `${entry.spec} ${entry.section}`,
          summary: definition.summary,
        }),
      ),
    ),
  );
}

/** Clauses of `algal.coding-operation.v1`, in catalog order. */
export const codingOperationClauses: readonly ClauseDefinition[] = flatten(codingOperationCatalog);

/** Clauses of `adapter-manifest.v1`, in catalog order. */
export const adapterManifestClauses: readonly ClauseDefinition[] = flatten(adapterManifestCatalog);

/** Every clause of a profile, in catalog order. */
export const profileClauses: Readonly<Record<ProfileId, readonly ClauseDefinition[]>> = {
  'coding-operation.v1': codingOperationClauses,
  'adapter-manifest.v1': adapterManifestClauses,
};

const byId = new Map<string, ClauseDefinition>([...codingOperationClauses, ...adapterManifestClauses].map((definition) => [definition.id, definition]));

/**
 * Looks a clause up by ID.
 * @param id - the catalog ID, e.g. `REQ-CLOSED`
 */
export function clause(id: ClauseId): ClauseDefinition {
  const found = byId.get(id);
  if (found === undefined) throw new Error(`Unknown clause ID: ${JSON.stringify(id)}`);
  return found;
}

/** Whether `id` names a registered clause (for IDs read from files or the command line). */
export function isClauseId(id: string): id is ClauseId {
  return byId.has(id);
}
