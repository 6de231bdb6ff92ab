import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

// Policy: the browser tests need Debian's chromium (`.ci/run` installs it; no browser
// download). Without it they FAIL, naming the fix, unless
// ADAPTER_QUALIFY_SKIP_BROWSER_TESTS=1 says to skip them on purpose.
// ADAPTER_QUALIFY_CHROMIUM points at another Chromium binary.
const CHROMIUM = process.env['ADAPTER_QUALIFY_CHROMIUM'] ?? '/usr/bin/chromium';

/** Whether the browser tests are skipped on purpose (`ADAPTER_QUALIFY_SKIP_BROWSER_TESTS=1`). */
export const SKIP_BROWSER_TESTS = process.env['ADAPTER_QUALIFY_SKIP_BROWSER_TESTS'] === '1';

/**
 * Launches headless Chromium with no network side channels, or undefined when the
 * browser tests are skipped on purpose.
 * @throws Error naming the fix when Chromium is missing
 */
export async function launchHeadlessChromium(): Promise<Browser | undefined> {
  if (SKIP_BROWSER_TESTS) return undefined;
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium), point ADAPTER_QUALIFY_CHROMIUM at a Chromium binary, ` +
        'or set ADAPTER_QUALIFY_SKIP_BROWSER_TESTS=1 to skip the browser test on purpose.',
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A page opened offline by {@link openOffline}. */
export interface OfflinePage {
  readonly page: Page;
  /** Every URL the page tried to load besides local files (each aborted). */
  readonly attempted: readonly string[];
  /** Every URL the page requested, local files included, in order. */
  readonly requested: readonly string[];
  /** Closes the page's context. */
  close(): Promise<void>;
}

/**
 * Opens a local HTML file in a fresh context where every request that is not a
 * local file is aborted and recorded, so a test can require that none was made.
 * @param browser - from {@link launchHeadlessChromium}
 * @param file - absolute path of the page
 */
export async function openOffline(browser: Browser, file: string): Promise<OfflinePage> {
  const context: BrowserContext = await browser.newContext({ javaScriptEnabled: true, viewport: { width: 1280, height: 900 } });
  const attempted: string[] = [];
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith('file:')) return route.continue();
    attempted.push(url);
    return route.abort();
  });
  const requested: string[] = [];
  context.on('request', (request) => requested.push(request.url()));
  const page = await context.newPage();
  try {
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  } catch (error) {
    await context.close();
    throw error;
  }
  return { page, attempted, requested, close: () => context.close() };
}

/**
 * Launches one Chromium for the calling test file (before its tests, closed after them),
 * as `temporaryRoot` does for a directory.
 * @returns the browser, once launched; undefined when the browser tests are skipped on purpose.
 */
export function sharedHeadlessChromium(): () => Browser | undefined {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchHeadlessChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser;
}
