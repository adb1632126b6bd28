import type { LoginReply, PhoneConnectReply, RegisterStep1Reply, RegisterStep2Reply, ValidationErrorReply } from '@member/shared-core';
import type { SimRegistrationRecord } from '../control-types';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stateFor, startTestSim, type TestSim } from '../testing/harness';

const AFFILIATE = { agent: 'agent007', platform: 'facebook', channel: 'ads-nov', register: 'r1' };

describe('registration in three steps', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.control('POST', '/__sim/reset');
  });

  const step1 = (prefix: string, phone: string, password: string, extra: Record<string, unknown> = {}) =>
    t.apiPost<RegisterStep1Reply>('/api/registerStep1', { prefix, phone: t.enc(phone), password: t.enc(password), ...AFFILIATE, ...extra });
  const step2 = (token: string, bank_code: string, number: string, name: string) =>
    t.apiPost<RegisterStep2Reply>('/api/registerStep2', {
      register_token: t.enc(token),
      bank_code,
      account_number: t.enc(number),
      account_name: t.enc(name),
    });
  const step3 = (token: string) => t.apiPost<LoginReply>('/api/registerStep3', { register_token: t.enc(token) });

  it('creates a member with a generated GCLUB account, logs them in and records the affiliate values', async () => {
    const first = await step1('ufkk', '0800000000', 'secret99');
    expect(first.body.status).toBe(true);
    const token = first.body.register_token!;
    expect((await step2(token, 'BBL', '123-4-56789-0', 'มานี มีนา')).body).toEqual({ status: true });
    const done = await step3(token);
    expect(done.body).toMatchObject({ status: true, accounts: true, acc_web: { new: true } });
    expect(done.body.member_info).toMatchObject({ phone: '0800000000', account_number: '1234567890', set: 'BBL', account_name: 'มานี มีนา' });
    expect(done.body.games).toEqual([expect.objectContaining({ service: 'GCLUB', main: true, generate: true })]);
    expect(done.body.games![0]!.game_user.startsWith('ufkklacsag')).toBe(true);
    expect(done.body.access_token).toMatch(/^[0-9a-f]{48}$/);

    const { body } = await t.control<{ registrations: SimRegistrationRecord[] }>('GET', '/__sim/registrations');
    expect(body.registrations).toEqual([
      expect.objectContaining({
        prefix: 'ufkk',
        phone: '0800000000',
        step: 3,
        completed: true,
        cid: done.body.member_info!.cid,
        viaLine: false,
        affiliate: AFFILIATE,
      }),
    ]);
    expect(JSON.stringify(body)).not.toContain('secret99');

    // The new member logs in with phone and password; the register token is spent.
    expect((await t.phoneLogin<LoginReply>('ufkk', '0800000000', 'secret99')).body.status).toBe(true);
    expect((await step3(token)).status).toBe(401);
  });

  it('step 1 refuses a registered phone (false) and a malformed one (422)', async () => {
    const taken = await step1('pre8', '0812345678', 'secret99');
    expect(taken).toMatchObject({ status: 200, body: { status: false, code: 'phone_registered' } });
    expect(taken.body.message).toBeTruthy();
    const malformed = await t.apiPost<ValidationErrorReply>('/api/registerStep1', {
      prefix: 'pre8',
      phone: t.enc('812345678'),
      password: t.enc('abc'),
    });
    expect(malformed.status).toBe(422);
    expect(Object.keys(malformed.body.fields).sort()).toEqual(['password', 'phone']);
    expect((await step1('nope', '0800000000', 'secret99')).status).toBe(422);
  });

  it('step 1 answers false on a site with registration switched off', async () => {
    const closed = await step1('bkmc', '0800000000', 'secret99');
    expect(closed.body).toMatchObject({ status: false, code: 'registration_closed' });
  });

  it('step 2 checks the bank code, the 10 or 12 digits and the name; step 3 needs step 2', async () => {
    const token = (await step1('pre8', '0800000000', 'secret99')).body.register_token!;
    const bad = await step2(token, 'NOPE', '12345', '');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.fields!).sort()).toEqual(['account_name', 'account_number', 'bank_code']);
    expect((await step3(token)).body).toMatchObject({ status: false });
    const twelve = await step2(token, 'GSB', '020123456789', 'Somsri');
    expect(twelve.body.status).toBe(true);
    expect((await step2('f'.repeat(48), 'GSB', '020123456789', 'Somsri')).status).toBe(401);
  });

  it('step 2 refuses a bank account another member holds', async () => {
    const token = (await step1('pre8', '0800000000', 'secret99')).body.register_token!;
    const seeded = (await t.phoneLogin<LoginReply>('pre8', '0812345678', 'demo1234')).body.member_info!.account_number;
    expect((await step2(token, 'KBANK', seeded, 'Copycat')).body).toMatchObject({ status: false, code: 'bank_account_registered' });
  });

  it('a LINE-first user registers with line_token and no password, then connects a phone', async () => {
    const back = await fetch(`${t.base}/line/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        state: stateFor('sm88'),
        redirect_uri: 'http://localhost:3000/check/line',
        user: 'new',
        decision: 'allow',
      }).toString(),
    });
    const code = new URL(back.headers.get('location')!).searchParams.get('code')!;
    const guest = await t.apiGet<LoginReply>(`/api/lineProfile?prefix=sm88&code=${code}&dot=1`);
    expect(guest.body.accounts).toBe(false);

    const first = await t.apiPost<RegisterStep1Reply>('/api/registerStep1', {
      prefix: 'sm88',
      phone: t.enc('0811111111'),
      line_token: t.enc(guest.body.access_token!),
      ...AFFILIATE,
    });
    expect(first.body.status).toBe(true);
    const token = first.body.register_token!;
    await step2(token, 'SCB', '1112223334', 'LINE Person');
    const done = await step3(token);
    expect(done.body.profile).toMatchObject({ lineConnect: true, phoneConnect: false });
    const member = done.body.access_token!;

    // The registration-scoped token is spent; the member token works.
    const spent = await t.apiPost('/api/getProfile', { prefix: 'sm88', type: 'line', token: t.enc(guest.body.access_token!) });
    expect(spent.status).toBe(401);
    const records = await t.control<{ registrations: SimRegistrationRecord[] }>('GET', '/__sim/registrations');
    expect(records.body.registrations[0]).toMatchObject({ viaLine: true, completed: true });

    // No phone login yet, until phoneConnect.
    expect((await t.phoneLogin<LoginReply>('sm88', '0811111111', 'newpass1')).body.status).toBe(false);
    const short = await t.apiPost<PhoneConnectReply>('/api/phoneConnect', {
      token: t.enc(member),
      phone: t.enc('0811111111'),
      password: t.enc('abc'),
    });
    expect(short).toMatchObject({ status: 200, body: { status: false } });
    const connected = await t.apiPost<PhoneConnectReply>('/api/phoneConnect', {
      token: t.enc(member),
      phone: t.enc('0811111111'),
      password: t.enc('newpass1'),
    });
    expect(connected.body).toEqual({ status: true, phone: '0811111111' });
    expect((await t.phoneLogin<LoginReply>('sm88', '0811111111', 'newpass1')).body.profile).toMatchObject({
      lineConnect: true,
      phoneConnect: true,
    });
    const twice = await t.apiPost<PhoneConnectReply>('/api/phoneConnect', {
      token: t.enc(member),
      phone: t.enc('0811111111'),
      password: t.enc('newpass1'),
    });
    expect(twice.body.status).toBe(false);
  });

  it('step 1 with a line_token that is not registration-scoped answers 401', async () => {
    const memberToken = await t.login('pre8');
    const reply = await t.apiPost('/api/registerStep1', { prefix: 'pre8', phone: t.enc('0800000000'), line_token: t.enc(memberToken) });
    expect(reply.status).toBe(401);
  });
});

describe('changePassword', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.control('POST', '/__sim/reset');
  });

  const change = (token: string, password: string, oldpassword: string) =>
    t.apiPost<{ status: boolean; message?: string }>('/api/changePassword', {
      token: t.enc(token),
      password: t.enc(password),
      oldpassword: t.enc(oldpassword),
    });

  it('changes the password; the new one logs in, the old one no longer does', async () => {
    const token = await t.login('os39');
    expect((await change(token, 'fresh123', 'demo1234')).body).toEqual({ status: true });
    expect((await t.phoneLogin<LoginReply>('os39', '0812345678', 'fresh123')).body.status).toBe(true);
    expect((await t.phoneLogin<LoginReply>('os39', '0812345678', 'demo1234')).body.status).toBe(false);
    // Other sites keep their own members.
    expect((await t.phoneLogin<LoginReply>('pre8', '0812345678', 'demo1234')).body.status).toBe(true);
  });

  it('answers false for a wrong old password or a new one under 6 characters', async () => {
    const token = await t.login('os39');
    const wrong = await change(token, 'fresh123', 'wrong-old');
    expect(wrong).toMatchObject({ status: 200, body: { status: false } });
    const short = await change(token, '12345', 'demo1234');
    expect(short.body.status).toBe(false);
    expect(short.body.message).toMatch(/6/);
    expect((await change('f'.repeat(48), 'fresh123', 'demo1234')).status).toBe(401);
  });

  it('reset restores the seeded password', async () => {
    const token = await t.login('os39');
    await change(token, 'fresh123', 'demo1234');
    await t.control('POST', '/__sim/reset');
    expect((await t.phoneLogin<LoginReply>('os39', '0812345678', 'demo1234')).body.status).toBe(true);
  });
});
