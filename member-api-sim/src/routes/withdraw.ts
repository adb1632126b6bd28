import type { ServerGameUser, WithdrawRefusalCode, WithdrawReply } from '@member/shared-core';
import { api, type Reply } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { MIN_WITHDRAW_BAHT, MIN_WITHDRAW_SATANG, parseAmount } from '../state/ledger';
import type { Member } from '../state/members';
import { Fields, Problems } from '../wire/fields';
import { requireMember } from './auth';
import { idempotent } from './idempotency';
import { countCall, maintenanceMessage } from './provider';
import { NOT_YOUR_GAME_USER } from './update-game-password';

export const AMOUNT_RULE = 'Amount must be a positive number of baht with at most two decimals';
export const WITHDRAW_PENDING = 'A withdrawal of this game user is still pending';
export const BELOW_MINIMUM = `The minimum withdrawal is ${MIN_WITHDRAW_BAHT} baht`;
export const OVER_BALANCE = 'The amount is more than the balance';

type Service = ServerGameUser['service'];

/** Each provider's withdrawal call. */
const WITHDRAW_CALLS = { GCLUB: 'gclubWithdraw', UFA: 'ufaWithdraw' } as const;

const refuse = (code: WithdrawRefusalCode, message: string) => {
  const reply: WithdrawReply = { status: false, code, message };
  return api(reply);
};

/**
 * Validates the request, passes it by the bank (which may hold it, its key claimed meanwhile), then, when everything
 * holds, accepts the withdrawal through the ledger.
 */
async function withdraw(sim: Sim, service: Service, member: Member, body: Record<string, unknown>, key: string | null): Promise<Reply> {
  const problems = new Problems();
  const amount = body.amount;
  const satang = parseAmount(amount);
  if (amount !== undefined && amount !== null && amount !== '' && satang === null) problems.add('amount', AMOUNT_RULE);
  // ok.amount is in satang.
  const ok = problems.done({ gameuser: new Fields(body).plain('gameuser'), amount: satang ?? undefined });

  await sim.operator.bank();
  countCall(sim, sim.providers.account(service, ok.gameuser), WITHDRAW_CALLS[service]);
  const game = member.games.find((g) => g.game_user === ok.gameuser && g.service === service);
  if (!game) return refuse('not_your_game_user', NOT_YOUR_GAME_USER);
  if (sim.providers.inMaintenance(service)) return refuse('maintenance', maintenanceMessage(service));
  if (sim.ledger.pendingWithdrawal(game.game_user)) return refuse('pending', WITHDRAW_PENDING);
  if (ok.amount < MIN_WITHDRAW_SATANG) return refuse('below_minimum', BELOW_MINIMUM);
  if (ok.amount > sim.wallets.satangOf(game.game_user)) return refuse('insufficient_balance', OVER_BALANCE);

  const entry = sim.ledger.withdraw({ prefix: member.prefix, cid: member.cid, gameuser: game.game_user, service }, ok.amount, key);
  const reply: WithdrawReply = { status: true, ref: entry.ref, pending: true };
  return api(reply);
}

/**
 * A provider's withdraw call, `{gameuser, amount, token}` (plain; `token` is the member's access token → 401 when
 * bad), with an optional `Idempotency-Key` header. Missing `gameuser`, or `amount` not a positive number of baht with
 * at most two decimals → 422. Then, in this order, `{status: false, code, message}`: `not_your_game_user` (not the
 * member's game user of this provider), `maintenance`, `pending` (another withdrawal of that game user is pending),
 * `below_minimum` (under 100 baht), `insufficient_balance`. Accepted → `{status: true, ref, pending: true}`: the
 * amount leaves the balance now; after SIM_WITHDRAW_PENDING_MS it completes (or is rejected and refunded) and
 * MemberTrans goes to `private-member.{cid}`. While `/__sim/withdraw/hold` has the bank hold it, the checks and the
 * booking wait, its key in flight (a request sent again with the key gets 409 `in_flight`).
 */
export function withdrawHandler(sim: Sim, service: Service): Handler {
  return (ctx) => {
    const { member } = requireMember(sim, new Fields(ctx.body).plain('token'));
    return idempotent(sim, ctx, `${member.prefix}:${member.cid}`, (key) => withdraw(sim, service, member, ctx.body, key));
  };
}
