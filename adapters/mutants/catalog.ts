import type { Mutant } from './MutantDefinition.js';
import { argvActionIgnored } from './req/argvActionIgnored.js';
import { array257Admitted } from './req/array257Admitted.js';
import { authorityUnchecked } from './req/authorityUnchecked.js';
import { bindingExtraFieldsIgnored } from './req/bindingExtraFieldsIgnored.js';
import { byteBoundsUnchecked } from './req/byteBoundsUnchecked.js';
import { contractAnyString } from './req/contractAnyString.js';
import { depth16Refused } from './req/depth16Refused.js';
import { depth17Admitted } from './req/depth17Admitted.js';
import { digestCaseInsensitive } from './req/digestCaseInsensitive.js';
import { digestRfc8785Order } from './req/digestRfc8785Order.js';
import { envelopeUncounted } from './req/envelopeUncounted.js';
import { extraFieldsIgnored } from './req/extraFieldsIgnored.js';
import { identityUnanchored } from './req/identityUnanchored.js';
import { keyCodeUnits } from './req/keyCodeUnits.js';
import { missingFieldsDefaulted } from './req/missingFieldsDefaulted.js';
import { nonFiniteAsNull } from './req/nonFiniteAsNull.js';
import { object65Admitted } from './req/object65Admitted.js';
import { observePayloadIgnored } from './req/observePayloadIgnored.js';
import { payloadDigestTrusted } from './req/payloadDigestTrusted.js';
import { submitPayloadOptional } from './req/submitPayloadOptional.js';
import { unknownActionFollowsArgv } from './req/unknownActionFollowsArgv.js';
import { valuesRootUncounted } from './req/valuesRootUncounted.js';
import { duplicateKeysBeforeFields } from './out/duplicateKeysBeforeFields.js';
import { logLineBeforeTerminal } from './out/logLineBeforeTerminal.js';
import { operationIdLowercased } from './out/operationIdLowercased.js';
import { outcomeSucceeded } from './out/outcomeSucceeded.js';
import { proofMetadataOversized } from './out/proofMetadataOversized.js';
import { resultFillsOutputBound } from './out/resultFillsOutputBound.js';
import { resultLengthCodeUnits } from './out/resultLengthCodeUnits.js';
import { resultMimeField } from './out/resultMimeField.js';
import { settlementAbbreviated } from './out/settlementAbbreviated.js';
import { terminalDebugField } from './out/terminalDebugField.js';
import { terminalExit3 } from './out/terminalExit3.js';
import { terminalRefUppercase } from './out/terminalRefUppercase.js';
import { terminalRequestContract } from './out/terminalRequestContract.js';
import { terminalRevisionTimestamp } from './out/terminalRevisionTimestamp.js';
import { terminalStateCompleted } from './out/terminalStateCompleted.js';
import { unknownReasonNotFound } from './out/unknownReasonNotFound.js';
import { admissionLinkedBeforeWritten } from './sem/admissionLinkedBeforeWritten.js';
import { admissionTornIn1ms } from './sem/admissionTornIn1ms.js';
import { booleansRefused } from './pitfall/booleansRefused.js';
import { identityDollarNewline } from './pitfall/identityDollarNewline.js';
import { identityUnicodeWord } from './pitfall/identityUnicodeWord.js';
import { keyBytesSkipLoneSurrogates } from './pitfall/keyBytesSkipLoneSurrogates.js';
import { keysByCodePoint } from './pitfall/keysByCodePoint.js';
import { loneSurrogatesRefused } from './pitfall/loneSurrogatesRefused.js';
import { nonAsciiRefused } from './pitfall/nonAsciiRefused.js';
import { numbersPythonRepr } from './pitfall/numbersPythonRepr.js';
import { numericStringsAsNumbers } from './pitfall/numericStringsAsNumbers.js';
import { admissionWrittenInPlace } from './sem/admissionWrittenInPlace.js';
import { checkThenActAdmission } from './sem/checkThenActAdmission.js';
import { detachedWorkerOutlivesTerminal } from './sem/detachedWorkerOutlivesTerminal.js';
import { distinctOperationsShareRef } from './sem/distinctOperationsShareRef.js';
import { ledgerInRuntimeDir } from './sem/ledgerInRuntimeDir.js';
import { observeAdmits } from './sem/observeAdmits.js';
import { observeFreshAccepted } from './sem/observeFreshAccepted.js';
import { observeIgnoresDigest } from './sem/observeIgnoresDigest.js';
import { onlyUnknown } from './sem/onlyUnknown.js';
import { overrunSubmitRollsBack } from './sem/overrunSubmitRollsBack.js';
import { rebindAnswersExisting } from './sem/rebindAnswersExisting.js';
import { rebindCheckThenAct } from './sem/rebindCheckThenAct.js';
import { refChangesAtTerminal } from './sem/refChangesAtTerminal.js';
import { resubmitReadmits } from './sem/resubmitReadmits.js';
import { revisionDropsAtTerminal } from './sem/revisionDropsAtTerminal.js';
import { submitAnswersUnknown } from './sem/submitAnswersUnknown.js';
import { terminalKeepsRevision1 } from './sem/terminalKeepsRevision1.js';
import { terminalTextTimestamped } from './sem/terminalTextTimestamped.js';
import { terminalRewrittenLate, terminalRewrittenLateEnvCleared } from './sem/terminalRewrittenLate.js';
import { unparsableRecordReadmitted } from './sem/unparsableRecordReadmitted.js';
import { stderrLogFlood } from './wire/stderrLogFlood.js';

/**
 * Every mutant, each the reference adapter with one defect, declaring the
 * clauses the suite must FAIL on it (`claims`) and those it may also break
 * (`incidental`). Names are unique; `mutants/main.js <name>` runs one.
 */
export const mutants: readonly Mutant[] = Object.freeze([
  argvActionIgnored,
  array257Admitted,
  authorityUnchecked,
  bindingExtraFieldsIgnored,
  byteBoundsUnchecked,
  contractAnyString,
  depth16Refused,
  depth17Admitted,
  digestCaseInsensitive,
  digestRfc8785Order,
  envelopeUncounted,
  extraFieldsIgnored,
  identityUnanchored,
  keyCodeUnits,
  missingFieldsDefaulted,
  nonFiniteAsNull,
  object65Admitted,
  observePayloadIgnored,
  payloadDigestTrusted,
  submitPayloadOptional,
  unknownActionFollowsArgv,
  valuesRootUncounted,
  duplicateKeysBeforeFields,
  logLineBeforeTerminal,
  operationIdLowercased,
  outcomeSucceeded,
  proofMetadataOversized,
  resultFillsOutputBound,
  resultLengthCodeUnits,
  resultMimeField,
  settlementAbbreviated,
  terminalDebugField,
  terminalExit3,
  terminalRefUppercase,
  terminalRequestContract,
  terminalRevisionTimestamp,
  terminalStateCompleted,
  unknownReasonNotFound,
  admissionLinkedBeforeWritten,
  admissionTornIn1ms,
  admissionWrittenInPlace,
  checkThenActAdmission,
  detachedWorkerOutlivesTerminal,
  distinctOperationsShareRef,
  ledgerInRuntimeDir,
  observeAdmits,
  observeFreshAccepted,
  observeIgnoresDigest,
  onlyUnknown,
  overrunSubmitRollsBack,
  rebindAnswersExisting,
  rebindCheckThenAct,
  refChangesAtTerminal,
  resubmitReadmits,
  revisionDropsAtTerminal,
  submitAnswersUnknown,
  terminalKeepsRevision1,
  terminalTextTimestamped,
  terminalRewrittenLate,
  terminalRewrittenLateEnvCleared,
  unparsableRecordReadmitted,
  stderrLogFlood,
  booleansRefused,
  identityDollarNewline,
  identityUnicodeWord,
  keyBytesSkipLoneSurrogates,
  keysByCodePoint,
  loneSurrogatesRefused,
  nonAsciiRefused,
  numbersPythonRepr,
  numericStringsAsNumbers,
]);

/**
 * Looks a mutant up by name.
 * @param name - the mutant's kebab-case name
 * @returns the mutant, or undefined when no mutant has that name
 */
export function findMutant(name: string): Mutant | undefined {
  return mutants.find((mutant) => mutant.name === name);
}
