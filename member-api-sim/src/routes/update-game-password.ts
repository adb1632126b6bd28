import type { StatusReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { Fields } from '../wire/fields';
import { requireMember } from './auth';
import { isValidNewPassword, NEW_PASSWORD_RULE } from './provider';

export const NOT_YOUR_GAME_USER = 'This game user does not belong to the member';

/**
 * `updateGamePassword` {gameuser, password, token} (plain; `token` is the member's access token, HTTP 401
 * when bad): stores the operator's copy of a game password after a provider password change, so `games[].game_password`
 * of login and getProfile carries it. The member must own `gameuser` and the password have at least 6 characters, else
 * `{status: false, message}`. The provider's own password is not touched.
 */
export const updateGamePasswordHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const f = new Fields(body);
    const { member } = requireMember(sim, f.plain('token'));
    const answer = (reply: StatusReply) => api(reply);
    const gameuser = f.plain('gameuser');
    const game = member.games.find((g) => g.game_user === gameuser);
    if (!game) return answer({ status: false, code: 'not_your_game_user', message: NOT_YOUR_GAME_USER });
    const password = f.plain('password');
    if (!isValidNewPassword(password)) return answer({ status: false, code: 'password_too_short', message: NEW_PASSWORD_RULE });
    game.game_password = password;
    return answer({ status: true });
  };
