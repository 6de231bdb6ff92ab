import * as fc from 'fast-check';
import type { JsonValue } from '../harness/protocol/canonicalJson.js';
import { requestText } from '../harness/protocol/requestText.js';
import type { Binding } from '../harness/protocol/types.js';
import { argvAction } from './_internals/argvAction.js';
import { defect } from './_internals/defect.js';
import { defectTarget } from './_internals/defectTarget.js';
import { requestObject } from './_internals/requestObject.js';
import { setOwn } from './_internals/setOwn.js';
import { show } from './_internals/show.js';
import { smallJson } from './_internals/smallJson.js';
import type { Action } from '../harness/protocol/types.js';
import type { DefectTarget, RequestDefect } from './RequestDefect.js';

const BINDING_FIELDS = ['operationId', 'authorityId', 'requestDigest'] as const;

/** Outcome fields, case variants of binding fields, request fields, prototype names. */
const SUSPECT_NAMES: readonly string[] = [
  'acceptanceRef', 'revision', 'state', 'payload', 'contract', 'operationID', 'requestdigest', 'authority', 'digest', '__proto__', '',
];

/** A value for an extra binding field: random, or a copy of a real one (looks plausible). */
type ExtraValue = { readonly copyOf: (typeof BINDING_FIELDS)[number] } | { readonly json: JsonValue };

/** How the binding is broken. */
type Change =
  | { readonly kind: 'missing'; readonly fields: readonly (typeof BINDING_FIELDS)[number][] }
  | { readonly kind: 'extra'; readonly name: string; readonly value: ExtraValue }
  | { readonly kind: 'not-object'; readonly as: 'null' | 'array' | 'string' | 'text' };

/**
 * REQ-BINDING-CLOSED: a well-formed request whose binding lacks one or more
 * fields, carries an extra field, or is not an object at all.
 */
export function bindingShapeDefect(): fc.Arbitrary<RequestDefect> {
  const name = fc.oneof(fc.constantFrom(...SUSPECT_NAMES), fc.string({ maxLength: 16 })).filter((key) => !(BINDING_FIELDS as readonly string[]).includes(key));
  const value: fc.Arbitrary<ExtraValue> = fc.oneof(fc.constantFrom(...BINDING_FIELDS).map((copyOf) => ({ copyOf })), smallJson().map((json) => ({ json })));
  const change: fc.Arbitrary<Change> = fc.oneof(
    fc.subarray([...BINDING_FIELDS], { minLength: 1 }).map((fields) => ({ kind: 'missing' as const, fields })),
    fc.record({ name, value }).map(({ name: extraName, value: extraValue }) => ({ kind: 'extra' as const, name: extraName, value: extraValue })),
    fc.constantFrom('null', 'array', 'string', 'text').map((as) => ({ kind: 'not-object' as const, as })),
  );
  return fc.record({ change, action: argvAction(), target: defectTarget() }).map(({ change: broken, action, target }) => bindingShapeCase(broken, action, target));
}

/**
 * The must-try cases of REQ-BINDING-CLOSED, run first whatever the seed: an extra binding field on a fresh submit and on an admitted observe.
 */
export function bindingShapeExamples(): RequestDefect[] {
  return [
    bindingShapeCase({ kind: 'extra', name: 'attempt', value: { json: 2 } }, 'submit', 'fresh'),
    bindingShapeCase({ kind: 'extra', name: 'namespace', value: { json: 'other' } }, 'observe', 'admitted'),
  ];
}

function bindingShapeCase(broken: Change, action: Action, target: DefectTarget): RequestDefect {
  return defect({
    clauseId: 'REQ-BINDING-CLOSED',
    argvAction: action,
    target,
    what: `${action} whose binding ${describeChange(broken)}`,
    build: (base) => {
      const request = requestObject(action, base);
      request.binding = brokenBinding(base.binding, broken);
      return { text: requestText(request), followUps: [base.binding] };
    },
  });
}

function brokenBinding(binding: Binding, change: Change): unknown {
  switch (change.kind) {
    case 'missing': {
      const copy: Record<string, unknown> = { ...binding };
      for (const field of change.fields) delete copy[field];
      return copy;
    }
    case 'extra': {
      const copy: Record<string, unknown> = { ...binding };
      setOwn(copy, change.name, 'copyOf' in change.value ? binding[change.value.copyOf] : change.value.json);
      return copy;
    }
    case 'not-object':
      if (change.as === 'null') return null;
      if (change.as === 'array') return [binding.operationId, binding.authorityId, binding.requestDigest];
      // `string`: the operation ID alone; `text`: the binding double-encoded as a JSON string.
      return change.as === 'string' ? binding.operationId : requestText(binding);
  }
}

function describeChange(change: Change): string {
  switch (change.kind) {
    case 'missing':
      return `lacks ${change.fields.join(', ')}`;
    case 'extra':
      return `has an extra field ${show(change.name)} (${'copyOf' in change.value ? `a copy of ${change.value.copyOf}` : show(change.value.json)})`;
    case 'not-object':
      return change.as === 'text' ? 'is sent as a JSON-encoded string' : `is ${change.as === 'null' ? 'null' : `a JSON ${change.as}`}`;
  }
}
