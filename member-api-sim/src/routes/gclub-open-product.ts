import type { GclubProductCall } from '@member/shared-core/games/products';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { productLaunchUrl } from '../views/games';
import { launchReply, maintenanceRefusal, openingAccount } from './gclub-open';

/**
 * The eleven GCLUB product calls, by call name: the product's name in its launch link and its title on the
 * launch page.
 */
export const GCLUB_PRODUCTS: Readonly<Record<GclubProductCall, { name: string; title: string }>> = {
  gclubOpenLiveCasino: { name: 'LiveCasino', title: 'Live Casino' },
  gclubOpenLiveWMCasino: { name: 'LiveWMCasino', title: 'WM Casino' },
  gclubOpenIDNlive: { name: 'IDNlive', title: 'IDN Live' },
  gclubOpenLiveWorldCasino: { name: 'LiveWorldCasino', title: 'World Casino' },
  gclubOpenSport: { name: 'Sport', title: 'Sport' },
  gclubOpenCMD: { name: 'CMD', title: 'CMD368 Sport' },
  gclubOpenCock: { name: 'Cock', title: 'Cock fighting' },
  gclubOpenLottery: { name: 'Lottery', title: 'Lottery' },
  gclubOpenEsportPME: { name: 'EsportPME', title: 'E-sport PME' },
  gclubOpenEsportKS: { name: 'EsportKS', title: 'E-sport KS' },
  gclubOpenCR: { name: 'CR', title: 'CR' },
};

export const GCLUB_PRODUCT_CALLS = Object.keys(GCLUB_PRODUCTS) as GclubProductCall[];

/** The product of a launch link's `{name}`, or undefined. */
export const productByName = (name: string | undefined) => Object.values(GCLUB_PRODUCTS).find((product) => product.name === name);

/**
 * `gclubOpen{Product}` {token} (plain GCLUB session token), one handler per GCLUB_PRODUCTS entry (the eleven calls are
 * alike, so they share this file) → `{status: true, result: {urlInfo}}`, urlInfo =
 * `{SIM_PUBLIC_BASE}/launch/product/{name}?ticket={one-time ticket}`. No live GCLUB session → 401 (sport
 * included); maintenance → `{status: false, message}`.
 */
export const gclubOpenProductHandlers = (sim: Sim): Record<GclubProductCall, Handler> =>
  Object.fromEntries(
    GCLUB_PRODUCT_CALLS.map((call): [GclubProductCall, Handler] => {
      const { name } = GCLUB_PRODUCTS[call];
      return [
        call,
        ({ body }) => {
          const account = openingAccount(sim, body, call);
          const refusal = maintenanceRefusal(sim);
          if (refusal) return api(refusal);
          const grant = { kind: 'product', brand: null, code: null, product: name, gameuser: account.gameuser } as const;
          return api(launchReply(sim, grant, (ticket) => productLaunchUrl(sim.urls.base, name, ticket)));
        },
      ];
    }),
  ) as Record<GclubProductCall, Handler>;
