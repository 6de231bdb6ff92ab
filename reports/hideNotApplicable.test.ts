import { describe, expect, it } from 'vitest';
import { codingOperationClauses } from '../harness/clauses.js';
import { notApplicableClauses } from '../harness/notApplicableClauses.js';
import { buildReport } from './buildReport.js';
import { renderHtml } from './renderHtml.js';
import { renderJunit } from './renderJunit.js';
import { renderMarkdown } from './renderMarkdown.js';
import { renderStepSummary } from './stepSummary.js';
import { renderSummary } from './renderSummary.js';
import { evidence, meta, reportInput } from './__test-helpers__/reportFixtures.js';
import { validateReport } from './validateReport.js';
import type { AcceptanceReport } from './types.js';

// A command adapter: the SDK clauses cannot apply. Every other clause passes.
const notApplicable = notApplicableClauses('command');
const hiddenIds = Object.keys(notApplicable);
const applicable = codingOperationClauses.filter((definition) => !(definition.id in notApplicable));

function report(hide: boolean): AcceptanceReport {
  const base = reportInput();
  return buildReport(
    reportInput({
      metas: [meta('all', ...applicable.map((definition) => evidence(definition.id, { cases: 1 })))],
      notApplicable,
      run: { ...base.run, options: { ...base.run.options, ...(hide ? { hideNotApplicable: true as const } : {}) } },
    }),
  );
}

const renderings: Readonly<Record<string, (report: AcceptanceReport) => string>> = {
  markdown: renderMarkdown,
  html: renderHtml,
  junit: renderJunit,
  'step summary': (r) => renderStepSummary(r, 1_000_000),
  'terminal summary': (r) => renderSummary(r, '/tmp/report'),
};

describe('--hide-not-applicable in every rendering', () => {
  it('has not-applicable clauses to hide in this fixture, and a schema-valid report either way', () => {
    expect(hiddenIds.length).toBeGreaterThan(0);
    validateReport(report(true));
    expect(report(true).clauses).toHaveLength(codingOperationClauses.length);
  });

  for (const [name, render] of Object.entries(renderings)) {
    it(`${name}: leaves the not-applicable clauses out and says how many, only when asked`, () => {
      const hidden = render(report(true));
      const shown = render(report(false));
      const note = `${hiddenIds.length} clauses not applicable to this kind of subject are not listed (--hide-not-applicable)`;
      expect(hidden).toContain(note);
      expect(shown).not.toContain('--hide-not-applicable');
      // The terminal summary lists no passing or skipped clause by name; the others list every shown one.
      if (name !== 'terminal summary') {
        for (const id of hiddenIds) {
          expect(shown).toContain(id);
          expect(hidden).not.toContain(`${id} `);
          expect(hidden).not.toContain(`${id}<`);
          expect(hidden).not.toContain(`| ${id} |`);
        }
        expect(hidden).toContain(applicable[0]!.id);
      }
    });
  }

  it('junit: counts only the listed test cases', () => {
    expect(renderJunit(report(true))).toContain(`tests="${applicable.length}" failures="0" errors="0" skipped="0"`);
    expect(renderJunit(report(false))).toContain(`tests="${codingOperationClauses.length}"`);
  });
});
