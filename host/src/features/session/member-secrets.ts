import { PROVIDER_KEYS, readProviderValue } from '../accounts/provider-storage';
import type { SessionState } from '../../core/base/session-state';
import { readToken } from '../../core/base/session-cookies';

/**
 * What the page knows is the member's own and must never leave it in an error report: the session token, the
 * provider sessions, the phone, names, bank account, LINE id and every game user with its password.
 */
export function memberSecrets(session: SessionState, prefix: string): string[] {
  const info = session.memberInfo;
  return [
    readToken(prefix),
    ...PROVIDER_KEYS.map((key) => readProviderValue(key, prefix)),
    info?.phone,
    info?.account_name,
    info?.account_number,
    session.profile?.name,
    session.profile?.email,
    session.lineID,
    ...session.games.flatMap((game) => [game.game_user, game.game_password]),
  ].filter((value): value is string => typeof value === 'string' && value !== '');
}
