import type { Page, WebSocket } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';
import { expect } from './fixtures';
import { openMemberPage } from './session';
import { channelSubscribed, simPost, type TestMember } from './sim';

/** The host joins the member's private channel this long after the app mounted. */
export const FIRST_SUBSCRIBE_DELAY_MS = 3_000;
/** pusher-js waits this long before it reconnects after a connection that closed without a close code. */
export const PUSHER_RECONNECT_MS = 1_000;

export const isChannelAuth = (url: string) => url.endsWith('/api/member/broadcasting/auth');

/**
 * Opens a member page and joins the member's channel at once instead of 3 s later: the clock must be
 * installed (`page.clock.install()`) before the first navigation. Returns once the simulator has the
 * subscription, so an event sent next reaches the page.
 */
export async function openWithChannel(page: Page, path: string, member: Pick<TestMember, 'cid'>): Promise<void> {
  await openMemberPage(page, path);
  const joined = page.waitForRequest((r) => isChannelAuth(r.url()));
  await page.clock.fastForward(FIRST_SUBSCRIBE_DELAY_MS);
  await joined;
  await expect.poll(() => channelSubscribed(page.request, member.cid), { message: `private-member.${member.cid} subscribed` }).toBe(true);
}

/** The page's realtime socket: the last one it opened to the Pusher endpoint. Call before the page opens it. */
export function watchSockets(page: Page): () => WebSocket {
  const sockets: WebSocket[] = [];
  page.on('websocket', (ws) => {
    if (/\/app\//.test(ws.url())) sockets.push(ws);
  });
  return () => {
    const last = sockets.at(-1);
    if (!last) throw new Error('the page has opened no realtime socket');
    return last;
  };
}

/**
 * Keeps the text of every member toast the page shows, including one a later toast replaces (the page
 * shows one toast at a time). Read them with shownToasts(). Call after the page loaded.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.evaluate((toastId) => {
    const seen: string[] = [];
    (window as unknown as { shownToasts: string[] }).shownToasts = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target as HTMLElement;
        if (target.dataset.testid === toastId) seen.push(target.textContent ?? '');
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-testid'] });
  }, testIds.memberToast);
}

export function shownToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { shownToasts: string[] }).shownToasts);
}

/**
 * Once the member's channel delivers (a harmless event, sent until one reaches the page), the simulator books a
 * deposit of 100 on UFA: its MemberTrans shows the member's toast. Returns the toast, visible.
 */
export async function depositToast(page: Page, prefix: string, member: Pick<TestMember, 'cid' | 'phone'>) {
  await expect
    .poll(
      async () =>
        (
          (await simPost(page.request, '/__sim/events', {
            memberId: member.cid,
            event: 'MemberTrans',
            data: { status: false, gameuser: 'none', type: 'deposit', service: 'UFA' },
          })) as { delivered: number }
        ).delivered,
    )
    .toBe(1);
  await simPost(page.request, '/__sim/deposit', { prefix, phone: member.phone, service: 'UFA', amount: 100 });
  const toast = page.getByTestId(testIds.memberToast);
  await expect(toast).toBeVisible();
  return toast;
}
