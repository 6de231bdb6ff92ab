import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateAdapterConfig } from '../config/adapterConfig.js';
import { checkHistory } from '../history/checkHistory.js';
import { canonicalJson, serializeJson } from '../protocol/canonicalJson.js';
import { classifyCall, type CallEvidence } from '../judge/callEvidence.js';
import { callRecordOf } from '../protocol/__test-helpers__/sampleOutcomes.js';
import type { Outcome } from '../protocol/types.js';
import { validateRequestText } from '../protocol/validateRequest.js';
import { decodeUtf8 } from '../transport/capture.js';
import { boundCorpus, canonicalCorpus, configCorpus, historyCorpus, historyExamples, outcomeCorpus, requestCorpus, type OutcomeCase, type RequestCase } from './__test-helpers__/corpora.js';
import { hostAcceptsConfig, hostAcceptsHistory, hostAcceptsRequest, hostCanonical, hostReadsOutcome } from './__test-helpers__/hostModel.js';

// The standing agreement test: the suite's oracle (canonical JSON, request
// validator, outcome parser, history checker, configuration validator) against
// an independent, spec-literal model of algal's host (__test-helpers__/hostModel.ts), over
// corpora rich in the classic edge families. Any difference fails, with the
// smallest case; the only tolerated one is the catalog's own: OUT-JSON is
// strict about a leading BOM that the host's decoder strips, and says so.

/** A case on which the suite's oracle and the host model answered differently. */
interface Disagreement<Case, Answer> {
  readonly case: Case;
  readonly suite: Answer;
  readonly host: Answer;
}

/** How to run one differential comparison. */
interface DifferentialSpec<Case, Answer> {
  /** The corpus: generated cases, edge families included. */
  readonly corpus: fc.Arbitrary<Case>;
  /** The suite's oracle, reduced to a comparable answer. */
  readonly suite: (value: Case) => Answer;
  /** The independent host model, reduced the same way. */
  readonly host: (value: Case) => Answer;
  /**
   * A difference the catalog itself declares (e.g. a leading BOM: OUT-JSON is
   * strict where algal's host tolerates it); it must then say so.
   * @defaultValue none
   */
  readonly declared?: (value: Case, suite: Answer, host: Answer) => boolean;
  /** Cases that always run first (the edge families' fixed members). @defaultValue [] */
  readonly examples?: readonly Case[];
  readonly numRuns: number;
  readonly seed: number;
}

/**
 * Runs the suite's oracle and the host model over one corpus and returns the
 * smallest case on which they disagree (fast-check shrinks it), or null when
 * they agree on every case. Answers are compared as canonical `JSON.stringify` text.
 *
 * @param spec - the corpus, both oracles, and the run's size and seed
 */
function findDisagreement<Case, Answer>(spec: DifferentialSpec<Case, Answer>): Disagreement<Case, Answer> | null {
  const agree = (value: Case): boolean => {
    const suite = spec.suite(value);
    const host = spec.host(value);
    return JSON.stringify(suite) === JSON.stringify(host) || (spec.declared?.(value, suite, host) ?? false);
  };
  const found = fc.check(fc.property(spec.corpus, agree), {
    numRuns: spec.numRuns,
    seed: spec.seed,
    examples: (spec.examples ?? []).map((value) => [value] as [Case]),
  });
  if (!found.failed || found.counterexample === null) return null;
  const [value] = found.counterexample;
  return { case: value, suite: spec.suite(value), host: spec.host(value) };
}

const suiteAcceptsRequest = ({ text, argvAction }: RequestCase): boolean => validateRequestText(text, { argvAction }).length === 0;
const hostAcceptsRequestCase = ({ text, argvAction }: RequestCase): boolean => hostAcceptsRequest(JSON.parse(text), argvAction);

/** The suite's path from stdout bytes to evidence: the transport's decoder, then the call classifier. */
function suiteEvidence({ stdout, binding, maxOutputBytes }: OutcomeCase): CallEvidence {
  const overflow = stdout.byteLength > maxOutputBytes;
  const decoded = decodeUtf8(overflow ? stdout.subarray(0, maxOutputBytes) : stdout, overflow);
  const record = callRecordOf({
    action: 'observe',
    stdout: decoded.text,
    stdoutBytes: Math.min(stdout.byteLength, maxOutputBytes + 1),
    stdoutTruncated: overflow,
    stdoutInvalidUtf8: decoded.invalid,
    maxOutputBytes,
    uncertainty: overflow ? 'output-overflow' : null,
  });
  return classifyCall(record, binding);
}
const suiteReadsOutcome = (value: OutcomeCase): string | null => {
  const evidence = suiteEvidence(value);
  return evidence.kind === 'outcome' ? canonicalJson(evidence.outcome) : null;
};
const hostReadsOutcomeCase = ({ stdout, binding, maxOutputBytes }: OutcomeCase): string | null => hostReadsOutcome(stdout, binding, maxOutputBytes);
/** A leading BOM: the host reads the outcome, the suite reports OUT-JSON alone and notes that the host would tolerate it. */
const bomDeclared = (value: OutcomeCase, suite: string | null, host: string | null): boolean => {
  const evidence = suiteEvidence(value);
  return (
    suite === null &&
    host !== null &&
    value.stdout[0] === 0xef &&
    evidence.kind === 'uncertain' &&
    evidence.violations.length === 1 &&
    evidence.violations[0]?.clauseId === 'OUT-JSON' &&
    evidence.violations[0].details?.hostTolerates !== undefined
  );
};

const suiteAcceptsHistory = (outcomes: readonly Outcome[]): boolean =>
  checkHistory(outcomes.map((outcome, index) => ({ outcome, startedAt: index * 10, endedAt: index * 10 + 5, ref: index }))).length === 0;

const suiteAcceptsConfig = (config: unknown): boolean => 'config' in validateAdapterConfig(config);

describe('agreement of the suite oracle with a spec-literal host model', () => {
  it('canonical JSON: integer-like keys, lone surrogates, awkward keys', () => {
    expect(
      findDisagreement({
        corpus: canonicalCorpus,
        suite: canonicalJson,
        host: hostCanonical,
        numRuns: 2_000,
        seed: 101,
        examples: [
          { '10': 'a', '9': 'b', a: 1, '!': 2 },
          { '\ud800': '\udfff', '4294967295': 1, '4294967294': 2 },
        ],
      }),
    ).toBeNull();
  });

  it("request validation: digests the host's way and RFC 8785's, identities ±1, shapes, argv", () => {
    expect(findDisagreement({ corpus: requestCorpus, suite: suiteAcceptsRequest, host: hostAcceptsRequestCase, numRuns: 1_500, seed: 102 })).toBeNull();
  });

  it("request validation on the generators' own cases on every bound and one past it", () => {
    expect(findDisagreement({ corpus: boundCorpus, suite: suiteAcceptsRequest, host: hostAcceptsRequestCase, numRuns: 40, seed: 103 })).toBeNull();
  });

  it('outcome parsing: BOM and whitespace around stdout, revision spellings 1.0/1e0/-0, lone surrogates, output bound ±1', () => {
    expect(findDisagreement({ corpus: outcomeCorpus, suite: suiteReadsOutcome, host: hostReadsOutcomeCase, declared: bomDeclared, numRuns: 2_000, seed: 104 })).toBeNull();
  });

  it('history checking: revisions, equal revisions, refs across unknowns, terminal immutability', () => {
    expect(findDisagreement({ corpus: historyCorpus, suite: suiteAcceptsHistory, host: hostAcceptsHistory, examples: historyExamples, numRuns: 3_000, seed: 105 })).toBeNull();
  });

  it('configuration validation: bytes and code units ±1, item counts, total bound, shapes', () => {
    expect(findDisagreement({ corpus: configCorpus, suite: suiteAcceptsConfig, host: hostAcceptsConfig, numRuns: 1_000, seed: 106 })).toBeNull();
  });
});

describe('the corpora are not one-sided', () => {
  // An agreement over cases the host refuses (or admits) wholesale would prove little.
  it.each([
    ['requests', () => fc.sample(requestCorpus, { numRuns: 400, seed: 7 }).map(hostAcceptsRequestCase)],
    ['bounds', () => fc.sample(boundCorpus, { numRuns: 40, seed: 7 }).map(hostAcceptsRequestCase)],
    ['outcomes', () => fc.sample(outcomeCorpus, { numRuns: 400, seed: 7 }).map((value) => hostReadsOutcomeCase(value) !== null)],
    ['histories', () => fc.sample(historyCorpus, { numRuns: 400, seed: 7 }).map(hostAcceptsHistory)],
    ['configurations', () => fc.sample(configCorpus, { numRuns: 400, seed: 7 }).map(hostAcceptsConfig)],
  ])('%s: the host model accepts some cases and refuses others', (_name, verdicts) => {
    const found = verdicts();
    expect(found.filter(Boolean).length).toBeGreaterThan(found.length / 20);
    expect(found.filter((accepted) => !accepted).length).toBeGreaterThan(found.length / 20);
  });

  it("requests with integer-like keys and the host's digest are among the accepted ones", () => {
    const accepted = fc.sample(requestCorpus, { numRuns: 600, seed: 8 }).filter(hostAcceptsRequestCase);
    expect(accepted.some(({ text }) => /"payload":\{"(0|[1-9][0-9]*)":/.test(text))).toBe(true);
  });
});

describe('the agreement test fails when the two disagree', () => {
  it('catches an oracle that canonicalizes by RFC 8785, with an integer-like key', () => {
    const found = findDisagreement({ corpus: canonicalCorpus, suite: (value) => serializeJson(value, (keys) => keys.sort()), host: hostCanonical, numRuns: 2_000, seed: 101 });
    expect(found).not.toBeNull();
    expect(found?.suite).not.toBe(found?.host);
  });

  it('catches a request validator that ignores payload digests', () => {
    const lenient = ({ text, argvAction }: RequestCase): boolean => validateRequestText(text, { argvAction }).every((found) => found.clauseId === 'REQ-PAYLOAD-DIGEST');
    expect(findDisagreement({ corpus: requestCorpus, suite: lenient, host: hostAcceptsRequestCase, numRuns: 1_500, seed: 102 })).toMatchObject({ suite: true, host: false });
  });

  it('catches a history checker that compares each outcome with the previous one only (a ref changed behind an unknown)', () => {
    const previousOnly = (outcomes: readonly Outcome[]): boolean => outcomes.every((outcome, index) => index === 0 || hostAcceptsHistory([outcomes[index - 1] as Outcome, outcome]));
    expect(findDisagreement({ corpus: historyCorpus, suite: previousOnly, host: hostAcceptsHistory, examples: historyExamples, numRuns: 3_000, seed: 105 })).toMatchObject({
      suite: true,
      host: false,
    });
  });

  it('does not tolerate a BOM unless the suite says the host would', () => {
    const silent = (value: OutcomeCase): boolean => bomDeclared(value, suiteReadsOutcome(value), hostReadsOutcomeCase(value));
    const bom: OutcomeCase = { stdout: Buffer.from('\ufeff{}'), binding: { operationId: 'a', authorityId: 'b', requestDigest: `sha256:${'0'.repeat(64)}` }, maxOutputBytes: 1_024 };
    expect(silent(bom)).toBe(false);
  });
});
