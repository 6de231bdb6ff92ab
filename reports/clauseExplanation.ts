import { clause, type ClauseId } from '../harness/clauses.js';

/**
 * Plain-words explanations for clauses whose one-line summary (in
 * `harness/clauses.ts`, the registry) is too terse for a reader who does not
 * know the protocol. They say why the clause matters; they do not restate the
 * normative text. Clauses not listed here are explained by their summary.
 */
const explanations: Readonly<Partial<Record<ClauseId, string>>> = {
  'CFG-CLOSED': 'The host only understands these four configuration fields; anything else would be silently ignored, so it is rejected instead.',
  'CFG-EXECUTABLE': 'The host starts the adapter by this exact path, without a shell, so it must be absolute and free of characters that could split or truncate it.',
  'WIRE-ARGV': 'The host starts the adapter directly with a fixed argument list, so no payload or response text can ever be interpreted by a shell.',
  'WIRE-STDIN': 'The adapter receives its request as exactly one canonical JSON text on standard input, followed by end of input.',
  'WIRE-DEADLINE': 'A call that runs out of time proves nothing about the operation: the host must treat it as uncertain, not as a failure.',
  'WIRE-STDOUT-CAP': 'The host never reads more output than the bound allows; output past it makes the call uncertain.',
  'WIRE-STDERR-CAP': 'Diagnostics on stderr are bounded and are never mistaken for a result.',
  'WIRE-STDERR-BOUND': 'algal\'s host reads at most 64 KiB of diagnostics per call and treats a call that writes more as failed, whatever its answer: an adapter that logs heavily works here and fails every call in production.',
  'WIRE-DRAIN': 'An adapter that writes a lot of diagnostics before reading its request must not deadlock the host.',
  'WIRE-UNCERTAIN': 'When a call times out, crashes or answers garbage, the host knows nothing about the operation; it must say so and must not retry on its own.',
  'REQ-ACTION-ARGV': 'The action named on the command line and the action inside the request must agree; an adapter that trusts either one alone can be tricked.',
  'REQ-CONTRACT': 'A request for another protocol version must be refused, not guessed at.',
  'REQ-CLOSED': 'Unknown request fields (such as "retry") must be refused: quietly ignoring them would let a request mean something the adapter does not do.',
  'REQ-REQUIRED': 'A request missing any field is malformed and must be refused, and refusing means admitting nothing.',
  'REQ-BINDING-CLOSED': 'The binding (operation, authority, digest) identifies the operation; a binding with missing or extra fields must be refused.',
  'REQ-IDENTITY': 'Operation and authority IDs have a fixed, safe alphabet and length; anything else must be refused.',
  'REQ-DIGEST-FORMAT': 'The request digest must be "sha256:" and 64 lowercase hex digits; an adapter that accepts other forms may disagree with the host about which operation is meant.',
  'REQ-PAYLOAD-DIGEST': 'The request digest must be the digest of the payload; otherwise the adapter could admit work the host never asked for under a known key.',
  'REQ-BOUND-DEPTH': 'Payloads nested deeper than 16 levels must be refused, so that no party runs out of stack on them.',
  'REQ-BOUND-BYTES': 'Payloads with more than 1 MiB of text must be refused, so every party can hold them in memory.',
  'REQ-BOUNDARY-ACCEPT': 'The bounds are limits, not guesses: a request sitting exactly on every bound is valid and should be admitted.',
  'REQ-AUTHORITY': 'An adapter answers for one authority; a request naming another authority should be refused rather than admitted into the wrong ledger.',
  'OUT-JSON': 'The adapter must print exactly one JSON object and nothing else on stdout; logs belong on stderr.',
  'OUT-UNIQUE-KEYS': 'No object in an answer should repeat a key: one host keeps the last value, another the first, and they would read different operations or states.',
  'OUT-EXIT': 'An outcome only counts as evidence when the adapter also exits with code 0.',
  'OUT-BINDING': 'The answer must be about the operation that was asked about: operation ID, authority and digest must match the request exactly.',
  'OUT-CLOSED': 'Each state has a fixed set of fields; an outcome with missing or extra fields cannot be trusted to mean what it seems to.',
  'OUT-RESULT-INTEGRITY': 'The result carries its own digest and UTF-8 length so that the host can prove it received the text intact.',
  'OUT-PROOF-SIZE': 'Everything except the result text must stay small (4 KiB), so the proof of settlement is cheap to store and check.',
  'SEM-OBSERVE-FRESH': 'Asking about an operation that was never submitted must answer "unknown", never invent an admission.',
  'SEM-OBSERVE-READONLY': 'Looking at an operation must never change it: an observe never admits, retries, resumes or cancels work.',
  'SEM-SUBMIT-ADMITS': 'A valid submit to a working adapter must be admitted (accepted or already terminal).',
  'SEM-SUBMIT-IDEMPOTENT': 'Submitting the same operation twice must not start the work twice: the second answer carries the first acceptance reference.',
  'SEM-REBIND-REFUSED': 'Reusing an operation ID for a different payload must be refused, and the original operation must be left untouched.',
  'SEM-REVISION-MONOTONIC': 'Revisions count forward: a later answer never reports an older revision than one already seen.',
  'SEM-EQUAL-REVISION': 'Two answers with the same revision must be identical; otherwise the revision does not identify a state.',
  'SEM-ACCEPTANCE-STABLE': 'Once an operation is admitted, its acceptance reference never changes.',
  'SEM-TERMINAL-IMMUTABLE': 'A finished operation stays finished with exactly the same result, whatever is asked later.',
  'SEM-TERMINAL-WITHOUT-ACCEPT': 'The host must accept a finished outcome even when it never saw the acknowledgement before it (the acknowledgement may have been lost).',
  'SEM-CONCURRENT-SUBMIT': 'Submits of one operation racing each other must still admit it only once.',
  'SEM-CONCURRENT-REBIND': 'Racing submits of one operation ID with different payloads must admit at most one of them, ever.',
  'SEM-CRASH-CONSISTENT': 'If the adapter is killed in the middle of a submit, its ledger must still give valid, consistent answers and must not admit the operation twice.',
  'SEM-UNCERTAIN-RECOVERY': 'After a submit whose answer was lost, asking again must give an answer consistent with everything seen before.',
  'SEM-DURABLE-RESTART': 'Restarting the adapter (its declared restart step) must not lose or change admitted operations or their results.',
  'SEM-LOCAL-SETTLEMENT': 'When an operation is reported finished, no process working on it should still be running.',
  'SDK-NO-MUTATION': 'The SDK must not modify the request objects it is given; the caller may still use them.',
  'SDK-CANCEL': 'Aborting the signal passed to the SDK should settle the returned promise instead of leaving it pending.',
  'MAN-PATHS': 'Paths in the manifest must not escape the adapter directory, also not through symbolic links.',
  'HOOK-IMPORT-PURE': 'Merely importing the runtime module must have no side effects: no process started, no file written.',
  'ACC-HONEST': 'Coverage claims must name a build that was actually tested, and nothing may claim to pass without a native implementation.',
};

/**
 * The clause in plain words for a report reader: its explanation when the
 * summary is too terse, otherwise its summary (from the clause registry).
 *
 * @param id - a registered clause ID
 */
export function clauseExplanation(id: ClauseId): string {
  return explanations[id] ?? `${capitalized(clause(id).summary)}.`;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
