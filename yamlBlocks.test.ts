import { validateAction, validateWorkflow } from '@action-validator/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { packageRoot } from './harness/packageRoot.js';

// Every ```yaml block of the README: readers paste them into their CI as they are.
const readme = readFileSync(join(packageRoot, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/^```ya?ml\n([\s\S]*?)^```$/gm)].map((match) => ({ text: match[1]!, line: readme.slice(0, match.index).split('\n').length + 1 }));

describe('README YAML', () => {
  it('has YAML blocks to check', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
  });

  for (const block of blocks) {
    it(`the block at README.md:${block.line} parses and, as a workflow or action, validates against the GitHub Actions schema`, () => {
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
