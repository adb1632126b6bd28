import type { GclubLoginReply, GclubOpenReply } from '@member/shared-core';
import type { SimLaunchRecord, SimProviderState } from '../control-types';
import { gameMenuEntry, GAME_MENU } from '@member/shared-core/games/menu';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TICKET_TTL_MS } from '../state/launches';
import { DEFAULT_PROVIDER_SESSION_MS } from '../state/providers';
import { HOST_ORIGIN, startTestSim, type TestSim } from '../testing/harness';
import { GCLUB_PRODUCT_CALLS, GCLUB_PRODUCTS } from './gclub-open-product';

const UNAUTHORIZED = { status: false, code: 401, message: 'Unauthorized' };
const GCLUB_USER = 'pre8g1001';
const RSG = gameMenuEntry('slot', 'RSG')!;

describe('GCLUB open calls and launch pages', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.control('POST', '/__sim/reset');
  });

  const gclubToken = async (username = GCLUB_USER, password = 'Gc1001pw') => {
    const { body } = await t.apiPost<GclubLoginReply>('/api/gclubLogin', { username, password });
    return body.result!.token;
  };
  const openGame = (token: string | undefined, url: string, code: string) =>
    t.apiPost<GclubOpenReply>('/api/gclubOpenGame', { token, url, code });
  const launches = async () => (await t.control<{ launches: SimLaunchRecord[] }>('GET', '/__sim/launches')).body.launches;
  /** Opens a launch link on the simulator (the link names SIM_PUBLIC_BASE, here the same server). */
  const visit = (urlInfo: string, referer: string | null = `${HOST_ORIGIN}/slot`) =>
    fetch(urlInfo.replace(/^http:\/\/[^/]+/, t.base), { headers: referer === null ? {} : { Referer: referer } });

  describe('gclubOpenGame', () => {
    it('answers a launch link with a one-time ticket and no token; the launch page records query and Referer', async () => {
      const member = await t.login('pre8');
      const token = await gclubToken();
      const { status, body } = await openGame(token, RSG.url, 'RSG-S0007');
      expect(status).toBe(200);
      expect(body).toEqual({ status: true, result: { urlInfo: expect.any(String) } });
      const link = new URL(body.result!.urlInfo);
      expect(`${link.origin}${link.pathname}`).toBe(`http://127.0.0.1:${t.running.ports.api}/launch/game`);
      expect([...link.searchParams.keys()]).toEqual(['brand', 'code', 'ticket']);
      expect(link.searchParams.get('brand')).toBe('slot_RSG');
      expect(link.searchParams.get('code')).toBe('RSG-S0007');
      expect(link.searchParams.get('ticket')).toMatch(/^[0-9a-f]{32}$/);
      expect(body.result!.urlInfo).not.toContain(token);
      expect(body.result!.urlInfo).not.toContain(member);

      const page = await visit(body.result!.urlInfo);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await page.text();
      expect(html).toContain('Game launched: RSG-S0007');
      expect(html).toContain('RSG (slot_RSG)');
      expect(html).toContain(`href="${HOST_ORIGIN}/slot"`);
      expect(html).toContain('>ปิด · Close</a>');
      const csp = page.headers.get('content-security-policy')!;
      expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*'/);
      expect(csp).toContain("frame-ancestors 'none'");

      expect(await launches()).toEqual([
        {
          seq: 1,
          time: expect.any(String),
          kind: 'game',
          path: '/launch/game',
          query: link.search.slice(1),
          params: { brand: 'slot_RSG', code: 'RSG-S0007', ticket: link.searchParams.get('ticket') },
          referer: `${HOST_ORIGIN}/slot`,
          ticketValid: true,
          ticketProblem: null,
          brand: 'slot_RSG',
          code: 'RSG-S0007',
          product: null,
          gameuser: GCLUB_USER,
        },
      ]);
    });

    it('burns the ticket on first use; a second visit, an altered link or a late visit is refused and recorded', async () => {
      const token = await gclubToken();
      const urlInfo = (await openGame(token, RSG.url, 'RSG-S0001')).body.result!.urlInfo;
      expect((await visit(urlInfo)).status).toBe(200);
      const second = await visit(urlInfo, null);
      expect(second.status).toBe(403);
      expect(await second.text()).toContain('Launch refused: ticket already used');

      const fresh = (await openGame(token, RSG.url, 'RSG-S0001')).body.result!.urlInfo;
      expect((await visit(fresh.replace('RSG-S0001', 'RSG-S0002'))).status).toBe(403);
      const late = (await openGame(token, RSG.url, 'RSG-S0003')).body.result!.urlInfo;
      t.clock.advance(TICKET_TTL_MS + 1);
      expect((await visit(late)).status).toBe(403);
      expect((await fetch(`${t.base}/launch/game?brand=slot_RSG&code=RSG-S0001`)).status).toBe(403);

      const records = await launches();
      expect(records.map((r) => [r.ticketValid, r.ticketProblem])).toEqual([
        [true, null],
        [false, 'used'],
        [false, 'mismatch'],
        [false, 'expired'],
        [false, 'missing'],
      ]);
      expect(records[1]!.referer).toBeNull();
      expect(records[2]!.gameuser).toBeNull();
    });

    it('answers 401 without a live GCLUB session, with the member token, or after the session expired', async () => {
      const member = await t.login('pre8');
      expect(await openGame(undefined, RSG.url, 'RSG-S0001')).toMatchObject({ status: 401, body: UNAUTHORIZED });
      expect(await openGame(member, RSG.url, 'RSG-S0001')).toMatchObject({ status: 401, body: UNAUTHORIZED });
      const token = await gclubToken();
      t.clock.advance(DEFAULT_PROVIDER_SESSION_MS + 1);
      expect(await openGame(token, RSG.url, 'RSG-S0001')).toMatchObject({ status: 401, body: UNAUTHORIZED });
    });

    it('refuses maintenance, an unknown brand, a brand not open yet and an unknown game with status false', async () => {
      const token = await gclubToken();
      const closed = GAME_MENU.cards.find((e) => e.url_token === '-')!;
      expect((await openGame(token, '/games/club/9999', 'RSG-S0001')).body).toEqual({ status: false, message: 'Unknown game brand' });
      expect((await openGame(token, closed.url, `${closed.code}-C0001`)).body).toEqual({
        status: false,
        message: 'Games are not available yet',
      });
      expect((await openGame(token, RSG.url, 'MT-C0001')).body).toEqual({ status: false, message: 'Unknown game' });
      expect((await t.apiPost('/api/gclubOpenGame', { token, url: RSG.url })).status).toBe(422);

      await t.control('POST', '/__sim/maintenance', { provider: 'GCLUB', on: true });
      expect((await openGame(token, RSG.url, 'RSG-S0001')).body).toEqual({ status: false, message: 'GCLUB is under maintenance' });
      await t.control('POST', '/__sim/maintenance', { provider: 'GCLUB', on: false });
      expect((await openGame(token, RSG.url, 'RSG-S0001')).body.status).toBe(true);
    });
  });

  describe('product calls', () => {
    it('has the eleven product calls', () => {
      expect(GCLUB_PRODUCT_CALLS).toEqual([
        'gclubOpenLiveCasino',
        'gclubOpenLiveWMCasino',
        'gclubOpenIDNlive',
        'gclubOpenLiveWorldCasino',
        'gclubOpenSport',
        'gclubOpenCMD',
        'gclubOpenCock',
        'gclubOpenLottery',
        'gclubOpenEsportPME',
        'gclubOpenEsportKS',
        'gclubOpenCR',
      ]);
    });

    it.each(GCLUB_PRODUCT_CALLS)('%s answers a product launch link that the launch page accepts once', async (call) => {
      const { name, title } = GCLUB_PRODUCTS[call];
      const token = await gclubToken();
      const { status, body } = await t.apiPost<GclubOpenReply>(`/api/${call}`, { token });
      expect(status).toBe(200);
      const link = new URL(body.result!.urlInfo);
      expect(`${link.origin}${link.pathname}`).toBe(`http://127.0.0.1:${t.running.ports.api}/launch/product/${name}`);
      expect([...link.searchParams.keys()]).toEqual(['ticket']);
      expect(body.result!.urlInfo).not.toContain(token);

      const page = await visit(body.result!.urlInfo, `${HOST_ORIGIN}/profile`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`Game launched: ${name}`);
      expect(html).toContain(title.replace(/'/g, '&#39;'));
      expect((await visit(body.result!.urlInfo)).status).toBe(403);
      const [first, second] = await launches();
      expect(first).toMatchObject({
        kind: 'product',
        path: `/launch/product/${name}`,
        product: name,
        ticketValid: true,
        gameuser: GCLUB_USER,
        referer: `${HOST_ORIGIN}/profile`,
      });
      expect(second).toMatchObject({ ticketValid: false, ticketProblem: 'used', product: null });

      expect(await t.apiPost(`/api/${call}`, {})).toMatchObject({ status: 401, body: UNAUTHORIZED });
      await t.control('POST', '/__sim/maintenance', { provider: 'GCLUB', on: true });
      expect((await t.apiPost(`/api/${call}`, { token })).body).toEqual({ status: false, message: 'GCLUB is under maintenance' });
    });

    it('refuses a product ticket on another product page, and answers 404 for an unknown product', async () => {
      const token = await gclubToken();
      const { body } = await t.apiPost<GclubOpenReply>('/api/gclubOpenLiveCasino', { token });
      const elsewhere = body.result!.urlInfo.replace('/LiveCasino?', '/Sport?');
      expect((await visit(elsewhere)).status).toBe(403);
      expect((await launches())[0]).toMatchObject({ ticketValid: false, ticketProblem: 'mismatch' });
      expect((await fetch(`${t.base}/launch/product/Poker?ticket=x`)).status).toBe(404);
    });

    it('counts the open calls per game user', async () => {
      const token = await gclubToken();
      await t.apiPost('/api/gclubOpenSport', { token });
      await t.apiPost('/api/gclubOpenSport', { token });
      await openGame(token, RSG.url, 'RSG-S0001');
      const { body } = await t.control<SimProviderState>('GET', '/__sim/provider-state');
      expect(body.accounts.find((a) => a.gameuser === GCLUB_USER)!.calls).toMatchObject({ gclubOpenSport: 2, gclubOpenGame: 1 });
    });
  });

  describe('/__sim/launch-url', () => {
    it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/x', 'https://evil.example/'])(
      'makes the next open call answer %s, once',
      async (hostile) => {
        const token = await gclubToken();
        expect((await t.control('POST', '/__sim/launch-url', { url: hostile })).body).toEqual({ ok: true, url: hostile });
        expect((await openGame(token, RSG.url, 'RSG-S0001')).body).toEqual({ status: true, result: { urlInfo: hostile } });
        expect((await openGame(token, RSG.url, 'RSG-S0001')).body.result!.urlInfo).toMatch(/\/launch\/game\?/);

        await t.control('POST', '/__sim/launch-url', { url: hostile });
        expect((await t.apiPost<GclubOpenReply>('/api/gclubOpenCock', { token })).body.result!.urlInfo).toBe(hostile);
        expect((await t.apiPost<GclubOpenReply>('/api/gclubOpenCock', { token })).body.result!.urlInfo).toMatch(
          /\/launch\/product\/Cock\?/,
        );
      },
    );

    it('is kept for a successful call: a 401 or a refusal does not use it up', async () => {
      await t.control('POST', '/__sim/launch-url', { url: 'javascript:alert(1)' });
      expect((await openGame('0'.repeat(48), RSG.url, 'RSG-S0001')).status).toBe(401);
      const token = await gclubToken();
      expect((await openGame(token, RSG.url, 'RSG-S9999')).body.status).toBe(false);
      expect((await openGame(token, RSG.url, 'RSG-S0001')).body.result!.urlInfo).toBe('javascript:alert(1)');
    });

    it('refuses a body without a url', async () => {
      expect((await t.control('POST', '/__sim/launch-url', {})).status).toBe(400);
      expect((await t.control('POST', '/__sim/launch-url', { url: '' })).status).toBe(400);
    });
  });

  it('/__sim/reset clears launches, tickets and a pending launch-url; DELETE /__sim/launches clears the records', async () => {
    const token = await gclubToken();
    const urlInfo = (await openGame(token, RSG.url, 'RSG-S0001')).body.result!.urlInfo;
    await visit((await openGame(token, RSG.url, 'RSG-S0002')).body.result!.urlInfo);
    expect(await launches()).toHaveLength(1);
    expect((await t.control('DELETE', '/__sim/launches')).body).toEqual({ ok: true });
    expect(await launches()).toEqual([]);

    await t.control('POST', '/__sim/launch-url', { url: 'https://evil.example/' });
    await t.control('POST', '/__sim/reset');
    expect(await launches()).toEqual([]);
    expect((await visit(urlInfo)).status).toBe(403);
    expect((await launches())[0]).toMatchObject({ ticketProblem: 'unknown', seq: 1 });
    const after = (await openGame(await gclubToken(), RSG.url, 'RSG-S0001')).body.result!.urlInfo;
    expect(after).not.toBe('https://evil.example/');
  });
});
