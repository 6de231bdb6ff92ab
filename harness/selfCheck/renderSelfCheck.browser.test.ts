import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openOffline, sharedHeadlessChromium, SKIP_BROWSER_TESTS } from '../__test-helpers__/headlessChromium.js';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { HOSTILE_DETAIL, hostileSelfCheckReport } from './__test-helpers__/selfCheckFixtures.js';
import { renderSelfCheckHtml } from './renderSelfCheck.js';

// Chromium as headlessChromium.ts says (it fails naming the fix when missing);
// the structural test (renderSelfCheckHtml.test.ts) runs either way.

const root = temporaryRoot('self-check-html-browser');
const browser = sharedHeadlessChromium();

describe.skipIf(SKIP_BROWSER_TESTS)('self-check.html in headless Chromium', () => {
  it('renders offline: the outcome banner and the surviving mutant visible, its hostile detail as text, no request, no script', async () => {
    const file = join(root(), 'self-check.html');
    await writeFile(file, renderSelfCheckHtml(hostileSelfCheckReport()));
    const { page, attempted, close } = await openOffline(browser()!, file);
    try {
      const banner = page.locator('#outcome');
      await expect.poll(() => banner.isVisible()).toBe(true);
      expect(await banner.locator('h1').innerText()).toBe('FAILED');
      const survivor = page.locator('#matrix tr', { hasText: 'mutant-survived' });
      expect(await survivor.isVisible()).toBe(true);
      expect(await survivor.innerText()).toContain(HOSTILE_DETAIL);
      // Expressions as strings: the project compiles without the DOM library.
      expect(await page.evaluate("document.querySelectorAll('script, img, iframe, object, embed, link').length")).toBe(0);
      expect(await page.evaluate('typeof window.__pwned')).toBe('undefined');
      expect(attempted).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);
});
