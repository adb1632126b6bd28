import type { Page } from '@playwright/test';

/**
 * Counts this page's requests whose address `matches` picks: those sent, and those answered (a reply's status came, or
 * the request failed). A test waits for `answered` to reach `sent` to know none is still on its way.
 */
export function followRequests(page: Page, matches: (url: string) => boolean): { sent: number; answered: number } {
  const calls = { sent: 0, answered: 0 };
  page.on('request', (request) => {
    if (matches(request.url())) calls.sent += 1;
  });
  const answered = (item: { url(): string }) => {
    if (matches(item.url())) calls.answered += 1;
  };
  page.on('response', answered);
  page.on('requestfailed', answered);
  return calls;
}
