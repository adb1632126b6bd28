import type { LoginReply, ValidationErrorReply } from '@member/shared-core';
import { BANK_CODES } from '@member/shared-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BANKS } from '../state/banks';
import { stateFor, startTestSim, type TestSim } from '../testing/harness';

const SITES = ['pre8', 'os39', 'bkmc', 'ufkk', 'sm88'];

describe('phoneLogin', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.control('POST', '/__sim/reset');
  });

  it.each(SITES)('logs in the LINE-connected demo member on %s with the full picture', async (prefix) => {
    const { status, body } = await t.phoneLogin<LoginReply>(prefix, '0812345678', 'demo1234');
    expect(status).toBe(200);
    expect(body.status).toBe(true);
    expect(body.accounts).toBe(true);
    expect(body.access_token).toMatch(/^[0-9a-f]{48}$/);
    expect(Object.keys(body.member_info!).sort()).toEqual(
      ['account_name', 'account_number', 'bank_en', 'bank_th', 'cid', 'logo', 'phone', 'set'].sort(),
    );
    expect(Object.keys(body.profile!).sort()).toEqual(['email', 'lineConnect', 'name', 'phoneConnect', 'picture'].sort());
    expect(body.member_info!.cid).toBeGreaterThan(0);
    expect(body.member_info!.phone).toBe('0812345678');
    expect(body.member_info!.account_number).toMatch(/^\d{10}$/);
    expect(body.member_info!.logo).toMatch(/\/bank-logos\/KBANK\.svg$/);
    expect(body.profile).toMatchObject({ lineConnect: true, phoneConnect: true });
    expect(body.profile!.name).toMatch(/[\u0E00-\u0E7F]/);
    expect(body.acc_web).toMatchObject({ new: false, promoLink: `http://localhost:3100/promo/${prefix}` });
    expect(body.acc_web!.bank.account_number).toMatch(/^\d{10}$/);
    expect(Object.keys(body.acc_web!.bank).sort()).toEqual(['account_name', 'account_number', 'bank_en', 'bank_th', 'logo', 'set']);
    const games = body.games!;
    expect(games.map((g) => g.service).sort()).toEqual(['GCLUB', 'UFA']);
    expect(games.find((g) => g.main)?.service).toBe('UFA');
    for (const game of games) {
      expect(Object.keys(game).sort()).toEqual(['game_password', 'game_user', 'generate', 'main', 'service']);
      expect(game.game_user.startsWith(prefix === 'ufkk' ? 'ufkklacsag1' : prefix)).toBe(true);
      expect(game.generate).toBe(false);
    }
  });

  it('gives the other member GCLUB only, a 12-digit club account and a name with markup kept as text', async () => {
    const { body } = await t.phoneLogin<LoginReply>('ufkk', '0899999999', 'demo1234');
    expect(body.status).toBe(true);
    expect(body.games).toHaveLength(1);
    expect(body.games![0]).toMatchObject({ service: 'GCLUB', main: true });
    expect(body.games![0]!.game_user.startsWith('ufkklacsag3')).toBe(true);
    expect(body.acc_web).toMatchObject({ lineID: '@ufk-east', lineLink: 'https://line.me/R/ti/p/@ufk-east' });
    expect(body.acc_web!.bank.account_number).toMatch(/^\d{12}$/);
    expect(body.profile).toMatchObject({ lineConnect: false, phoneConnect: true, picture: '' });
    expect(body.profile!.name).toContain('<b>Nok</b>');
  });

  it('picks the divided contact by the game-user prefix and gives each member of each site its own cid', async () => {
    const first = await t.phoneLogin<LoginReply>('ufkk', '0812345678', 'demo1234');
    expect(first.body.acc_web).toMatchObject({ lineID: '@ufk-north' });
    const cids = new Set<number>();
    for (const prefix of SITES) {
      for (const phone of ['0812345678', '0899999999'])
        cids.add((await t.phoneLogin<LoginReply>(prefix, phone, 'demo1234')).body.member_info!.cid);
    }
    expect(cids.size).toBe(10);
  });

  it('answers status false, with one message, for a wrong password or an unknown phone', async () => {
    const wrong = await t.phoneLogin<LoginReply>('pre8', '0812345678', 'nope1234');
    const unknown = await t.phoneLogin<LoginReply>('pre8', '0800000000', 'demo1234');
    expect(wrong).toMatchObject({ status: 200, body: { status: false } });
    expect(unknown).toMatchObject({ status: 200, body: { status: false } });
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(wrong.body.access_token).toBeUndefined();
  });

  it('answers 422 with the fields for empty or malformed values', async () => {
    const reply = await t.apiPost<ValidationErrorReply>('/api/phoneLogin', {
      username: t.enc('12345'),
      password: t.enc(''),
      state: t.enc('bad-state'),
      prefix: t.enc('pre8'),
      divisions: t.enc('true'),
    });
    expect(reply.status).toBe(422);
    expect(reply.body.status).toBe(false);
    expect(Object.keys(reply.body.fields).sort()).toEqual(['divisions', 'password', 'state', 'username']);
    const empty = await t.apiPost<ValidationErrorReply>('/api/phoneLogin', {});
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.fields).sort()).toEqual(['divisions', 'password', 'prefix', 'state', 'username']);
  });

  it('refuses a state of another site', async () => {
    const reply = await t.apiPost<ValidationErrorReply>('/api/phoneLogin', {
      username: t.enc('0812345678'),
      password: t.enc('demo1234'),
      state: t.enc(stateFor('os39')),
      prefix: t.enc('pre8'),
      divisions: t.enc('false'),
    });
    expect(reply.status).toBe(422);
    expect(reply.body.fields.state).toBeDefined();
  });

  it('answers 400 when a field that must be encrypted arrives in clear', async () => {
    const reply = await t.apiPost<{ status: boolean; message: string }>('/api/phoneLogin', {
      username: '0812345678',
      password: t.enc('demo1234'),
      state: t.enc(stateFor('pre8')),
      prefix: t.enc('pre8'),
      divisions: t.enc('false'),
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ status: false, message: 'Field "username" is not valid ciphertext' });
  });

  it('refuses a body that is not JSON (415, 400) with the envelope', async () => {
    const form = await fetch(`${t.base}/api/phoneLogin`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'username=1' });
    expect(form.status).toBe(415);
    expect(t.cipher.decrypt(((await form.json()) as { data: string }).data)).toContain('"status":false');
    const broken = await fetch(`${t.base}/api/phoneLogin`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' });
    expect(broken.status).toBe(400);
  });

  it('records field names of what the wire carried, never values', async () => {
    await t.phoneLogin('pre8', '0812345678', 'demo1234');
    const { body } = await t.control<{ requests: Array<Record<string, unknown>> }>('GET', '/__sim/requests?route=phoneLogin');
    expect(body.requests).toHaveLength(1);
    expect(body.requests[0]).toMatchObject({
      method: 'POST',
      route: '/api/phoneLogin',
      status: 200,
      origin: 'http://localhost:3000',
      bodyFields: ['username', 'password', 'state', 'prefix', 'divisions'],
      queryFields: [],
    });
    const text = JSON.stringify(body);
    expect(text).not.toContain('0812345678');
    expect(text).not.toContain(t.enc('demo1234'));
    const byPath = await t.control<{ requests: unknown[] }>('GET', '/__sim/requests?route=/api/phoneLogin');
    expect(byPath.body.requests).toHaveLength(1);
  });
});

describe('checkPrefix', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.close());

  it('is true for a known prefix whose divisions match when given', async () => {
    expect((await t.apiGet('/api/checkPrefix?prefix=pre8')).body).toEqual({ prefix: 'pre8', status: true });
    expect((await t.apiGet('/api/checkPrefix?prefix=pre8&divisions=false')).body).toEqual({ prefix: 'pre8', status: true });
    expect((await t.apiGet('/api/checkPrefix?prefix=pre8&divisions=true')).body).toEqual({ prefix: 'pre8', status: false });
    expect((await t.apiGet('/api/checkPrefix?prefix=ufkk&divisions=true')).body).toEqual({ prefix: 'ufkk', status: true });
    expect((await t.apiGet('/api/checkPrefix?prefix=nope')).body).toEqual({ prefix: 'nope', status: false });
    expect((await t.apiGet('/api/checkPrefix')).body).toEqual({ prefix: '', status: false });
  });

  it('seals unknown API paths too', async () => {
    const reply = await t.apiGet('/api/gclubNothing');
    expect(reply).toMatchObject({ status: 404, body: { status: false } });
    const wrongMethod = await t.apiGet('/api/phoneLogin');
    expect(wrongMethod.status).toBe(405);
  });
});

describe('bank logos', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.close());

  it('covers the 17 bank codes of shared-core and serves an SVG for each', async () => {
    expect(BANKS.map((b) => b.code)).toEqual([...BANK_CODES]);
    for (const code of BANK_CODES) {
      const res = await fetch(`${t.base}/bank-logos/${code}.svg`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('image/svg+xml');
      expect(await res.text()).toContain(`>${code}</text>`);
    }
    expect((await fetch(`${t.base}/bank-logos/NOPE.svg`)).status).toBe(404);
  });
});
