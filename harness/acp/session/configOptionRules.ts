// Session config options as the suite reads them from raw results (never an SDK's parse): what an
// option offers, whether its current value is one of them, and whether a `session/set_config_option`
// answer is the complete list with the new value set (ACP-CFG-OPTIONS).

/** A config option as the suite sees it. */
export type ConfigOptionView =
  | { readonly id: string; readonly type: 'select'; readonly category: unknown; readonly currentValue: unknown; readonly values: readonly string[] }
  | { readonly id: string; readonly type: 'boolean'; readonly category: unknown; readonly currentValue: unknown; readonly values: readonly boolean[] }
  | { readonly id: string; readonly type: 'other'; readonly category: unknown; readonly currentValue: unknown; readonly values: readonly never[] };

/** A value a config option may take. */
export type ConfigValue = string | boolean;

function selectValues(options: unknown): string[] {
  if (!Array.isArray(options)) return [];
  return options.flatMap((entry: unknown) => {
    const item = entry as { value?: unknown; options?: unknown } | null;
    if (typeof item?.value === 'string') return [item.value];
    return Array.isArray(item?.options) ? selectValues(item.options) : [];
  });
}

/**
 * The options of a result's `configOptions`, or null when the field is absent or not a list.
 * @param result - a `session/new`, `session/load` or `session/set_config_option` result
 */
export function configOptionsOf(result: unknown): ConfigOptionView[] | null {
  const list = (result as { configOptions?: unknown } | null)?.configOptions;
  if (!Array.isArray(list)) return null;
  return list.map((entry: unknown) => {
    const option = (entry ?? {}) as { id?: unknown; type?: unknown; category?: unknown; currentValue?: unknown; options?: unknown };
    const id = typeof option.id === 'string' ? option.id : '';
    if (option.type === 'select') return { id, type: 'select', category: option.category, currentValue: option.currentValue, values: selectValues(option.options) };
    if (option.type === 'boolean') return { id, type: 'boolean', category: option.category, currentValue: option.currentValue, values: [true, false] };
    return { id, type: 'other', category: option.category, currentValue: option.currentValue, values: [] };
  });
}

/**
 * Why an option list breaks "every config option has a current value" (one of its offered values), or null.
 * @param options - the list
 */
export function currentValueProblem(options: readonly ConfigOptionView[]): string | null {
  for (const option of options) {
    if (option.type === 'other') continue;
    if (!(option.values as readonly unknown[]).includes(option.currentValue))
      return `config option ${JSON.stringify(option.id)} has currentValue ${JSON.stringify(option.currentValue) ?? 'absent'}, not one of its values ${JSON.stringify(option.values)}`;
  }
  return null;
}

/**
 * Why a `session/set_config_option` result is not the complete option list with the new value set, or null.
 * @param before - the list before the change
 * @param configId - the option set
 * @param value - its new value
 * @param result - the result
 */
export function setAnswerProblem(before: readonly ConfigOptionView[], configId: string, value: ConfigValue, result: unknown): string | null {
  const after = configOptionsOf(result);
  if (after === null) return `the result has no configOptions list`;
  const missing = before.filter((option) => !after.some((entry) => entry.id === option.id)).map((option) => option.id);
  if (missing.length > 0) return `the answer lists ${after.length} option(s), leaving out ${JSON.stringify(missing)} (the complete list is required)`;
  const changed = after.find((entry) => entry.id === configId);
  if (changed?.currentValue !== value)
    return `the answer gives ${JSON.stringify(configId)} the currentValue ${JSON.stringify(changed?.currentValue) ?? 'absent'}, not the value set (${JSON.stringify(value)})`;
  return currentValueProblem(after);
}

/**
 * The configuration a scripted model echoed (a JSON object as the turn's whole message text), or null.
 * @param text - the turn's message text
 */
export function echoedConfiguration(text: string): Readonly<Record<string, unknown>> | null {
  try {
    const parsed: unknown = JSON.parse(text.trim());
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The params of `session/set_config_option` for a value (a boolean carries `type: "boolean"`).
 * @param sessionId - the session
 * @param configId - the option
 * @param value - the value
 */
export function setConfigParams(sessionId: string, configId: string, value: ConfigValue): Record<string, unknown> {
  return typeof value === 'boolean' ? { sessionId, configId, type: 'boolean', value } : { sessionId, configId, value };
}
