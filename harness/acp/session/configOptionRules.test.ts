import { describe, expect, it } from 'vitest';
import { configOptionsOf, currentValueProblem, echoedConfiguration, setAnswerProblem, setConfigParams } from './configOptionRules.js';

const select = (id: string, currentValue: unknown, values: string[], category: string | undefined = undefined) => ({
  type: 'select',
  id,
  name: id,
  category,
  currentValue,
  options: values.map((value) => ({ value, name: value })),
});
const list = [select('model', 'small', ['small', 'large'], 'model'), select('level', 'low', ['low', 'high'])];

describe('configOptionRules', () => {
  it('reads flat and grouped select values and boolean options; an absent list is null', () => {
    const grouped = {
      ...select('mode', 'a', []),
      options: [
        {
          group: 'g',
          name: 'G',
          options: [
            { value: 'a', name: 'A' },
            { value: 'b', name: 'B' },
          ],
        },
      ],
    };
    const options = configOptionsOf({ configOptions: [grouped, { type: 'boolean', id: 'fast', name: 'Fast', currentValue: false }] })!;
    expect(options.map((option) => [option.id, option.type, option.values])).toEqual([
      ['mode', 'select', ['a', 'b']],
      ['fast', 'boolean', [true, false]],
    ]);
    expect(configOptionsOf({})).toBeNull();
    expect(configOptionsOf(null)).toBeNull();
  });

  it('requires every current value to be one of the offered values', () => {
    expect(currentValueProblem(configOptionsOf({ configOptions: list })!)).toBeNull();
    expect(currentValueProblem(configOptionsOf({ configOptions: [select('model', undefined, ['small'])] })!)).toMatch(/"model" has currentValue absent/);
    expect(currentValueProblem(configOptionsOf({ configOptions: [select('model', 'huge', ['small'])] })!)).toMatch(/"huge"/);
  });

  it('requires the complete list with the new value set in the answer to set_config_option', () => {
    const before = configOptionsOf({ configOptions: list })!;
    const after = [select('model', 'large', ['small', 'large'], 'model'), select('level', 'low', ['low', 'high'])];
    expect(setAnswerProblem(before, 'model', 'large', { configOptions: after })).toBeNull();
    expect(setAnswerProblem(before, 'model', 'large', { configOptions: [after[0]] })).toMatch(/leaving out \["level"\]/);
    expect(setAnswerProblem(before, 'model', 'large', { configOptions: list })).toMatch(/currentValue "small", not the value set \("large"\)/);
    expect(setAnswerProblem(before, 'model', 'large', {})).toMatch(/no configOptions list/);
  });

  it('reads an echoed configuration only when the text is one JSON object', () => {
    expect(echoedConfiguration(' {"model":"large"}\n')).toEqual({ model: 'large' });
    expect(echoedConfiguration('model: large')).toBeNull();
    expect(echoedConfiguration('["large"]')).toBeNull();
  });

  it('sends a boolean value with its type', () => {
    expect(setConfigParams('s', 'fast', true)).toEqual({ sessionId: 's', configId: 'fast', type: 'boolean', value: true });
    expect(setConfigParams('s', 'model', 'large')).toEqual({ sessionId: 's', configId: 'model', value: 'large' });
  });
});
