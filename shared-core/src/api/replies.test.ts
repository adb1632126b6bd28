import { describe, expect, it } from 'vitest';
import { validate } from '../schema/validate';
import { OPERATOR_CALLS as calls } from './calls';

const [
  checkPrefixReplySchema,
  checkWithdrawReplySchema,
  gclubCreditReplySchema,
  gclubGameReplySchema,
  gclubMaintainReplySchema,
  getProfileReplySchema,
] = [
  calls.checkPrefix.reply,
  calls.checkWithdraw.reply,
  calls.gclubCredit.reply,
  calls.gclubGame.reply,
  calls.gclubMaintain.reply,
  calls.getProfile.reply,
];
const [
  historyReplySchema,
  loginReplySchema,
  statusReplySchema,
  ufaCheckReplySchema,
  ufaCreditReplySchema,
  ufaLoginReplySchema,
  verifyReplySchema,
] = [
  calls.history.reply,
  calls.phoneLogin.reply,
  calls.logout.reply,
  calls.ufaCheck.reply,
  calls.ufaCredit.reply,
  calls.ufaLogin.reply,
  calls.verify.reply,
];
const withdrawReplySchema = calls.gclubWithdraw.reply;

const memberInfo = {
  cid: 7,
  account_name: 'สมชาย ใจดี',
  account_number: '1234567890',
  phone: '0812345678',
  bank_th: 'กสิกรไทย',
  bank_en: 'Kasikornbank',
  set: 'KBANK',
  logo: 'https://x.example/kbank.svg',
};
const profile = { email: '', name: 'สมชาย', picture: '', lineConnect: false, phoneConnect: true };
const accWeb = {
  lineID: '@club',
  lineLink: 'https://line.me/x',
  promoLink: 'https://x.example',
  bank: { ...memberInfo },
  new: false,
  minWithdraw: 100,
};
const games = [
  { game_user: 'pre8u1', game_password: 'p', service: 'UFA', main: true, generate: false },
  { game_user: 'pre8g1', game_password: 'p', service: 'GCLUB', main: false, generate: false },
];
const member = { status: true, accounts: true, member_info: memberInfo, profile, acc_web: accWeb, games };

describe('login and profile replies', () => {
  it('accept a whole member, and keep the fields they do not know', () => {
    const reply = { ...member, access_token: 'tok', vip_level: 3 };
    expect(validate(loginReplySchema, reply)).toEqual({ ok: true, value: reply });
    expect(validate(getProfileReplySchema, { ...member, loginBy: 'line' })).toMatchObject({ ok: true });
  });

  it('accept a plain refusal, which is what ends a session', () => {
    expect(validate(getProfileReplySchema, { status: false })).toMatchObject({ ok: true });
    expect(validate(loginReplySchema, { status: false, message: 'wrong password', fields: { password: 'wrong' } })).toMatchObject({
      ok: true,
    });
  });

  it('refuse a reply that is not an object, naming the reply itself', () => {
    expect(validate(getProfileReplySchema, [])).toEqual({ ok: false, field: '(reply)', problem: 'must be an object' });
    expect(validate(getProfileReplySchema, 'ok')).toMatchObject({ ok: false, field: '(reply)' });
    expect(validate(getProfileReplySchema, null)).toMatchObject({ ok: false, field: '(reply)' });
  });

  it('name the bad field of a member picture', () => {
    expect(validate(getProfileReplySchema, { status: true, games: 'x' })).toEqual({
      ok: false,
      field: 'games',
      problem: 'must be an array',
    });
    expect(validate(getProfileReplySchema, { ...member, member_info: { ...memberInfo, cid: '7' } })).toEqual({
      ok: false,
      field: 'member_info.cid',
      problem: 'must be a number',
    });
    expect(validate(getProfileReplySchema, { ...member, games: [games[0], { ...games[1], service: 'SBO' }] })).toEqual({
      ok: false,
      field: 'games[1].service',
      problem: 'must be one of GCLUB, UFA',
    });
    expect(validate(getProfileReplySchema, { status: 'true' })).toMatchObject({ ok: false, field: 'status' });
  });

  it('require member_info and games of a registered member, not of a LINE user still registering', () => {
    const { member_info: _dropped, ...noInfo } = member;
    expect(validate(getProfileReplySchema, noInfo)).toEqual({ ok: false, field: 'member_info', problem: 'is missing' });
    expect(validate(getProfileReplySchema, { status: true, accounts: false, profile, loginBy: 'line' })).toMatchObject({ ok: true });
  });

  it('require the new token of a rotation, and the token of a login', () => {
    expect(validate(getProfileReplySchema, { ...member, refresh_status: true })).toMatchObject({ ok: false, field: 'access_token' });
    expect(validate(getProfileReplySchema, { ...member, refresh_status: true, access_token: 'new' })).toMatchObject({ ok: true });
    expect(validate(loginReplySchema, member)).toMatchObject({ ok: false, field: 'access_token' });
  });

  it('take null for an optional part, as a backend says "nothing"', () => {
    expect(validate(getProfileReplySchema, { ...member, acc_web: null, loginBy: null })).toMatchObject({ ok: true });
  });
});

describe('verify', () => {
  it('accepts yes, no, and a rotation with its token', () => {
    expect(validate(verifyReplySchema, { status: true })).toMatchObject({ ok: true });
    expect(validate(verifyReplySchema, { status: false })).toMatchObject({ ok: true });
    expect(validate(verifyReplySchema, { status: true, refresh_status: true, access_token: 'n' })).toMatchObject({ ok: true });
  });
  it('refuses a rotation without a token and a reply without status', () => {
    expect(validate(verifyReplySchema, { status: true, refresh_status: true })).toMatchObject({ ok: false, field: 'access_token' });
    expect(validate(verifyReplySchema, {})).toEqual({ ok: false, field: 'status', problem: 'must be true or false' });
  });
});

describe('money and balances', () => {
  it('check every history entry the screen reads', () => {
    const entry = {
      ref: 'W1',
      type: 'withdraw',
      amount: 300,
      status: 'pending',
      time: '2025-01-02T03:04:05.000Z',
      service: 'UFA',
      gameuser: 'u1',
    };
    expect(validate(historyReplySchema, { status: true, history: [entry] })).toMatchObject({ ok: true });
    expect(validate(historyReplySchema, { status: true, history: [entry, { ...entry, time: 'yesterday' }] })).toEqual({
      ok: false,
      field: 'history[1].time',
      problem: 'must be a date and time',
    });
    expect(validate(historyReplySchema, { status: true, history: [{ ...entry, amount: '300' }] })).toMatchObject({
      ok: false,
      field: 'history[0].amount',
    });
    expect(validate(historyReplySchema, { status: true })).toMatchObject({ ok: false, field: 'history' });
    expect(validate(historyReplySchema, { status: false, code: 'not_your_game_user', message: 'no' })).toMatchObject({ ok: true });
  });

  it('require the balance of a successful credit reply', () => {
    expect(validate(ufaCreditReplySchema, { status: true, credit: 8250 })).toMatchObject({ ok: true });
    expect(validate(ufaCreditReplySchema, { status: true })).toMatchObject({ ok: false, field: 'credit' });
    expect(validate(ufaCreditReplySchema, { status: true, credit: '8250' })).toMatchObject({ ok: false, field: 'credit' });
    expect(validate(gclubCreditReplySchema, { status: true, result: {} })).toMatchObject({ ok: false, field: 'result.totalMoney' });
  });

  it('let a withdrawal reply carry any refusal code, and ask checkWithdraw for its pending flag', () => {
    expect(validate(withdrawReplySchema, { status: false, code: 'in_flight', message: 'busy' })).toMatchObject({ ok: true });
    expect(validate(withdrawReplySchema, { status: true, ref: 'W1', pending: true })).toMatchObject({ ok: true });
    expect(validate(checkWithdrawReplySchema, { status: true })).toMatchObject({ ok: false, field: 'pending' });
  });
});

describe('providers and the rest', () => {
  it('read maintenance flags whatever the status', () => {
    expect(validate(gclubMaintainReplySchema, { status: true, result: { frontEnd_Maintain: false } })).toMatchObject({ ok: true });
    expect(validate(gclubMaintainReplySchema, { status: true })).toMatchObject({ ok: false, field: 'result' });
  });

  it('check a UFA session and its games map', () => {
    const game = { url: 'https://u.example/x', title: 'x', w: 800, h: 600 };
    const map = Object.fromEntries(
      ['lottery', 'casino', 'games', 'gamecock', 'muaystep', 'esport', 'card', 'fish', 'slot', 'itpslot'].map((k) => [k, game]),
    );
    expect(validate(ufaLoginReplySchema, { status: true, accid: 'a', sessions: 's', credit: 1, games: map })).toMatchObject({ ok: true });
    expect(
      validate(ufaLoginReplySchema, { status: true, accid: 'a', sessions: 's', games: { ...map, slot: { ...game, w: '800' } } }),
    ).toMatchObject({
      ok: false,
      field: 'games.slot.w',
    });
    expect(validate(ufaLoginReplySchema, { status: true, accid: 'a' })).toMatchObject({ ok: false, field: 'sessions' });
    expect(validate(ufaCheckReplySchema, { status: true, errcode: 2, text: 'x' })).toMatchObject({ ok: false, field: 'errcode' });
  });

  it('check a game list item by item', () => {
    expect(validate(gclubGameReplySchema, { status: true, games: [] })).toMatchObject({ ok: true });
    expect(
      validate(gclubGameReplySchema, {
        status: true,
        games: [
          { id: 'g1', tag: 'slot_RSG', name: 'x', imageName: '' },
          { id: 5, tag: 't', name: 'y' },
        ],
      }),
    ).toEqual({
      ok: false,
      field: 'games[1].id',
      problem: 'must be a non-empty string',
    });
  });

  it('check the plain yes-or-no replies and the prefix check', () => {
    expect(validate(statusReplySchema, { status: true })).toMatchObject({ ok: true });
    expect(validate(statusReplySchema, { ok: true })).toMatchObject({ ok: false, field: 'status' });
    expect(validate(checkPrefixReplySchema, { status: true, prefix: 'pre8' })).toMatchObject({ ok: true });
    expect(validate(checkPrefixReplySchema, { status: false })).toMatchObject({ ok: true });
    expect(validate(checkPrefixReplySchema, { status: true })).toMatchObject({ ok: false, field: 'prefix' });
  });
});
