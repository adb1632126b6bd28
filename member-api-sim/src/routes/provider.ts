import type { Service } from '@member/shared-core';
import type { CallName } from '@member/shared-core/api/calls';
import type { Sim } from '../sim';
import type { ProviderAccount } from '../state/providers';
import { MIN_PASSWORD } from '../wire/fields';

/**
 * What the GCLUB and UFA routes share. None of their fields is encrypted: they are plain JSON. A GCLUB `token`
 * is a GCLUB session token; a member's access token appears only in gclubData, updateGamePassword and switchMain.
 */

export const WRONG_GAME_CREDENTIALS = 'Username or password is incorrect';
export const WRONG_OLD_PASSWORD = 'The current password is incorrect';
export const NEW_PASSWORD_RULE = `The new password must be at least ${MIN_PASSWORD} characters`;
export const UFA_LOGGED_OUT = 'logged out';

export const maintenanceMessage = (service: Service) => `${service} is under maintenance`;

/** Counts a call for the account's game user, when the account is known. */
export function countCall(sim: Sim, account: ProviderAccount | null | undefined, call: CallName): void {
  if (account) sim.providers.count(account.gameuser, call);
}

/** A new provider password must have at least 6 characters (NEW_PASSWORD_RULE). */
export const isValidNewPassword = (password: string | undefined): password is string =>
  password !== undefined && password.length >= MIN_PASSWORD;
