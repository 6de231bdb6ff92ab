import { validateAction, validateWorkflow } from '@action-validator/core';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { packageRoot } from './harness/packageRoot.js';

// Every ```yaml block of the README and the docs/ pages: readers paste them into their CI as they are.
const documents = [
  'README.md',
  ...readdirSync(join(packageRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const blocks = documents.flatMap((document) => {
  const text = readFileSync(join(packageRoot, document), 'utf8');
  return [...text.matchAll(/^```ya?ml\n([\s\S]*?)^```$/gm)].map((match) => ({ text: match[1]!, at: `${document}:${text.slice(0, match.index).split('\n').length + 1}` }));
});

describe('README and docs YAML', () => {
  it('has YAML blocks to check', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
  });

  for (const block of blocks) {
    it(`the block at ${block.at} parses and, as a workflow or action, validates against the GitHub Actions schema`, () => {
      const document = parseDocument(block.text);
      expect(document.errors.map((error) => error.message)).toEqual([]);
      const value = document.toJS() as Record<string, unknown>;
      const kind = Object.hasOwn(value, 'jobs') ? 'workflow' : Object.hasOwn(value, 'runs') ? 'action' : null;
      expect(kind, 'every YAML block is a whole workflow or action, so it can be validated').not.toBeNull();
      const state = kind === 'workflow' ? validateWorkflow(block.text) : validateAction(block.text);
      expect(state.errors).toEqual([]);
    });
  }
});
