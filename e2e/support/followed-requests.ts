import type { Page, Request } from '@playwright/test';

/** A page's requests to some address, as they go: read at the moment a test looks. */
export interface FollowedRequests {
  /** Requests sent so far. */
  readonly sent: number;
  /** Requests answered so far (a reply's status came, or the request failed), each counted once. */
  readonly answered: number;
  /** Requests sent and not answered yet. */
  readonly inFlight: number;
}

/**
 * Follows this page's requests whose address `matches` picks. A test waits for `inFlight` to reach 0 to know none is
 * still on its way: polled as one live figure, so a request the page sends while the test waits (its timers' last step
 * may send one a moment later) is waited for too. A request can be both answered and then fail (its body cut off): it
 * counts once.
 */
export function followRequests(page: Page, matches: (url: string) => boolean): FollowedRequests {
  let sent = 0;
  const answered = new Set<Request>();
  page.on('request', (request) => {
    if (matches(request.url())) sent += 1;
  });
  const answer = (request: Request) => {
    if (matches(request.url())) answered.add(request);
  };
  page.on('response', (response) => answer(response.request()));
  page.on('requestfailed', answer);
  return {
    get sent() {
      return sent;
    },
    get answered() {
      return answered.size;
    },
    get inFlight() {
      return sent - answered.size;
    },
  };
}
