import type { GclubDataReply } from '@member/shared-core';
import { api } from '../http/reply';
import { OPERATOR_CALLS } from '@member/shared-core/api/calls';
import type { Handler, Route, RouteContext } from '../http/route';
import type { Sim } from '../sim';
import type { WireCipher } from '../wire/crypto';
import { Fields } from '../wire/fields';
import { requireMember } from './auth';
import { countCall, maintenanceMessage } from './provider';

/** The host keeps these values in local storage for 7 days. */
export const GCLUB_DATA_STORAGE_SECONDS = 7 * 24 * 60 * 60;

/** `accountInfo`: the GCLUB account's name, encrypted with the wire cipher (opaque to the host, which sends it back as `accInfo`). */
export const accountInfoFor = (cipher: WireCipher, gameuser: string) => cipher.encrypt(JSON.stringify({ gameuser, service: 'GCLUB' }));

/** The game user an `accInfo` names, or null when it is not one the simulator issued. */
export function accountInfoUser(cipher: WireCipher, accInfo: string | undefined): string | null {
  const plain = accInfo ? cipher.decrypt(accInfo) : null;
  if (plain === null) return null;
  try {
    const parsed = JSON.parse(plain) as { gameuser?: unknown; service?: unknown };
    return parsed.service === 'GCLUB' && typeof parsed.gameuser === 'string' ? parsed.gameuser : null;
  } catch {
    return null;
  }
}

/** `Authorization: Bearer <token>` when present, else the body's `token`. */
function memberToken(sim: Sim, ctx: RouteContext): string | undefined {
  const header = ctx.req.headers.authorization;
  const bearer = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  return bearer ?? new Fields(ctx.body).plain('token');
}

/**
 * `gclubData` {token} (plain), or its published form, a GET with `Authorization: Bearer <member token>`: the operator
 * opens a GCLUB session for the member's GCLUB account and hands the session values to the host, which keeps them in
 * local storage for 7 days. The published call takes no parameters; the member token never goes in the URL.
 */
export function gclubDataHandler(sim: Sim): Handler {
  return (ctx: RouteContext) => {
    const { member } = requireMember(sim, memberToken(sim, ctx));
    const game = member.games.find((g) => g.service === 'GCLUB');
    const account = sim.providers.account('GCLUB', game?.game_user);
    const answer = (reply: GclubDataReply) => api(reply);
    if (!account) return answer({ status: false, message: 'The member has no GCLUB account' });
    countCall(sim, account, 'gclubData');
    if (sim.providers.inMaintenance('GCLUB')) return answer({ status: false, message: maintenanceMessage('GCLUB') });
    return answer({
      status: true,
      gclubToken: sim.providers.openGclubSession(account),
      accountInfo: accountInfoFor(sim.cipher, account.gameuser),
      gameuser: account.gameuser,
      expires_in: GCLUB_DATA_STORAGE_SECONDS,
    });
  };
}

/** The published form of the call: a GET on the entry's path, the member's token in the Authorization header. */
export const gclubDataGetRoute = (sim: Sim): Route => {
  const { path } = OPERATOR_CALLS.gclubData;
  return { method: 'GET', path, name: path, kind: 'api', handler: gclubDataHandler(sim) };
};
