import * as fc from 'fast-check';

// Arbitraries of what the suite, as an ACP client, may legitimately send: capability vectors,
// extension data, request ids, methods and notifications no agent knows, and ways to split input.

/** Every method of ACP v1 (both directions): an "unknown" method is none of these. */
export const ACP_METHODS: ReadonlySet<string> = new Set([
  'initialize',
  'authenticate',
  'logout',
  'session/new',
  'session/load',
  'session/list',
  'session/delete',
  'session/resume',
  'session/close',
  'session/prompt',
  'session/cancel',
  'session/set_mode',
  'session/set_config_option',
  'session/set_model',
  'session/update',
  'session/request_permission',
  'fs/read_text_file',
  'fs/write_text_file',
  'terminal/create',
  'terminal/output',
  'terminal/release',
  'terminal/wait_for_exit',
  'terminal/kill',
  '$/cancel_request',
]);

const keyName = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_]{0,11}$/);

/** Small JSON values for extension data (no deep nesting: the agent's parser is not under test here). */
const smallValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.boolean(),
  fc.integer({ min: -1000, max: 1000 }),
  fc.string({ maxLength: 12, unit: 'grapheme' }),
  fc.constant(null),
  fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 3 }),
  fc.dictionary(keyName, fc.string({ maxLength: 6 }), { maxKeys: 2 }),
);

/**
 * A `_meta` object with keys no agent knows.
 * @public
 */
export function metaObject(): fc.Arbitrary<Record<string, unknown>> {
  return fc.dictionary(
    keyName.map((key) => `aq.${key}`),
    smallValue,
    { minKeys: 1, maxKeys: 4 },
  );
}

/** Client capabilities as the suite may advertise them: any subset, unknown keys and `_meta` included. */
export interface ClientCapabilityVector {
  /** The `clientCapabilities` value, or undefined to leave the field out. */
  readonly capabilities: Record<string, unknown> | undefined;
  readonly readTextFile: boolean;
  readonly writeTextFile: boolean;
  readonly terminal: boolean;
}

/**
 * Random client capability vectors: each known capability present, absent or false, unknown keys beside them.
 * @public
 */
export function clientCapabilityVector(): fc.Arbitrary<ClientCapabilityVector> {
  return fc
    .record({
      omitAll: fc.boolean(),
      fs: fc.option(fc.record({ readTextFile: fc.option(fc.boolean(), { nil: undefined }), writeTextFile: fc.option(fc.boolean(), { nil: undefined }) }, { requiredKeys: [] }), {
        nil: undefined,
      }),
      terminal: fc.option(fc.boolean(), { nil: undefined }),
      unknown: fc.option(
        fc.dictionary(
          keyName.map((key) => `aq${key}`),
          smallValue,
          { maxKeys: 2 },
        ),
        { nil: undefined },
      ),
      meta: fc.option(metaObject(), { nil: undefined }),
    })
    .map(({ omitAll, fs, terminal, unknown, meta }) => {
      if (omitAll) return { capabilities: undefined, readTextFile: false, writeTextFile: false, terminal: false };
      const capabilities: Record<string, unknown> = { ...unknown };
      if (fs !== undefined) capabilities['fs'] = fs;
      if (terminal !== undefined) capabilities['terminal'] = terminal;
      if (meta !== undefined) capabilities['_meta'] = meta;
      return { capabilities, readTextFile: fs?.readTextFile === true, writeTextFile: fs?.writeTextFile === true, terminal: terminal === true };
    });
}

/**
 * Protocol versions an agent may not support (any integer 0–65535 but 1).
 * @public
 */
export function unsupportedProtocolVersion(): fc.Arbitrary<number> {
  return fc.oneof(fc.constantFrom(0, 2, 65_535), fc.integer({ min: 0, max: 65_535 })).filter((version) => version !== 1);
}

/**
 * Request ids of both JSON types that the suite's own counter never uses: 0, negatives,
 * large integers, and strings (empty, non-ASCII, digits that look like a number).
 * @public
 */
export function requestId(): fc.Arbitrary<string | number> {
  return fc.oneof(
    fc.constantFrom<string | number>(0, -1, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, '', '1', 'ünï-códe', '😀', 'id with spaces'),
    fc.integer({ min: -(2 ** 40), max: -2 }),
    fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
    fc.string({ minLength: 1, maxLength: 16, unit: 'grapheme' }),
  );
}

/**
 * Method names no ACP agent serves: extension-style (`_aq/…`), namespaced and plain.
 * @public
 */
export function unknownMethod(): fc.Arbitrary<string> {
  return fc
    .oneof(
      keyName.map((name) => `_aq/${name}`),
      keyName.map((name) => `session/aq_${name}`),
      keyName.map((name) => `aq.${name}`),
    )
    .filter((method) => !ACP_METHODS.has(method));
}

/** How to write one request line: split inside a multi-byte character, one byte at a time, or at drawn cuts. */
export type InputSplit = { readonly kind: 'inside-character' } | { readonly kind: 'byte-by-byte' } | { readonly kind: 'cuts'; readonly sizes: readonly number[] };

/**
 * Ways to split a request line into writes (shrinking towards fewer, smaller cuts).
 * @public
 */
export function inputSplit(): fc.Arbitrary<InputSplit> {
  return fc.oneof(
    fc.record({ kind: fc.constant('cuts' as const), sizes: fc.array(fc.integer({ min: 1, max: 256 }), { minLength: 1, maxLength: 12 }) }),
    fc.constant({ kind: 'inside-character' as const }),
    fc.constant({ kind: 'byte-by-byte' as const }),
  );
}

/**
 * The byte lengths of the writes of a line split as `split` says.
 * @param split - the drawn split
 * @param length - the line's length in bytes, newline included
 * @param characterAt - where a multi-byte character of the line starts
 * @public
 */
export function splitSizes(split: InputSplit, length: number, characterAt: number): readonly number[] {
  switch (split.kind) {
    case 'inside-character':
      return [characterAt + 2];
    case 'byte-by-byte':
      return Array.from({ length }, () => 1);
    default:
      return split.sizes;
  }
}
