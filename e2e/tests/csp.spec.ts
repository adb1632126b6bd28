import type { Page, Response } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';
import { expect, overrideConfig, test } from '../support/fixtures';
import { LoginPage } from '../support/login-page';
import { depositToast } from '../support/channel';
import { createMember, SIM_URL } from '../support/sim';
import { loggedInMember } from '../support/session';
import { ONCE, perLook } from '../support/site-looks';
import { th } from '@member/shared-core/i18n/th';

interface Violation {
  directive: string;
  blocked: string;
  source: string;
  url: string;
}

/** Every `securitypolicyviolation` of every document the page opens (frames too), reported back to the test. */
async function collectViolations(page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  await page.exposeBinding('__reportCspViolation', (_source, violation: Violation) => {
    violations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (v: unknown) => void }).__reportCspViolation;
      report?.({ directive: event.effectiveDirective, blocked: event.blockedURI, source: event.sourceFile, url: document.location.href });
    });
  });
  return violations;
}

function policyOf(response: Response | null): string {
  expect(response, 'the page answered').not.toBeNull();
  return response!.headers()['content-security-policy'] ?? '';
}

/** A policy with its answer's nonce left out (in script-src and style-src): the rest is the same for every page of a brand. */
const withoutNonce = (policy: string) => policy.replace(/'nonce-[^']+'/g, "'nonce'");

test.describe('with the service worker', () => {
  // Its registration (worker-src 'self') and the pages it answers are under the same policy.
  test.use({ serviceWorkers: 'allow' });

  test('the whole member journey runs under the policy without one violation', perLook('withdraw'), async ({ page, site }) => {
    const violations = await collectViolations(page);
    const member = await createMember(page.request, site.key);

    const joined = page.waitForRequest((request) => request.url().endsWith('/api/member/broadcasting/auth'), { timeout: 15_000 });
    const login = new LoginPage(page, site.key);
    const first = page.waitForResponse((response) => new URL(response.url()).pathname === '/login');
    await login.logInAndLand(member.phone, member.password);
    const policy = policyOf(await first);
    // The policy is there, and strict: nothing here passes for want of a header.
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/unsafe-(eval|inline)/);

    // A live event: sweetalert2's toast, styled from its stylesheet file (no inline <style> under this policy).
    await joined;
    await depositToast(page, site.key, member);
    await expect(page.locator('.swal2-container')).toHaveCSS('position', 'fixed');

    // The lobby: game tiles with their images from the API's origin.
    await page.goto(`/slot?prefix=${site.key}`);
    const image = page.getByTestId(testIds.gameTile).locator('img').first();
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await page.goto(`/withdraw?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.withdrawAmount)).toBeVisible();

    // The promotion page, framed from the simulator, which lets the host's origins frame it.
    const promotion = await page.goto(`/promotion?prefix=${site.key}`);
    // The same policy for the brand's pages, each answer's nonce its own.
    expect(withoutNonce(policyOf(promotion))).toBe(withoutNonce(policy));
    expect(policyOf(promotion)).not.toBe(policy);
    await expect(page.getByTestId(testIds.promotionFrame)).toBeVisible();
    await expect(page.frameLocator(`[data-testid="${testIds.promotionFrame}"]`).locator('h1')).toContainText(
      `${site.brand.name} promotions`,
    );
    await expect(page.getByTestId(testIds.promotionCard)).toHaveCount(0);

    expect(violations).toEqual([]);
    // The worker registered under the policy, and answers the pages now.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/\/sw\.js$/);
  });
});

test('a script from an origin the policy does not list is refused', ONCE, async ({ page, site }) => {
  const violations = await collectViolations(page);
  await new LoginPage(page, site.key).open();
  const foreign = 'http://127.0.0.1:4419/x.js';
  const outcome = await page.evaluate(
    (src) =>
      new Promise<string>((resolve) => {
        const script = document.createElement('script');
        script.src = src;
        script.onload = () => resolve('loaded');
        script.onerror = () => resolve('refused');
        document.head.append(script);
      }),
    foreign,
  );
  expect(outcome).toBe('refused');
  await expect.poll(() => violations.map((v) => `${v.directive} ${v.blocked}`)).toContain(`script-src-elem ${foreign}`);
  // Nothing of it ran: the page is the same page, and the login form still works.
  expect(await page.evaluate(() => 'injected' in window)).toBe(false);
  await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
});

test('an inline script is refused too', ONCE, async ({ page, site }) => {
  const violations = await collectViolations(page);
  await new LoginPage(page, site.key).open();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true;';
    document.head.append(script);
  });
  await expect.poll(() => violations.map((v) => `${v.directive} ${v.blocked}`)).toContain('script-src-elem inline');
  expect(await page.evaluate(() => 'injected' in window)).toBe(false);
});

test('a promotion the policy does not let the page frame shows a card that opens it', ONCE, async ({ page, site }) => {
  const violations = await collectViolations(page);
  // The deploy lists the promotion on 127.0.0.1, but the policy was written for its localhost name:
  // the link passes the safe-URL guard, and the browser refuses the frame.
  const simPort = new URL(SIM_URL).port;
  const elsewhere = `http://127.0.0.1:${simPort}/promo/${site.key}`;
  await overrideConfig(page, (config) => ({
    ...config,
    allowedOrigins: [...(config.allowedOrigins as string[]), `http://127.0.0.1:${simPort}`],
  }));
  await page.route('**/sites.json', async (route) => {
    const response = await route.fetch();
    const sites = (await response.json()) as { sites: Array<{ key: string; promoLink: string }> };
    for (const s of sites.sites) if (s.key === site.key) s.promoLink = elsewhere;
    await route.fulfill({ response, body: JSON.stringify(sites) });
  });
  await loggedInMember(page, site);
  await page.goto(`/promotion?prefix=${site.key}`);

  const card = page.getByTestId(testIds.promotionCard);
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading')).toHaveText(th.walletUi.promotion.cardTitle.replace('{{site}}', site.brand.name));
  const open = card.getByTestId(testIds.promotionOpen);
  await expect(open).toHaveAttribute('href', elsewhere);
  await expect(open).toHaveAttribute('target', '_blank');
  await expect(page.getByTestId(testIds.promotionFrame)).toHaveCount(0);
  expect(violations.map((v) => `${v.directive} ${new URL(v.blocked).origin}`)).toContain(`frame-src http://127.0.0.1:${simPort}`);

  // The button opens the promotion in a tab of its own.
  const [popup] = await Promise.all([page.waitForEvent('popup'), open.click()]);
  await expect(popup.locator('h1')).toContainText(`${site.brand.name} promotions`);
});
