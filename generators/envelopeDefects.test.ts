import { describe, it } from 'vitest';
import * as fc from 'fast-check';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import {
  actionArgvDefect,
  actionValueDefect,
  contractDefect,
  contractExamples,
  missingFieldDefect,
  missingFieldExamples,
  observeWithPayloadDefect,
  submitWithoutPayloadDefect,
  unknownFieldDefect,
  unknownFieldExamples,
} from './envelopeDefects.js';

describe('contractDefect', () => {
  it('breaks exactly REQ-CONTRACT, by the host oracle', () => {
    checkDefects(contractDefect());
  });
});

describe('contractExamples', () => {
  it('are must-try cases that break exactly REQ-CONTRACT, by the host oracle', () => {
    checkDefects(fc.constantFrom(...contractExamples()), { numRuns: 20 });
  });
});

describe('actionArgvDefect', () => {
  it('breaks exactly REQ-ACTION-ARGV, by the host oracle', () => {
    checkDefects(actionArgvDefect());
  });
});

describe('actionValueDefect', () => {
  it('breaks exactly REQ-ACTION-VALUE, by the host oracle', () => {
    checkDefects(actionValueDefect());
  });
});

describe('unknownFieldDefect', () => {
  it('breaks exactly REQ-CLOSED, by the host oracle', () => {
    checkDefects(unknownFieldDefect());
  });
});

describe('unknownFieldExamples', () => {
  it('are must-try cases that break exactly REQ-CLOSED, by the host oracle', () => {
    checkDefects(fc.constantFrom(...unknownFieldExamples()), { numRuns: 20 });
  });
});

describe('missingFieldDefect', () => {
  it('breaks exactly REQ-REQUIRED, by the host oracle', () => {
    checkDefects(missingFieldDefect());
  });
});

describe('missingFieldExamples', () => {
  it('are must-try cases that break exactly REQ-REQUIRED, by the host oracle', () => {
    checkDefects(fc.constantFrom(...missingFieldExamples()), { numRuns: 20 });
  });
});

describe('submitWithoutPayloadDefect', () => {
  it('breaks exactly REQ-SUBMIT-PAYLOAD, by the host oracle', () => {
    checkDefects(submitWithoutPayloadDefect());
  });
});

describe('observeWithPayloadDefect', () => {
  it('breaks exactly REQ-OBSERVE-NO-PAYLOAD, by the host oracle', () => {
    checkDefects(observeWithPayloadDefect());
  });
});
