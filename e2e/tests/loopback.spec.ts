import { testIds } from '@member/shared-core/test-ids';
import { expect, test } from '../support/fixtures';
import { SIM_URL } from '../support/sim';
import { ONCE } from '../support/site-looks';

// The servers listen on loopback only. Browsers resolve `localhost` to ::1 and 127.0.0.1, often ::1 first; each
// address alone must serve the whole site: host page, theme remote, operator API (CORS) and control API.
for (const address of ['[::1]', '127.0.0.1']) {
  test(`localhost works when Chromium reaches it only through ${address}`, ONCE, async ({ playwright, site }, testInfo) => {
    const { launchOptions = {}, baseURL, viewport, locale } = testInfo.project.use;
    const browser = await playwright.chromium.launch({
      ...launchOptions,
      args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP localhost ${address}`],
    });
    try {
      const page = await browser.newPage({ baseURL, viewport, locale });
      const layout = site.pages.login.theme;
      const apiCall = page.waitForResponse((response) => response.url().startsWith(`${SIM_URL}/api/`));
      const document = await page.goto(`/login?prefix=${site.key}`);
      // Reached through the address under test, not the other one.
      expect((await document?.serverAddr())?.ipAddress).toBe(address);
      await expect(page.getByTestId(testIds.siteName).first()).toHaveText(site.brand.name);
      // A guest's first call to the API waits for them to act: they start typing their phone number.
      await page.getByTestId(testIds.loginPhone).click();
      const api = await apiCall;
      expect([api.status(), (await api.serverAddr())?.ipAddress]).toEqual([200, address]);
      await expect(page.locator(`[data-theme-name="${layout}"]`).first()).toBeVisible();
      await expect(page.getByTestId(testIds.themeFallbackNotice)).toHaveCount(0);
      const health = await page.evaluate((url) => fetch(url).then((response) => response.json() as Promise<unknown>), `${SIM_URL}/health`);
      expect(health).toEqual({ ok: true });
    } finally {
      await browser.close();
    }
  });
}
