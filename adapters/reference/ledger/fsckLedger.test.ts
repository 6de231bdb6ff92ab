import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withDir } from 'tmp-promise';
import { describe, expect, it } from 'vitest';
import { fsckLedger } from './fsckLedger.js';

describe('fsckLedger', () => {
  it('drops stale temp files, keeps young ones, verifies records and reports damaged ones without touching them', async () => {
    await withDir(
      async ({ path: root }) => {
        const good = join(root, 'operations', 'a');
        const torn = join(root, 'operations', 'b');
        await mkdir(good, { recursive: true });
        await mkdir(torn, { recursive: true });
        await writeFile(join(good, 'admission.json'), '{"admissionId":"x"}');
        await writeFile(join(good, 'terminal.json'), '{"revision":2}');
        const stale = join(good, '.terminal.json.1234.tmp');
        const young = join(good, '.admission.json.5678.tmp');
        await writeFile(stale, '{"rev');
        await writeFile(young, '{"adm');
        const now = Date.now();
        await utimes(stale, new Date(now - 60_000), new Date(now - 60_000));
        await writeFile(join(torn, 'admission.json'), '{"binding":{"operat');

        const report = fsckLedger(root, { now, staleAfterMs: 30_000 });

        expect(report).toMatchObject({ operations: 2, records: 2, droppedTemps: 1 });
        expect(report.problems).toHaveLength(1);
        expect(report.problems[0]).toMatch(/operations\/b\/admission\.json: ledger record is not JSON/);
        expect(existsSync(stale)).toBe(false);
        expect(existsSync(young)).toBe(true);
        expect(existsSync(join(torn, 'admission.json'))).toBe(true);
      },
      { unsafeCleanup: true },
    );
  });

  it('treats a missing ledger as empty', () => {
    expect(fsckLedger('/nonexistent/ledger', { now: Date.now(), staleAfterMs: 0 })).toEqual({ operations: 0, records: 0, droppedTemps: 0, problems: [] });
  });
});
