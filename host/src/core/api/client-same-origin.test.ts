// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://members.test/slot/theme/PRE8?prefix=pre8"}
import { describe, expect, it, vi } from 'vitest';
import { OPERATOR_CALLS } from '@member/shared-core/api/calls';
import type { StatusReply } from '@member/shared-core';
import { createApiClient } from './client';
import { createWireCipher } from './crypto';
import { testCall as defineEndpoint } from './test-calls';

const KEY = 'MemberDemoKey-0123456789abcdefgh';
const IV = 'MemberDemoIV0123';
const cipher = createWireCipher(KEY, IV);
const logout = defineEndpoint<{ token: string }, StatusReply>({
  name: 'logout',
  method: 'post',
  path: '/api/logout',
  reply: OPERATOR_CALLS.logout.reply,
});

/** The URL each call was sent to, from a page on a nested route (where a relative URL would go wrong). */
async function urlCalled(apiBase: string): Promise<string> {
  const urls: string[] = [];
  const fetch = vi.fn(async (input: Request | string | URL, init?: RequestInit) => {
    urls.push((input instanceof Request ? input : new Request(input, init)).url);
    return new Response(JSON.stringify({ data: cipher.encrypt(JSON.stringify({ status: true })) }), { status: 200 });
  });
  const api = createApiClient({ apiBase, crypto: { key: KEY, iv: IV } }, { fetch: fetch as unknown as typeof globalThis.fetch });
  await expect(api.call(logout, { token: 't' })).resolves.toEqual({ status: true });
  return urls[0]!;
}

describe("the API under the page's own origin", () => {
  it('an apiBase of / calls /api/... on the origin the page was opened under, whatever its route', async () => {
    expect(await urlCalled('/')).toBe('http://members.test/api/logout');
  });
  it("an apiBase naming the page's origin, with or without its slash, calls the same", async () => {
    expect(await urlCalled('http://members.test')).toBe('http://members.test/api/logout');
    expect(await urlCalled('http://members.test/')).toBe('http://members.test/api/logout');
  });
  it('an API on another origin, under a path, keeps its path', async () => {
    expect(await urlCalled('https://api.operator.test/v2/')).toBe('https://api.operator.test/v2/api/logout');
  });
});
