import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

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
