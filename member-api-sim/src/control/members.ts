import { json } from '../http/reply';
import type { Route } from '../http/route';
import type { Sim } from '../sim';
import { gamePrefixFor, gameUser, registrationClubBank } from '../state/members';
import { hashPassword } from '../state/passwords';

const randomDigits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/**
 * `POST /__sim/members` {prefix, phone?, password?, line?: boolean, gclubOnly?: boolean}: creates a registered member
 * with its own game accounts (GCLUB and UFA, UFA main; or GCLUB only), so each end-to-end test can own the member it
 * changes. Works on every site, also where registration is switched off. Answers {ok, cid, phone, password, games}.
 */
export const memberRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: '/__sim/members',
  name: '/__sim/members',
  kind: 'control',
  handler: ({ body }) => {
    const prefix = body.prefix;
    if (typeof prefix !== 'string') return json({ ok: false, error: 'body must have a prefix' }, 400);
    const site = sim.sites.get(prefix);
    if (!site) return json({ ok: false, error: `no site ${prefix}` }, 404);
    const phone = typeof body.phone === 'string' ? body.phone : `09${randomDigits(8)}`;
    if (!/^0\d{9}$/.test(phone)) return json({ ok: false, error: 'phone must have 10 digits starting with 0' }, 400);
    if (sim.members.byPhone(prefix, phone)) return json({ ok: false, error: `${phone} is already a member of ${prefix}` }, 409);
    const password = typeof body.password === 'string' ? body.password : `pw${randomDigits(6)}`;
    const gamePrefix = gamePrefixFor(sim.sites, site, Math.floor(Math.random() * 4));
    const member = sim.members.create(
      {
        prefix,
        phone,
        passwordHash: hashPassword(password),
        name: 'สมาชิกทดสอบ',
        email: '',
        lineUserId: body.line === true ? `U-test-${randomDigits(10)}` : null,
        lineName: body.line === true ? 'LINE ทดสอบ' : null,
        bank: { code: 'KTB', account_name: 'สมาชิกทดสอบ', account_number: `1${randomDigits(9)}` },
        clubBank: registrationClubBank(sim.sites, site),
        isNew: false,
      },
      (cid) =>
        body.gclubOnly === true
          ? [gameUser(gamePrefix, 'GCLUB', cid, false, true)]
          : [gameUser(gamePrefix, 'GCLUB', cid, false, false), gameUser(gamePrefix, 'UFA', cid, false, true)],
    );
    return json({ ok: true, cid: member.cid, phone, password, lineUserId: member.lineUserId, games: member.games });
  },
});
