import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { HOSTILE_DETAIL, hostileSelfCheckReport } from './__test-helpers__/hostileSelfCheckReport.js';
import { renderSelfCheckHtml } from './renderSelfCheckHtml.js';

// Same policy as acceptance.html's browser test: Debian's chromium, no download; without it
// this file FAILS naming the fix, unless ADAPTER_QUALIFY_SKIP_BROWSER_TESTS=1 skips it on purpose.
// The structural test (renderSelfCheckHtml.test.ts) runs either way.
const CHROMIUM = process.env['ADAPTER_QUALIFY_CHROMIUM'] ?? '/usr/bin/chromium';
const SKIP = process.env['ADAPTER_QUALIFY_SKIP_BROWSER_TESTS'] === '1';

const root = temporaryRoot('self-check-html-browser');
let browser: Browser | undefined;

beforeAll(async () => {
  if (SKIP) return;
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium), point ADAPTER_QUALIFY_CHROMIUM at a Chromium binary, ` +
        'or set ADAPTER_QUALIFY_SKIP_BROWSER_TESTS=1 to skip the browser test on purpose.',
    );
  }
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe.skipIf(SKIP)('self-check.html in headless Chromium', () => {
  it('renders offline: the outcome banner and the surviving mutant visible, its hostile detail as text, no request, no script', async () => {
    const file = join(root(), 'self-check.html');
    await writeFile(file, renderSelfCheckHtml(hostileSelfCheckReport()));
    const context = await browser!.newContext({ javaScriptEnabled: true, viewport: { width: 1280, height: 900 } });
    const attempted: string[] = [];
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      if (url.startsWith('file:')) return route.continue();
      attempted.push(url);
      return route.abort();
    });
    const page = await context.newPage();
    try {
      await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
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
      await context.close();
    }
  }, 60_000);
});
