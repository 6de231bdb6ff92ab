import { describe, expect, it } from 'vitest';
import type { SandboxRecord } from '../harness/transport/sandbox/openRunSandbox.js';
import { smallReport } from './__test-helpers__/reportFixtures.js';
import { renderHtml } from './renderHtml.js';
import { renderMarkdown } from './renderMarkdown.js';
import { sandboxItems } from './sandboxWording.js';
import type { AcceptanceReport } from './types.js';
import { validateReport } from './validateReport.js';

const NOT_DELEGATED = "no pids.max or memory.max (the pids and memory controllers are not delegated to the run's cgroup)";
const SAME_UID = "outside the sandbox the candidate's processes have the suite's uid (its user namespace maps its uid to the caller's)";

const bubblewrap: SandboxRecord = {
  mechanism: 'bubblewrap',
  disabled: false,
  namespaces: { user: true, pid: true, mount: true, network: true, ipc: true },
  uid: 65534,
  readOnlyRoot: true,
  writable: ['/tmp/aq-work/scratch', '/tmp (private)'],
  hidden: ['/opt/adapter-qualify', '/root'],
  network: 'none',
  cgroup: { pidsMax: null, memoryMax: null, peakProcesses: 7, peakMemoryBytes: null, killedAtEnd: 2 },
  missing: [],
  weaker: [SAME_UID, NOT_DELEGATED],
};

const refused: SandboxRecord = {
  mechanism: 'none',
  disabled: false,
  namespaces: { user: false, pid: false, mount: false, network: false, ipc: false },
  uid: null,
  readOnlyRoot: false,
  writable: [],
  hidden: [],
  network: 'allowed',
  cgroup: null,
  missing: ['no sandbox: the kernel or the installation refuses namespaces: bubblewrap cannot make namespaces here (setting up uid map: Permission denied)'],
  weaker: [],
};

function withRun(run: Partial<AcceptanceReport['run']>): AcceptanceReport {
  const report = smallReport();
  const shown = { ...report, run: { ...report.run, ...run } };
  validateReport(shown);
  return shown;
}

describe('the sandbox record in the readable reports', () => {
  it('names the mechanism, the namespaces, the view, the cgroup, and every refused containment as its own item', () => {
    expect(sandboxItems(bubblewrap)).toEqual([
      { term: 'Sandbox', text: 'bubblewrap; own user, pid, mount, ipc, network namespaces; uid 65534 inside; root file system read-only; no network but loopback' },
      { term: 'Sandbox writable', text: '/tmp/aq-work/scratch, /tmp (private)' },
      { term: 'Sandbox hidden', text: '/opt/adapter-qualify, /root' },
      {
        term: 'Sandbox cgroup',
        text: 'no pids.max (not delegated); no memory.max (not delegated); peak processes 7; peak memory bytes not measured; 2 process(es) left at the end, killed',
      },
      { term: 'Sandbox weaker', text: SAME_UID },
      { term: 'Sandbox weaker', text: NOT_DELEGATED },
    ]);
    expect(sandboxItems(refused)).toEqual([
      { term: 'Sandbox', text: 'none: the kernel or the installation refused it (see below)' },
      { term: 'Sandbox MISSING', text: refused.missing[0] },
    ]);
    expect(sandboxItems({ ...refused, disabled: true, missing: ['no sandbox (--no-sandbox)'] })[0]?.text).toMatch(/^none \(--no-sandbox\)/);
  });

  it('acceptance.md and acceptance.html show the record and each refusal, and the transcript digest', () => {
    const transcript = { sha256: 'ab'.repeat(32), bytes: 4096 };
    for (const record of [bubblewrap, refused]) {
      const report = withRun({ sandbox: record, transcript });
      const markdown = renderMarkdown(report);
      const html = renderHtml(report);
      for (const item of sandboxItems(record)) {
        expect(markdown).toContain(`- ${item.term}: ${item.text}`);
        expect(html).toContain(`<dt>${item.term}</dt><dd>${item.text.replaceAll("'", '&#39;')}</dd>`);
      }
      expect(markdown).toContain(`- Transcript: transcript.jsonl sha256 ${transcript.sha256} (4096 bytes;`);
      expect(html).toContain(`sha256 <code>${transcript.sha256}</code> (4096 bytes)`);
    }
  });
});
