import type { GclubOpenReply } from '@member/shared-core';
import type { CallName } from '@member/shared-core/api/calls';
import { unauthorized } from '../http/reply';
import type { Sim } from '../sim';
import type { TicketGrant } from '../state/launches';
import type { ProviderAccount } from '../state/providers';
import { Fields } from '../wire/fields';
import { countCall, maintenanceMessage } from './provider';

/**
 * What gclubOpenGame and the product open calls share. Order of checks: the GCLUB session (missing or expired → HTTP
 * 401), then maintenance (`{status: false, message}`), then the call's own checks, then the launch link.
 * The link carries a one-time ticket, never the member's or the GCLUB token; a pending `/__sim/launch-url` override
 * replaces it once.
 */

/** The account of the live GCLUB session named by the body's `token` (extended: opening a game is use); 401 otherwise. */
export function openingAccount(sim: Sim, body: Record<string, unknown>, call: CallName): ProviderAccount {
  const account = sim.providers.gclubAccount(new Fields(body).plain('token'), true);
  if (!account) throw unauthorized();
  countCall(sim, account, call);
  return account;
}

/** `{status: false, message}` while GCLUB is under maintenance, else null. */
export const maintenanceRefusal = (sim: Sim): GclubOpenReply | null =>
  sim.providers.inMaintenance('GCLUB') ? { status: false, message: maintenanceMessage('GCLUB') } : null;

/** The success reply: the pending override, or the link `link(ticket)` with a new ticket for `grant`. */
export function launchReply(sim: Sim, grant: TicketGrant, link: (ticket: string) => string): GclubOpenReply {
  const override = sim.launches.takeOverride();
  const urlInfo = override ?? link(sim.launches.issue(grant));
  return { status: true, result: { urlInfo } };
}
