import { RequestError, type SessionConfigOption } from '@agentclientprotocol/sdk';

// The reference agent's session config options: a `category: "model"` selector the host's
// "enforce model" step sets before a prompt, and one more selector so that a response listing
// only the changed option is told apart from the complete list.

/** The current value of every option, keyed by option id. */
export type ConfigValues = Readonly<Record<string, string>>;

interface SelectDefinition {
  readonly id: string;
  readonly name: string;
  readonly category: 'model' | 'thought_level';
  readonly values: readonly { readonly value: string; readonly name: string }[];
}

const DEFINITIONS: readonly SelectDefinition[] = [
  {
    id: 'model',
    name: 'Model',
    category: 'model',
    values: [
      { value: 'scripted-small', name: 'Scripted (small)' },
      { value: 'scripted-large', name: 'Scripted (large)' },
    ],
  },
  {
    id: 'thought_level',
    name: 'Thinking',
    category: 'thought_level',
    values: [
      { value: 'low', name: 'Low' },
      { value: 'high', name: 'High' },
    ],
  },
];

/** Every option at its first value: a new session's configuration. */
export const defaultConfigValues: ConfigValues = Object.freeze(Object.fromEntries(DEFINITIONS.map((definition) => [definition.id, definition.values[0]?.value ?? ''])));

/**
 * The complete option list with `values` as the current values.
 * @param values - the session's current values
 */
export function configOptionList(values: ConfigValues): SessionConfigOption[] {
  return DEFINITIONS.map((definition) => ({
    type: 'select',
    id: definition.id,
    name: definition.name,
    category: definition.category,
    currentValue: values[definition.id] ?? defaultConfigValues[definition.id] ?? '',
    options: definition.values.map((entry) => ({ value: entry.value, name: entry.name })),
  }));
}

/**
 * The values with one option changed; an unknown option or value is invalid params.
 * @param values - the current values
 * @param configId - the option to set
 * @param value - its new value
 */
export function setConfigValue(values: ConfigValues, configId: string, value: unknown): ConfigValues {
  const definition = DEFINITIONS.find((entry) => entry.id === configId);
  if (definition === undefined) throw RequestError.invalidParams({ configId }, `unknown config option ${JSON.stringify(configId)}`);
  if (typeof value !== 'string' || !definition.values.some((entry) => entry.value === value)) {
    throw RequestError.invalidParams({ configId, value }, `${JSON.stringify(value)} is not a value of ${configId}`);
  }
  return Object.freeze({ ...values, [configId]: value });
}
