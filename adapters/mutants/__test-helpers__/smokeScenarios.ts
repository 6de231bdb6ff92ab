import { digestCanonical } from '../../../harness/protocol/digest.js';
import { bindingOf, nested, observeText, submitText } from '../../reference/__test-helpers__/requests.js';

/** One step of a smoke scenario. */
export type SmokeStep =
  | { readonly kind: 'call'; readonly action: string; readonly text: string }
  | { readonly kind: 'parallel'; readonly count: number; readonly action: string; readonly text: string }
  /** Calls started at once, one per text. */
  | { readonly kind: 'race'; readonly action: string; readonly texts: readonly string[] }
  /** A submit killed (SIGKILL) as soon as `admission.json` shows in the ledger. */
  | { readonly kind: 'kill-when-admitted'; readonly text: string }
  /**
   * A submit killed by strace on entry to its `nth` durable call of `syscall`,
   * as a traced submit of `recordText` (another binding) showed them.
   */
  | { readonly kind: 'kill-at-durable'; readonly text: string; readonly recordText: string; readonly syscall: string; readonly nth: number }
  /** Counts (and ends) processes that carry the scenario's environment marker. */
  | { readonly kind: 'count-marked-processes' }
  /** A submit stopped (SIGSTOP) as it starts and continued (SIGCONT) `pausedMs` later, as a stalled process resumes. */
  | { readonly kind: 'pause'; readonly text: string; readonly pausedMs: number }
  /** The reference restart step (`dist/adapters/reference/restart.js`) on the scenario's ledger, its directory's parent as the scratch directory. */
  | { readonly kind: 'restart' }
  /** Sleeps (a late writer's delay passes; it is the mutant's own, far below this). */
  | { readonly kind: 'wait'; readonly ms: number };

const payload = { task: 'smoke' };
const other = { task: 'other' };
const binding = bindingOf('Op-Smoke-1', payload);
const rebound = { ...binding, requestDigest: digestCanonical(other) };

const call = (action: string, text: string): SmokeStep => ({ kind: 'call', action, text });
const submit = (p: unknown, id = 'Op-Smoke-1'): SmokeStep => call('submit', submitText(bindingOf(id, p), p));
const observe = call('observe', observeText(binding));
const killAtDurable = (syscall: string, nth: number): SmokeStep => ({
  kind: 'kill-at-durable',
  text: submitText(binding, payload),
  recordText: submitText(bindingOf('Op-Smoke-Recorded', payload), payload),
  syscall,
  nth,
});
const lifecycle: readonly SmokeStep[] = [call('submit', submitText(binding, payload)), observe, observe, observe, observe];
const entries = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));
const infinite = submitText(bindingOf('Op-Inf', { n: null }), { n: null }).replace('"n":null', '"n":1e400');

/**
 * For each mutant, calls on which it must answer differently from the
 * reference (after acceptanceRefs are renamed by order of appearance).
 */
export const smokeScenarios: Readonly<Record<string, readonly SmokeStep[]>> = {
  'argv-action-ignored': [call('observe', submitText(binding, payload))],
  'contract-any-string': [call('submit', submitText(binding, payload, { contract: 'bogus' }))],
  'unknown-action-follows-argv': [call('submit', submitText(binding, payload, { action: 'resume' }))],
  'extra-fields-ignored': [call('submit', submitText(binding, payload, { retry: true }))],
  'missing-fields-defaulted': [call('submit', submitText(binding, payload, { contract: undefined }))],
  'binding-extra-fields-ignored': [call('submit', submitText({ ...binding, sessionId: 's' } as never, payload))],
  'identity-unanchored': [submit(payload, 'op id with spaces')],
  'digest-case-insensitive': [call('submit', submitText({ ...binding, requestDigest: `sha256:${binding.requestDigest.slice(7).toUpperCase()}` as never }, payload))],
  'submit-payload-optional': [call('submit', submitText(binding, payload, { payload: undefined }))],
  'observe-payload-ignored': [call('submit', submitText(binding, payload)), call('observe', observeText(binding, { payload }))],
  'payload-digest-trusted': [call('submit', submitText(binding, other))],
  'digest-rfc8785-order': [submit({ '10': 'a', '9': 'b' }, 'Op-Smoke-Index')],
  'stderr-log-flood': [call('submit', submitText(binding, payload))],
  'depth-17-admitted': [submit(nested(17))],
  'values-root-uncounted': [submit(Array.from({ length: 64 }, () => Array.from({ length: 255 }, () => 0)))],
  'array-257-admitted': [submit(Array.from({ length: 257 }, () => 0))],
  'object-65-admitted': [submit(entries(65))],
  'key-code-units': [submit({ ['✓'.repeat(86)]: 1 })],
  'non-finite-as-null': [call('submit', infinite)],
  'booleans-refused': [submit({ on: true })],
  'non-ascii-refused': [submit({ text: 'é' })],
  'lone-surrogates-refused': [submit({ text: '\ud800' })],
  'keys-by-code-point': [submit({ '\uffff': 1, '😀': 2 })],
  'numbers-python-repr': [submit({ small: 1e-7 })],
  'numeric-strings-as-numbers': [submit({ tenth: '0.1' })],
  'identity-dollar-newline': [submit(payload, 'Op-Smoke-1\n')],
  'identity-unicode-word': [submit(payload, 'Op-Smoke-é')],
  'key-bytes-skip-lone-surrogates': [submit({ ['\udc00'.repeat(86)]: 1 })],
  'byte-bounds-unchecked': [submit({ text: 'x'.repeat(1_048_577) })],
  'envelope-uncounted': [submit('x'.repeat(1_048_574))],
  'authority-unchecked': [call('submit', submitText(bindingOf('Op-O', payload, 'other-ledger'), payload))],
  'depth-16-refused': [submit(nested(16))],
  'log-line-before-terminal': lifecycle,
  'terminal-exit-3': lifecycle,
  'terminal-request-contract': lifecycle,
  'operation-id-lowercased': lifecycle,
  'terminal-state-completed': lifecycle,
  'terminal-debug-field': lifecycle,
  'terminal-revision-timestamp': lifecycle,
  'unknown-reason-not-found': [observe],
  'terminal-ref-uppercase': lifecycle,
  'outcome-succeeded': lifecycle,
  'settlement-abbreviated': lifecycle,
  'result-mime-field': lifecycle,
  'result-length-code-units': lifecycle,
  'result-fills-output-bound': lifecycle,
  'proof-metadata-oversized': lifecycle,
  'observe-admits': [observe, observe],
  'resubmit-readmits': [call('submit', submitText(binding, payload)), call('submit', submitText(binding, payload))],
  'rebind-answers-existing': [call('submit', submitText(binding, payload)), call('submit', submitText(rebound, other))],
  'terminal-text-timestamped': [...lifecycle, observe],
  'terminal-rewritten-late': [...lifecycle, { kind: 'wait', ms: 3_000 }, observe],
  'terminal-rewritten-late-env-cleared': [...lifecycle, { kind: 'wait', ms: 3_000 }, observe],
  'duplicate-keys-before-fields': [observe],
  'ref-changes-at-terminal': lifecycle,
  'revision-drops-at-terminal': lifecycle,
  'terminal-keeps-revision-1': lifecycle,
  'observe-fresh-accepted': [observe],
  'observe-ignores-digest': [call('submit', submitText(binding, payload)), call('observe', observeText(rebound))],
  'check-then-act-admission': [{ kind: 'parallel', count: 6, action: 'submit', text: submitText(binding, payload) }],
  'rebind-check-then-act': [{ kind: 'race', action: 'submit', texts: [submitText(binding, payload), submitText(rebound, other), submitText(binding, payload), submitText(rebound, other)] }],
  // The second half of the torn record, and the first write after the link: windows no timed kill hits.
  'admission-torn-in-1ms': [killAtDurable('write', 2), observe],
  'admission-linked-before-written': [killAtDurable('write', 1), observe],
  'admission-written-in-place': [{ kind: 'kill-when-admitted', text: submitText(binding, payload) }, observe],
  'distinct-operations-share-ref': [submit(payload, 'Op-A'), submit(payload, 'Op-B')],
  'detached-worker-outlives-terminal': [call('submit', submitText(binding, payload)), { kind: 'count-marked-processes' }],
  'unparsable-record-readmitted': [{ kind: 'kill-when-admitted', text: submitText(binding, payload) }, observe, call('submit', submitText(binding, payload))],
  'submit-answers-unknown': [call('submit', submitText(binding, payload))],
  'ledger-in-runtime-dir': [call('submit', submitText(binding, payload)), { kind: 'restart' }, observe],
  'overrun-submit-rolls-back': [call('submit', submitText(binding, payload)), { kind: 'pause', text: submitText(binding, payload), pausedMs: 2_300 }, observe],
  'only-unknown': [call('submit', submitText(binding, payload))],
};
