import type { ServerGameUser } from '@member/shared-core';
import { DEMO_PHONE_PLAIN, type Member, type MemberStore } from './members';
import type { ProviderStore } from './providers';
import type { WalletBook } from './wallets';

/** Seeded balances in baht (the README's demo members). */
export const SEED_BALANCE = { GCLUB: 1520.5, UFA: 8250 } as const;

/**
 * The opening balance of a game account: the seed's GCLUB 1520.50 and UFA 8250, except 0899999999's GCLUB account,
 * which starts at 0 (its gclubLogin answers `now_xinyong: 0`, the path where the host follows with gclubCredit), and
 * the generated account of a newly registered member, which starts at 0 too.
 */
export function openingBalance(member: Member, game: ServerGameUser): number {
  if (member.isNew || game.generate) return 0;
  if (member.phone === DEMO_PHONE_PLAIN && game.service === 'GCLUB') return 0;
  return SEED_BALANCE[game.service];
}

/** Opens the provider account (password = the operator's copy) and the wallet of one game account. */
export function openGameAccount(providers: ProviderStore, wallets: WalletBook, member: Member, game: ServerGameUser): void {
  providers.open(game.game_user, game.service, game.game_password);
  wallets.open(game.game_user, openingBalance(member, game));
}

/** Opens every game account of every member (after a reset). */
export function openAllGameAccounts(members: MemberStore, providers: ProviderStore, wallets: WalletBook): void {
  for (const { member, game } of members.gameAccounts()) openGameAccount(providers, wallets, member, game);
}
