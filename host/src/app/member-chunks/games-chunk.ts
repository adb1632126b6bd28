import type { BridgeHooks } from '@member/shared-core';
import { useGameAccounts, useGamePassword } from '../../features/accounts/use-game-accounts';
import { useLobby } from '../../features/lobby/use-lobby';
import { useProducts } from '../../features/lobby/use-products';

/**
 * Game accounts, lobbies and products (every layout's menu shows the products), with the member's
 * effects, which share the game actions. Loaded with the first page behind the login.
 */
export const hooks = { useGameAccounts, useGamePassword, useLobby, useProducts } satisfies Partial<BridgeHooks>;
export { default as MemberEffects } from './member-effects';
