/**
 * Public entry of adapter-qualify as a library: the typed protocol core (pure
 * functions, no I/O) for `algal.coding-operation.v1`.
 */
export type { ClauseDefinition, ClauseFamily, ClauseId, ClauseLevel, ClauseObligation, CodingOperationClauseId, AdapterManifestClauseId, ProfileId } from './clauses.js';
export { adapterManifestClauses, clause, codingOperationClauses, isClauseId, profileClauses } from './clauses.js';
export type { Violation } from './violation.js';
export { violation } from './violation.js';

export type { JsonObject, JsonValue } from './protocol/canonicalJson.js';
export { canonicalJson, canonicalKeyOrder, isArrayIndexKey } from './protocol/canonicalJson.js';
export type { Digest } from './protocol/digest.js';
export { DIGEST_PATTERN, digestCanonical, digestText, isDigest, sha256Hex } from './protocol/digest.js';
export { IDENTITY_MAX_LENGTH, IDENTITY_PATTERN, isIdentity } from './protocol/types.js';
export { limits } from './protocol/types.js';
export type {
  AcceptedOutcome,
  Action,
  AdmissionOutcome,
  Binding,
  CodingOperationRequest,
  ObserveRequest,
  Outcome,
  OutcomeState,
  SubmitRequest,
  TerminalOutcome,
  TerminalOutcomeKind,
  TerminalResult,
  UnknownOutcome,
  UnknownReason,
} from './protocol/types.js';
export { ACTIONS, OUTCOME_CONTRACT, OUTCOME_STATES, REQUEST_CONTRACT, SETTLEMENT, TERMINAL_OUTCOMES, UNKNOWN_REASONS } from './protocol/types.js';

export type { BindingInput } from './protocol/requests.js';
export { bindingFor } from './protocol/requests.js';
export { submitRequest } from './protocol/requests.js';
export { observeRequest } from './protocol/requests.js';
export { requestText } from './protocol/requests.js';

export type { PayloadMeasure } from './protocol/measurePayload.js';
export { measurePayload } from './protocol/measurePayload.js';
export type { RequestValidationContext } from './protocol/validateRequest.js';
export { validateRequest } from './protocol/validateRequest.js';
export { validateRequestText } from './protocol/validateRequest.js';
export { RequestTextParseError } from './protocol/validateRequest.js';

export type { OutcomeExpectation, ParsedOutcome } from './protocol/parseOutcome.js';
export { parseOutcome } from './protocol/parseOutcome.js';
export type { CallRecord, TransportUncertainty } from './transport/callRecord.js';
export { TRANSPORT_UNCERTAINTIES } from './transport/callRecord.js';
export type { OperationCall, OperationTransport, TransportKind, TransportResult } from './transport/OperationTransport.js';
export { CommandTransport } from './transport/runAdapterCall.js';
export type { LoadedSdk, SdkCallArgument, SdkModuleLoader, SdkSurface } from './transport/SdkTransport.js';
export { SdkTransport } from './transport/SdkTransport.js';
export { TransportMismatchError } from './transport/OperationTransport.js';
export type { CallEvidence, UncertaintyReason } from './judge/callEvidence.js';
export { classifyCall } from './judge/callEvidence.js';
export type { AdmissionReading } from './judge/callEvidence.js';
export { admissionState } from './judge/callEvidence.js';

export type { HistoryEntry } from './history/HistoryChecker.js';
export { HistoryChecker } from './history/HistoryChecker.js';
export { checkHistory } from './history/checkHistory.js';
export { checkHistories } from './history/checkHistory.js';
export { HistoryInputError } from './history/HistoryChecker.js';
