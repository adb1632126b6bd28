import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_CALLS as calls, validate, type Check as ReplySchema } from '@member/shared-core/api/calls';
import { gameMenuEntry } from '@member/shared-core/games/menu';
import { startTestSim, type TestSim } from '../testing/harness';

const schemas = {
  checkPrefixReplySchema: calls.checkPrefix.reply,
  loginReplySchema: calls.phoneLogin.reply,
  getProfileReplySchema: calls.getProfile.reply,
  verifyReplySchema: calls.verify.reply,
  lineLoginReplySchema: calls.lineLogin.reply,
  gclubDataReplySchema: calls.gclubData.reply,
  gameFavouritesReplySchema: calls.gameFavourites.reply,
  gameRecentReplySchema: calls.gameRecent.reply,
  checkWithdrawReplySchema: calls.checkWithdraw.reply,
  withdrawReplySchema: calls.ufaWithdraw.reply,
  historyReplySchema: calls.history.reply,
  switchMainReplySchema: calls.switchMain.reply,
  logoutReplySchema: calls.logout.reply,
  gclubMaintainReplySchema: calls.gclubMaintain.reply,
  ufaMaintainReplySchema: calls.ufaMaintain.reply,
  gclubLoginReplySchema: calls.gclubLogin.reply,
  gclubCheckLoggedReplySchema: calls.gclubCheckLogged.reply,
  gclubCreditReplySchema: calls.gclubCredit.reply,
  gclubGameReplySchema: calls.gclubGame.reply,
  gclubOpenReplySchema: calls.gclubOpenGame.reply,
  ufaCheckLoggedReplySchema: calls.ufaCheckLogged.reply,
  ufaLoginReplySchema: calls.ufaLogin.reply,
  ufaCheckReplySchema: calls.ufaCheck.reply,
  ufaShootReplySchema: calls.ufaShoot.reply,
  ufaCreditReplySchema: calls.ufaCredit.reply,
};

/**
 * The simulator speaks the contract the host checks: every reply of an ordinary session passes the call's schema
 * from shared-core, refusals included. A schema stricter than the operator's real replies would log members out of
 * nothing; one looser than the host's reading would let a bad reply through.
 */
describe('replies against the contract schemas', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
    await t.control('POST', '/__sim/reset');
  });
  afterAll(() => t.close());

  const GCLUB = { username: 'pre8g1001', password: 'Gc1001pw' };
  const UFA = { username: 'pre8u1001', password: 'Uf1001pw' };
  const RSG = gameMenuEntry('slot', 'RSG')!;

  async function expectShape<T>(schema: ReplySchema<T>, reply: Promise<{ status: number; body: unknown }>, status = 200) {
    const answer = await reply;
    expect(answer.status).toBe(status);
    expect(validate(schema, answer.body)).toMatchObject({ ok: true });
    return answer.body as T;
  }

  it('session calls', async () => {
    await expectShape(schemas.checkPrefixReplySchema, t.apiGet('/api/checkPrefix?prefix=pre8&divisions=false'));
    await expectShape(schemas.checkPrefixReplySchema, t.apiGet('/api/checkPrefix?prefix=zzzz&divisions=false'));
    await expectShape(schemas.loginReplySchema, t.phoneLogin('pre8', '0812345678', 'wrong-password'));
    const login = await expectShape(schemas.loginReplySchema, t.phoneLogin('pre8', '0812345678', 'demo1234'));
    const token = login.access_token!;
    await expectShape(schemas.getProfileReplySchema, t.apiPost('/api/getProfile', { prefix: 'pre8', type: 'phone', token: t.enc(token) }));
    await expectShape(schemas.verifyReplySchema, t.apiPost('/api/verify', { type: 'phone', token: t.enc(token) }));
    await expectShape(
      schemas.lineLoginReplySchema,
      t.apiGet(`/api/lineLogin?state=pre8.A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6&dot=${encodeURIComponent('http://localhost:3000')}`),
    );
    await expectShape(schemas.gclubDataReplySchema, t.apiPost('/api/gclubData', { token }));
    await expectShape(schemas.gameFavouritesReplySchema, t.apiPost('/api/gameFavourites', { token }));
    await expectShape(
      schemas.gameFavouritesReplySchema,
      t.apiPost('/api/gameFavouriteSet', { token, brand: RSG.storageKey, id: 'RSG-S0001', on: true }),
    );
    await expectShape(schemas.gameRecentReplySchema, t.apiPost('/api/gameRecent', { token }));
    await expectShape(
      schemas.checkWithdrawReplySchema,
      t.apiPost('/api/checkWithdraw', { game_user: GCLUB.username, prefix: 'pre8', token }),
    );
    await t.control('POST', '/__sim/deposit', { prefix: 'pre8', phone: '0812345678', service: 'UFA', amount: 10 });
    await expectShape(
      schemas.withdrawReplySchema,
      t.apiPost('/api/ufaWithdraw', { gameuser: UFA.username, amount: 100, token }, { 'Idempotency-Key': 'k1' }),
    );
    await expectShape(
      schemas.withdrawReplySchema,
      t.apiPost('/api/ufaWithdraw', { gameuser: UFA.username, amount: 100, token }, { 'Idempotency-Key': 'k2' }),
    );
    await expectShape(schemas.historyReplySchema, t.apiPost('/api/history', { gameuser: UFA.username, token }));
    await expectShape(schemas.historyReplySchema, t.apiPost('/api/history', { gameuser: 'someone-else', token }));
    await expectShape(
      schemas.switchMainReplySchema,
      t.apiPost('/api/switchMain', { select_gameuser: UFA.username, switch_gameuser: GCLUB.username, token }),
    );
    await expectShape(schemas.logoutReplySchema, t.apiPost('/api/logout', { prefix: 'pre8', token: t.enc(token) }));
    await expectShape(
      schemas.getProfileReplySchema,
      t.apiPost('/api/getProfile', { prefix: 'pre8', type: 'phone', token: t.enc(token) }),
      401,
    );
  });

  it('provider calls', async () => {
    await expectShape(schemas.gclubMaintainReplySchema, t.apiPost('/api/gclubMaintain', {}));
    await expectShape(schemas.ufaMaintainReplySchema, t.apiPost('/api/ufaMaintain', {}));
    const gclub = await expectShape(schemas.gclubLoginReplySchema, t.apiPost('/api/gclubLogin', GCLUB));
    const token = gclub.result!.token;
    await expectShape(schemas.gclubCheckLoggedReplySchema, t.apiPost('/api/gclubCheckLogged', { token }));
    await expectShape(schemas.gclubCreditReplySchema, t.apiPost('/api/gclubCredit', { token }));
    await expectShape(schemas.gclubGameReplySchema, t.apiPost('/api/gclubGame', { url: RSG.url }));
    await expectShape(schemas.gclubOpenReplySchema, t.apiPost('/api/gclubOpenGame', { token, url: RSG.url, code: 'RSG-S0001' }));
    await expectShape(schemas.gclubOpenReplySchema, t.apiPost('/api/gclubOpenLiveCasino', { token }));
    await expectShape(schemas.ufaCheckLoggedReplySchema, t.apiPost('/api/ufaCheckLogged', { username: UFA.username }));
    const ufa = await expectShape(schemas.ufaLoginReplySchema, t.apiPost('/api/ufaLogin', UFA));
    await expectShape(
      schemas.ufaCheckReplySchema,
      t.apiPost('/api/ufaCheck', { username: UFA.username, accid: ufa.accid, sessions: ufa.sessions }),
    );
    await expectShape(schemas.ufaShootReplySchema, t.apiPost('/api/ufaShoot', { username: UFA.username }));
    await expectShape(schemas.ufaCreditReplySchema, t.apiPost('/api/ufaCredit', { username: UFA.username }));
  });
});
