import { createCipheriv, createDecipheriv, randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Site } from '@member/shared-core';
import { expect } from './fixtures';
import { createMember, type TestMember } from './sim';

/**
 * A logged-in member without going through the login screen, for tests that are not about logging in.
 *
 * It makes the same phoneLogin call the login form makes (same fields, same encryption, against the API
 * the deployed /config.json names) and leaves the three cookies a phone login leaves. The next page load
 * then restores the session as a reload after a real login does (getProfile, then the provider set-up).
 * Tests about the login screen itself keep using LoginPage.
 */

interface WireConfig {
  apiBase: string;
  crypto: { key: string; iv: string };
}

const SESSION_DAYS = 30;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function encrypt(config: WireConfig, plain: string): string {
  const cipher = createCipheriv('aes-256-cbc', Buffer.from(config.crypto.key, 'utf8'), Buffer.from(config.crypto.iv, 'utf8'));
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

function decrypt(config: WireConfig, base64: string): string {
  const decipher = createDecipheriv('aes-256-cbc', Buffer.from(config.crypto.key, 'utf8'), Buffer.from(config.crypto.iv, 'utf8'));
  return Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]).toString('utf8');
}

/** A state as the login form makes one: `{prefix}.{32 letters or digits}`. */
function loginState(prefix: string): string {
  return `${prefix}.${Array.from({ length: 32 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('')}`;
}

/** Logs `member` in by phone on `site` and stores the session cookies in the page's browser context. */
export async function logInWithCookies(page: Page, site: Site, member: Pick<TestMember, 'phone' | 'password'>): Promise<string> {
  const configResponse = await page.request.get('/config.json');
  expect(configResponse.ok(), 'the host serves /config.json').toBe(true);
  const config = (await configResponse.json()) as WireConfig;
  const fields = {
    username: member.phone,
    password: member.password,
    state: loginState(site.key),
    prefix: site.key,
    divisions: site.divided ? 'true' : 'false',
  };
  const body = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, encrypt(config, String(value))]));
  const response = await page.request.post(`${config.apiBase.replace(/\/$/, '')}/api/phoneLogin`, { data: body });
  const envelope = (await response.json()) as { data: string };
  const reply = JSON.parse(decrypt(config, envelope.data)) as { status: boolean; access_token?: string; message?: string };
  expect(reply.status, `phoneLogin for ${member.phone}: ${reply.message ?? ''}`).toBe(true);
  const token = reply.access_token!;
  const url = new URL(configResponse.url()).origin;
  const expires = Math.floor(Date.now() / 1000) + SESSION_DAYS * 86_400;
  // As the host writes them: path /, SameSite Lax, 30 days, the value URI-encoded.
  await page.context().addCookies(
    [
      [`token-${site.key}`, token],
      [`type-login-${site.key}`, 'phone'],
      [`member-${site.key}`, site.key],
    ].map(([name, value]) => ({ name: name!, value: encodeURIComponent(value!), url, expires, sameSite: 'Lax' as const })),
  );
  return token;
}

/** A member of its own (see createMember), already logged in: open any member page next. */
export async function loggedInMember(page: Page, site: Site, options: Parameters<typeof createMember>[2] = {}): Promise<TestMember> {
  const member = await createMember(page.request, site.key, options);
  await logInWithCookies(page, site, member);
  return member;
}

/**
 * Opens a member page and returns once the app has it. A lobby may come filled in the HTML first (from the device's kept
 * list, or on a first visit from the early start's replies), with the app's own lobby rendered unseen beside it until
 * it replaces it: a test of the app's lobby reads it once it is the only one. A member meanwhile uses the drawn one,
 * whose presses and search the app takes over (tests/drawn-pages.spec.ts).
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await appHasThePage(page);
}

/** Until the app has the page: the document no longer says it is drawn (app/boot/drawn-page.ts takes the mark away). */
export async function appHasThePage(page: Page): Promise<void> {
  await expect(page.locator('html')).not.toHaveAttribute('data-drawn-page', /.*/);
}

/** The first calls of the provider set-up, made right after the member's effects have started. */
const isSetUpCall = (url: string) => /\/api\/(gclubData|gclubMaintain|ufaMaintain)$/.test(new URL(url).pathname);

/**
 * Opens a member page and returns once the member's effects are running: their provider set-up has sent
 * its first call, so the timers started in the same pass (verification, channel) are set, and the tab holds the
 * lead of the site's verification (host features/session/verify-effects.tsx: a Web Lock, granted asynchronously; a
 * timer that fires before it is granted verifies nothing), so the clock can be moved.
 */
export async function openMemberPage(page: Page, path: string): Promise<void> {
  const settingUp = page.waitForRequest((r) => isSetUpCall(r.url()));
  await page.goto(path);
  await settingUp;
  const prefix = new URL(path, 'http://member.test').searchParams.get('prefix');
  await expect
    .poll(() =>
      page.evaluate(
        async (name) => ((await navigator.locks.query()).held ?? []).some((lock) => lock.name === name),
        `member-verify-${prefix}`,
      ),
    )
    .toBe(true);
}

/** The provider set-up's last calls: each provider's login, or its logged-in check. */
const isSessionAnswer = (service: 'gclub' | 'ufa', url: string) =>
  new RegExp(`^/api/${service}(Login|CheckLogged)$`).test(new URL(url).pathname);

/**
 * Resolves once both providers' sessions are set up (their login or logged-in check answered): the last work a
 * member page's boot sends on its own. Network idleness alone is not that signal: a busy machine can pause longer
 * between two of the boot's calls than the 500 ms idleness needs. Call it before the navigation.
 */
export function providerSessionsAnswered(page: Page): Promise<unknown> {
  return Promise.all((['gclub', 'ufa'] as const).map((service) => page.waitForResponse((r) => isSessionAnswer(service, r.url()))));
}
