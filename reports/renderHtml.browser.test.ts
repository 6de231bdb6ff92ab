import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openOffline, sharedHeadlessChromium, SKIP_BROWSER_TESTS } from '../harness/__test-helpers__/headlessChromium.js';
import { temporaryRoot } from '../harness/__test-helpers__/temporaryRoot.js';
import { renderHtml } from './renderHtml.js';
import { HOSTILE_REPLAY, hostileReport } from './__test-helpers__/reportFixtures.js';

// Chromium as headlessChromium.ts says (it fails naming the fix when missing);
// ADAPTER_QUALIFY_SCREENSHOT_DIR keeps the screenshot (e.g. as a CI artifact).

const root = temporaryRoot('html-browser');
const browser = sharedHeadlessChromium();

describe.skipIf(SKIP_BROWSER_TESTS)('acceptance.html in headless Chromium', () => {
  it('renders offline: verdict banner and the failing clause with its replay command visible, no request, no script', async () => {
    const file = join(root(), 'acceptance.html');
    await writeFile(file, renderHtml(hostileReport()));
    // Every request that is not the page itself is aborted and recorded; the page loads only itself.
    const { page, attempted, requested, close } = await openOffline(browser()!, file);
    try {
      const banner = page.locator('#verdict');
      await expect.poll(() => banner.isVisible()).toBe(true);
      expect(await banner.locator('h1').innerText()).toBe('NON-CONFORMANT');
      // The first screen, as a reviewer opens it: the banner on top.
      const screenshot = join(process.env['ADAPTER_QUALIFY_SCREENSHOT_DIR'] ?? root(), 'acceptance.png');
      await page.screenshot({ path: screenshot, fullPage: false });
      expect((await stat(screenshot)).size).toBeGreaterThan(10_000);

      const failure = page.locator('#failure-REQ-CLOSED');
      await failure.scrollIntoViewIfNeeded();
      expect(await failure.isVisible()).toBe(true);
      expect(await failure.locator('h3').innerText()).toContain('REQ-CLOSED');
      const replay = failure.locator('pre.replay');
      expect(await replay.isVisible()).toBe(true);
      expect(await replay.innerText()).toBe(HOSTILE_REPLAY);
      expect(await page.locator('#clause-REQ-CLOSED .verdict').innerText()).toBe('FAIL');

      // The hostile text stayed text: no element came out of it, and nothing ran.
      // Expressions as strings: the project compiles without the DOM library.
      expect(await page.evaluate("document.querySelectorAll('script, img, iframe, object, embed, link').length")).toBe(0);
      expect(await page.evaluate('typeof window.__pwned')).toBe('undefined');
      expect(await failure.innerText()).toContain('</script><script>window.__pwned=1</script>');

      expect(attempted).toEqual([]);
      expect(requested).toEqual([pathToFileURL(file).href]);
    } finally {
      await close();
    }
  }, 60_000);
});
