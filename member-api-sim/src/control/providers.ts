import type { ProviderMaintenance } from '@member/shared-core';
import type { SimProviderAccountState, SimProviderState } from '../control-types';
import { json } from '../http/reply';
import type { Route } from '../http/route';
import type { Sim } from '../sim';

const isService = (value: unknown): value is keyof ProviderMaintenance => value === 'GCLUB' || value === 'UFA';

/** The state of every game account: balance, main, provider session, shoots and calls. Never a password or a session secret. */
export function providerState(sim: Sim): SimProviderState {
  const accounts = sim.members.gameAccounts().map(({ member, game }): SimProviderAccountState => {
    const session = sim.providers.sessionState(game.game_user);
    return {
      gameuser: game.game_user,
      service: game.service,
      prefix: member.prefix,
      cid: member.cid,
      main: game.main,
      generate: game.generate,
      balance: sim.wallets.balanceOf(game.game_user),
      session: { alive: session.alive, expiresAt: session.expiresAt === null ? null : new Date(session.expiresAt).toISOString() },
      shoots: sim.providers.shootsOf(game.game_user),
      calls: sim.providers.callsOf(game.game_user),
    };
  });
  return { maintenance: sim.providers.maintenance(), switchMainRefusals: sim.switchMain.refusals, accounts };
}

/**
 * `POST /__sim/maintenance` {provider: 'GCLUB'|'UFA', on, until?}: sets a provider's maintenance flag (every site); with
 * `until` (an ISO date and time) its Maintain call also says when it is planned to end.
 * `POST /__sim/provider-sessions/expire` {gameuser}: ends that game user's GCLUB and UFA sessions now.
 * `GET /__sim/provider-state`: SimProviderState.
 */
export const providerRoutes = (sim: Sim): Route[] => [
  {
    method: 'POST',
    path: '/__sim/maintenance',
    name: '/__sim/maintenance',
    kind: 'control',
    handler: ({ body }) => {
      const { until } = body;
      if (
        !isService(body.provider) ||
        typeof body.on !== 'boolean' ||
        (until !== undefined && (typeof until !== 'string' || Number.isNaN(Date.parse(until))))
      ) {
        return json({ ok: false, error: 'body must be {provider: "GCLUB" | "UFA", on: boolean, until?: ISO date and time}' }, 400);
      }
      sim.providers.setMaintenance(body.provider, body.on, typeof until === 'string' ? new Date(until).toISOString() : undefined);
      return json({ ok: true, maintenance: sim.providers.maintenance() });
    },
  },
  {
    method: 'POST',
    path: '/__sim/provider-sessions/expire',
    name: '/__sim/provider-sessions/expire',
    kind: 'control',
    handler: ({ body }) => {
      if (typeof body.gameuser !== 'string' || body.gameuser === '') return json({ ok: false, error: 'body must be {gameuser}' }, 400);
      if (!sim.members.byGameUser(body.gameuser)) return json({ ok: false, error: `no game user ${body.gameuser}` }, 404);
      const ended = sim.providers.endSessions(body.gameuser);
      return json({ ok: true, gameuser: body.gameuser, ended });
    },
  },
  {
    method: 'GET',
    path: '/__sim/provider-state',
    name: '/__sim/provider-state',
    kind: 'control',
    handler: () => json(providerState(sim)),
  },
];
