import type { createStore } from 'jotai';
import { ApiError } from '../../core/api/api-error';
import { callApi } from '../../core/api/api';
import { withdraw } from './withdraw-call';
import { isApiError } from '../../core/api/api-error';
import { refreshBalanceAtom } from '../accounts/game-actions';
import { serverClock } from '../../core/lib/server-clock';
import { unauthorizedAtom } from '../../core/base/session-end';
import { readToken } from '../../core/base/session-cookies';
import { setWithdrawStatusAtom } from '../accounts/state';
import { createIntentStore } from './withdraw-intents';
import type { WithdrawPorts } from './withdraw-state';

type Store = ReturnType<typeof createStore>;

/** The withdrawal flow on the operator API, for the site `prefix`, wired to the store it runs on. */
export function apiWithdrawPorts(store: Store, prefix: string): WithdrawPorts {
  const token = (call: string) => {
    const value = readToken(prefix);
    if (!value) throw new ApiError('unauthorized', call, 401);
    return value;
  };
  return {
    intents: createIntentStore(prefix),
    async checkPending(gameuser) {
      const reply = await callApi('checkWithdraw', { game_user: gameuser, prefix, token: token('checkWithdraw') });
      // The reply's status is false while one is being processed; `pending` says so outright where it is sent.
      const pending = typeof reply.pending === 'boolean' ? reply.pending : reply.status === false;
      return pending && typeof reply.key === 'string' ? { pending, key: reply.key } : { pending };
    },
    async history(gameuser) {
      try {
        const reply = await callApi('history', { gameuser, token: token('history') });
        return reply.status === true && Array.isArray(reply.history) ? reply.history : null;
      } catch (error) {
        if (isApiError(error) && error.kind === 'unauthorized') throw error;
        return null;
      }
    },
    send: (intent) =>
      withdraw(
        intent.service,
        { gameuser: intent.gameuser, amount: intent.amount, token: token(intent.service === 'GCLUB' ? 'gclubWithdraw' : 'ufaWithdraw') },
        intent.key,
      ),
    newKey: () => crypto.randomUUID(),
    now: () => Date.now(),
    serverOffsetMs: () => serverClock.offset(),
    onUnauthorized: (reason) => store.set(unauthorizedAtom, reason),
    onServerState: (service, pending) => store.set(setWithdrawStatusAtom, service, pending),
    refreshBalance: (service) => void store.set(refreshBalanceAtom, service),
  };
}
